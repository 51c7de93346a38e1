/**
 * TRUST_PROXY (client address from the right end of X-Forwarded-For) and the headers that depend
 * on how the request arrived (HSTS only over https) or on nothing (one framing policy).
 */
import type { FastifyInstance } from 'fastify';
import { createTestApp, DEFAULT_PASSWORD, type TestContext } from '../../test/kit/harness';
import { ConfigError, parseTrustProxy, type TrustProxy } from '../platform/config';

/** A route that shows what the app believes about the request (added only in this test). */
const echoRoute = (app: FastifyInstance) => {
  app.get('/test/whoami', async (request) => ({ ip: request.ip, protocol: request.protocol }));
};

describe('TRUST_PROXY parsing', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.1', '10.0.0.1'],
    [' 10.0.0.1 , 192.168.0.0/16 ,loopback', '10.0.0.1,192.168.0.0/16,loopback'],
    ['::1, fd00::/8', '::1,fd00::/8'],
  ] as [string, TrustProxy][])('%s → %p', (raw, parsed) => {
    expect(parseTrustProxy(raw)).toEqual(parsed);
  });
  it.each(['maybe', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '99'])('refuses %s', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(ConfigError);
  });
});

describe('client address and protocol behind proxies', () => {
  const contexts: TestContext[] = [];
  const appWith = async (trustProxy: TrustProxy, overrides = {}) => {
    const t = await createTestApp('sqlite', { trustProxy, ...overrides }, { beforeReady: echoRoute });
    contexts.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of contexts) await t.close();
  });
  const whoami = (t: TestContext, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/test/whoami', remoteAddress, headers }).then((r) => r.json() as { ip: string; protocol: string });

  it('false: X-Forwarded-For and X-Forwarded-Proto are ignored', async () => {
    const t = await appWith(false);
    expect(await whoami(t, '198.51.100.7', { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' })).toEqual({ ip: '198.51.100.7', protocol: 'http' });
  });

  it('a hop count takes the address that many hops from the right, never a client-written entry', async () => {
    const one = await appWith(1);
    expect((await whoami(one, '10.0.0.1', { 'x-forwarded-for': 'spoofed, 203.0.113.5' })).ip).toBe('203.0.113.5');
    const two = await appWith(2);
    expect((await whoami(two, '10.0.0.1', { 'x-forwarded-for': 'spoofed, 203.0.113.5, 10.0.0.2' })).ip).toBe('203.0.113.5');
  });

  it('a proxy list trusts X-Forwarded-* only from those proxies', async () => {
    const t = await appWith('10.0.0.0/8, 192.168.1.1');
    expect(await whoami(t, '10.1.2.3', { 'x-forwarded-for': 'spoofed, 203.0.113.5, 192.168.1.1', 'x-forwarded-proto': 'https' })).toEqual({
      ip: '203.0.113.5',
      protocol: 'https',
    });
    // A client connecting directly: its own headers are not believed.
    expect(await whoami(t, '198.51.100.7', { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https' })).toEqual({ ip: '198.51.100.7', protocol: 'http' });
  });

  it('probe: with TRUST_PROXY=true, rotating the X-Forwarded-For a client writes no longer bypasses the sign-up limit', async () => {
    // TRUST_PROXY=true now means one hop. Limit 20 per hour per IP (scale 0.1 → 2).
    const t = await appWith(parseTrustProxy('true'), { rateLimitScale: 0.1 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/base/create_user/',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': `198.18.0.${i}, 203.0.113.9` },
        payload: { email: `rot${i}@example.com`, password: DEFAULT_PASSWORD, first_name: 'Rot', last_name: 'Ator', phone: '1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('HSTS only on https (direct, or a trusted proxy saying so); X-Frame-Options DENY agrees with frame-ancestors none', async () => {
    const t = await appWith('127.0.0.1');
    const plain = await t.app.inject({ url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const untrusted = await appWith(false);
    expect((await untrusted.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();

    for (const res of [plain, viaProxy]) {
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});
