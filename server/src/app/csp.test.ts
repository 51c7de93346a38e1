import { createTestApp } from '../../test/kit/harness';
import { parseRemoteOverrides } from '../platform/config';
import { originAllowed } from '@wishes/kit-contract/remoteOverride';
import { EARLY_TAP_SOURCE } from './csp';

it('allows scripts only from itself, plus the origin of a remote moved elsewhere', async () => {
  const ctx = await createTestApp('sqlite', {}, { env: { MF_FEED_URL: 'http://127.0.0.1:4567/builds/mf-feed/' } });
  try {
    const csp = (await ctx.request({ method: 'GET', url: '/healthz' })).headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe(`script-src 'self' ${EARLY_TAP_SOURCE} http://127.0.0.1:4567`);
    expect(directive('connect-src')).toBe("connect-src 'self' http://127.0.0.1:4567");
    expect(directive('object-src')).toBe("object-src 'none'");
  } finally {
    await ctx.close();
  }
});

it('with every remote on its own origin, the policy is self only (and the early-tap script, by its hash)', async () => {
  const ctx = await createTestApp('sqlite', {}, { env: {} });
  try {
    const csp = (await ctx.request({ method: 'GET', url: '/healthz' })).headers['content-security-policy'] as string;
    expect(csp).toContain(`script-src 'self' ${EARLY_TAP_SOURCE};`);
  } finally {
    await ctx.close();
  }
});

describe('REMOTE_OVERRIDES (docs/teams.md "Develop inside the real site")', () => {
  const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));

  it('off (the default): the CSP and the manifest are exactly as without the feature', async () => {
    const plain = await createTestApp('sqlite', {}, { env: {} });
    const off = await createTestApp('sqlite', { remoteOverrides: parseRemoteOverrides({ REMOTE_OVERRIDE_ORIGINS: 'http://localhost:*' }) }, { env: {} });
    try {
      expect(parseRemoteOverrides({})).toEqual({ enabled: false, origins: ['http://localhost:*', 'http://127.0.0.1:*'] });
      const csp = (await off.request({ method: 'GET', url: '/' })).headers['content-security-policy'];
      expect(csp).toBe((await plain.request({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp).not.toMatch(/localhost|127\.0\.0\.1|ws:/);
      const manifest = (await off.request({ method: 'GET', url: '/mf/remotes.json' })).json();
      expect(manifest).not.toHaveProperty('remote_overrides');
    } finally {
      await plain.close();
      await off.close();
    }
  });

  it('on: the allowed origins (and their hot-update sockets) join the CSP, and the manifest tells the shell', async () => {
    const ctx = await createTestApp('sqlite', { remoteOverrides: parseRemoteOverrides({ REMOTE_OVERRIDES: 'true' }) }, { env: {} });
    try {
      const page = await ctx.request({ method: 'GET', url: '/feed' });
      const csp = directives(page.headers['content-security-policy'] as string);
      expect(csp['script-src']).toEqual(["'self'", EARLY_TAP_SOURCE, 'http://localhost:*', 'http://127.0.0.1:*']);
      expect(csp['connect-src']).toEqual(["'self'", 'http://localhost:*', 'http://127.0.0.1:*', 'ws://localhost:*', 'ws://127.0.0.1:*']);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:*', 'http://127.0.0.1:*']);
      // A production build's stylesheets are files beside its bundles.
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'http://localhost:*', 'http://127.0.0.1:*']);
      // Nothing else is widened: no eval, no other origin, still never framed.
      expect(csp['script-src']).not.toContain("'unsafe-eval'");
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      const manifest = (await ctx.request({ method: 'GET', url: '/mf/remotes.json' })).json();
      expect(manifest.remote_overrides).toEqual({ origins: ['http://localhost:*', 'http://127.0.0.1:*'] });
    } finally {
      await ctx.close();
    }
  });

  it('on with REMOTE_OVERRIDE_ORIGINS: only the listed origins are allowed; others stay refused', async () => {
    const ctx = await createTestApp(
      'sqlite',
      { remoteOverrides: parseRemoteOverrides({ REMOTE_OVERRIDES: 'true', REMOTE_OVERRIDE_ORIGINS: 'https://dev.example.com:8443' }) },
      { env: {} },
    );
    try {
      const csp = directives((await ctx.request({ method: 'GET', url: '/' })).headers['content-security-policy'] as string);
      expect(csp['script-src']).toEqual(["'self'", EARLY_TAP_SOURCE, 'https://dev.example.com:8443']);
      expect(csp['connect-src']).toEqual(["'self'", 'https://dev.example.com:8443', 'wss://dev.example.com:8443']);
      const { origins } = (await ctx.request({ method: 'GET', url: '/mf/remotes.json' })).json().remote_overrides;
      // The shell's check (shared with the server): the listed origin passes, localhost and look-alikes do not.
      expect(originAllowed('https://dev.example.com:8443', origins)).toBe(true);
      for (const refused of ['http://localhost:3001', 'https://dev.example.com', 'http://dev.example.com:8443', 'https://dev.example.com.evil.test:8443', 'https://evil.test']) {
        expect([refused, originAllowed(refused, origins)]).toEqual([refused, false]);
      }
    } finally {
      await ctx.close();
    }
  });

  it('refuses malformed settings at start', () => {
    expect(() => parseRemoteOverrides({ REMOTE_OVERRIDES: 'maybe' })).toThrow('REMOTE_OVERRIDES must be true or false');
    for (const bad of ['*', 'localhost:3001', 'http://localhost:3001/path', 'ftp://localhost', "http://localhost:* 'unsafe-eval'", 'http://*:*', 'http://localhost:99999']) {
      expect(() => parseRemoteOverrides({ REMOTE_OVERRIDES: 'true', REMOTE_OVERRIDE_ORIGINS: bad })).toThrow('REMOTE_OVERRIDE_ORIGINS must be');
    }
  });
});
