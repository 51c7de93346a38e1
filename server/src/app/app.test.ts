import { createTestApp, dialects, expectJsonClientError, type TestContext } from '../../test/kit/harness';

describe.each(dialects)('app basics (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { siteName: 'Test Site' });
  });
  afterAll(async () => t.close());

  it('answers health and readiness probes', async () => {
    expect((await t.request({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.request({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('serves options with SITE_NAME override and an ETag', async () => {
    const res = await t.request({ url: '/api/base/options' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.site_name).toBe('Test Site');
    expect(Array.isArray(body.report_topic_config)).toBe(true);
    expect(Array.isArray(body.greeting_config_params.topics)).toBe(true);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.request({ url: '/api/base/options/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('accepts paths with and without the trailing slash', async () => {
    expect((await t.request({ url: '/api/base/feed/1' })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/base/feed/1/' })).statusCode).toBe(200);
  });

  it('answers unknown API paths with JSON 404', async () => {
    const body = expectJsonClientError(await t.request({ url: '/api/does/not/exist/' }), 404);
    expect(body.error).toBeTruthy();
    expectJsonClientError(await t.request({ method: 'POST', url: '/api/nothing', payload: {} }), 404);
  });

  it('rejects malformed JSON, wrong media type and huge bodies with JSON 4xx', async () => {
    const bad = await t.request({ method: 'POST', url: '/api/token/', headers: { 'content-type': 'application/json' }, payload: '{"username": "a@b.co", ' });
    expectJsonClientError(bad, 400);
    const wrongType = await t.request({ method: 'POST', url: '/api/token/', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expectJsonClientError(wrongType, 415);
    const huge = await t.request({ method: 'POST', url: '/api/token/', payload: { username: 'x'.repeat(200_000), password: 'y' } });
    expectJsonClientError(huge, 413);
  });

  it('sets security headers and no x-powered-by', async () => {
    const res = await t.request({ url: '/api/base/options' });
    expect(res.headers['x-powered-by']).toBeUndefined();
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('rejects an invalid bearer token even on public routes', async () => {
    const res = await t.request({ url: '/api/base/feed/1/', token: 'not.a.token' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Given token not valid for any token type', code: 'token_not_valid' });
  });

  it('publishes OpenAPI docs', async () => {
    const res = await t.request({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/base/feed/{page}/', '/api/wish/{id}/vote/']));
    expect((await t.request({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
