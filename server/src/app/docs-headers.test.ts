/** /api/docs sends the site's framing policy (security v3): frame-ancestors 'none' beside X-Frame-Options DENY, no upgrade-insecure-requests. */
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';
import { siteFramingPolicy } from './docs';

describe.each(dialects)('/api/docs headers (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('agree with the rest of the site on every docs page', async () => {
    const site = await t.request({ url: '/api/base/options/' });
    expect(site.headers['x-frame-options']).toBe('DENY');
    expect(String(site.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html']) {
      const res = await t.request({ url });
      expect([url, res.statusCode < 400]).toEqual([url, true]);
      const csp = String(res.headers['content-security-policy']);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });

  it('siteFramingPolicy rewrites only the framing and upgrade directives', () => {
    expect(siteFramingPolicy("default-src 'self'; frame-ancestors 'self'; script-src 'self' 'sha256-x'; upgrade-insecure-requests;")).toBe(
      "default-src 'self'; frame-ancestors 'none'; script-src 'self' 'sha256-x'",
    );
  });
});
