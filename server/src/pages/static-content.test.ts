import { createTestApp, type TestContext } from '../../test/kit/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp('sqlite');
});
afterAll(async () => {
  await ctx.close();
});

it.each(['terms', 'privacy_policy'])('serves %s.md as markdown', async (name) => {
  const response = await ctx.request({ method: 'GET', url: `/static/markdown/${name}.md` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toMatch(/^# /m);
});

it('serves every category image named in the options file', async () => {
  const options = (await ctx.request({ method: 'GET', url: '/api/base/options' })).json();
  for (const topic of options.greeting_config_params.topics) {
    const response = await ctx.request({ method: 'GET', url: topic.image_url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
  }
});

it.each(['/static/markdown/nope.md', '/static/../package.json', '/static/%2e%2e/package.json', '/static/', '/static/markdown/'])(
  '%s is a JSON 404, never a listing or a file outside the folder',
  async (url) => {
    const response = await ctx.request({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('error');
  },
);
