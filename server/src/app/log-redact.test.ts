/** No token in a logged URL: the query form of the stream's token, and any token-like parameter. */
import { buildApp } from './app';
import { redactUrl } from './log-redact';
import { createTestApp, dialects } from '../../test/kit/harness';

describe('redactUrl', () => {
  it('hides token-like query parameters and keeps the rest', () => {
    expect(redactUrl('/api/notifications/stream/?access_token=eyJ.abc.def')).toBe('/api/notifications/stream/?access_token=[redacted]');
    expect(redactUrl('/x/?page=2&token=s3cret&refresh=r&q=cats')).toBe('/x/?page=2&token=[redacted]&refresh=[redacted]&q=cats');
    expect(redactUrl('/x/?API_KEY=1&signature=2&load_id=3&password=4&code=5')).toBe('/x/?API_KEY=[redacted]&signature=[redacted]&load_id=[redacted]&password=[redacted]&code=[redacted]');
    expect(redactUrl('/x/?access%5Ftoken=zzz')).toBe('/x/?access%5Ftoken=[redacted]');
    // A team's preview link (releases/canary.ts) is signed: never in a log either.
    expect(redactUrl('/feed?wishes_preview=mf-feed~1.0.0-abc~k1~c2lnbmF0dXJl&x=1')).toBe('/feed?wishes_preview=[redacted]&x=1');
    expect(redactUrl('/feed/?page=3')).toBe('/feed/?page=3');
    expect(redactUrl('/feed/')).toBe('/feed/');
    expect(redactUrl('/x/?%E0%A4%A=1')).toBe('/x/?%E0%A4%A=1');
  });
});

describe.each(dialects)('request log (%s)', (dialect) => {
  it('never writes the access token of a refused stream request (4xx lines name the URL)', async () => {
    const t = await createTestApp(dialect);
    const lines: string[] = [];
    const app = await buildApp({ ...t.config, logLevel: 'info' }, { mailer: { send: async () => undefined }, logStream: { write: (line) => void lines.push(line) } });
    try {
      const user = await t.createUser();
      const secret = 'not.a-valid.token-ABCDEF123456';
      expect((await app.inject({ url: `/api/notifications/stream/?access_token=${secret}` })).statusCode).toBe(401);
      expect((await app.inject({ url: `/api/notifications/?page=abc&token=${secret}`, headers: { authorization: `Bearer ${user.access}` } })).statusCode).toBe(404);
      const all = lines.join('');
      expect(all).toContain('access_token=[redacted]');
      expect(all).toContain('token=[redacted]');
      expect(all).not.toContain(secret);
      expect(all).not.toContain(user.access);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
