import { createTestApp } from '../../test/kit/harness';

it('allows scripts only from itself, plus the origin of a remote moved elsewhere', async () => {
  const ctx = await createTestApp('sqlite', {}, { env: { MF_FEED_URL: 'http://127.0.0.1:4567/builds/mf-feed/' } });
  try {
    const csp = (await ctx.request({ method: 'GET', url: '/healthz' })).headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' http://127.0.0.1:4567");
    expect(directive('connect-src')).toBe("connect-src 'self' http://127.0.0.1:4567");
    expect(directive('object-src')).toBe("object-src 'none'");
  } finally {
    await ctx.close();
  }
});

it('with every remote on its own origin, the policy is self only', async () => {
  const ctx = await createTestApp('sqlite', {}, { env: {} });
  try {
    const csp = (await ctx.request({ method: 'GET', url: '/healthz' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
  } finally {
    await ctx.close();
  }
});
