import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';
import { loadOptions } from '../options/load';
import { countComplaints } from './queries';

describe.each(dialects)('complaints and offers (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  let reporter: TestUser;
  let category: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.createUser();
    reporter = await t.createUser();
    category = loadOptions(t.config.optionsPath, t.config.siteName).options.report_topic_config[0];
  });
  afterAll(async () => t.close());

  const report = (payload: unknown, token?: string, remoteAddress?: string) =>
    t.request({ method: 'POST', url: '/api/complaints/submit/', payload: payload as object, token, remoteAddress });

  it('files once per user and answers 200 with the same body on a repeat', async () => {
    const id = await t.saveWish(author, 'Report me');
    const first = await report({ category, wish_id: id }, reporter.access);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Complaint received' });
    const again = await report({ category, wish_id: id }, reporter.access);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Complaint received' });
    expect(await countComplaints(t.app.deps.db, id)).toBe(1);
  });

  it('lets visitors report, keyed by IP', async () => {
    const id = await t.saveWish(author, 'Visitors report me');
    expect((await report({ category, wish_id: id }, undefined, '10.9.0.1')).statusCode).toBe(201);
    expect((await report({ category, wish_id: id }, undefined, '10.9.0.1')).statusCode).toBe(200);
    expect((await report({ category, wish_id: id }, undefined, '10.9.0.2')).statusCode).toBe(201);
    expect(await countComplaints(t.app.deps.db, id)).toBe(2);
  });

  it('refuses unknown categories, unknown wishes and bad input', async () => {
    const id = await t.saveWish(author, 'Check me');
    expectJsonClientError(await report({ category: 'Not a category', wish_id: id }, reporter.access), 400);
    expectJsonClientError(await report({ category: 'x'.repeat(5000), wish_id: id }), 400);
    expectJsonClientError(await report({ category }), 400);
    expectJsonClientError(await report({ category: 5, wish_id: id }), 400);
    for (const wishId of [987654, 0, -1, 'abc', '12abc', 1.5]) {
      const res = await report({ category, wish_id: wishId }, reporter.access);
      expect(res.statusCode === 404 || res.statusCode === 400).toBe(true);
      expectJsonClientError(res);
    }
    expect(expectJsonClientError(await report({ category, wish_id: 987654 }), 404).error).toBe('Wish not found');
  });

  it('rate-limits visitor reports per IP', async () => {
    const limited = await createTestApp(dialect, { rateLimitScale: 0.1 });
    try {
      const u = await limited.createUser();
      const id = await limited.saveWish(u, 'Spam target');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category, wish_id: id }, remoteAddress: '10.8.0.1' })).statusCode);
      expect(statuses.slice(0, 3)).toEqual([201, 200, 200]);
      expect(statuses[3]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  describe('offers', () => {
    const offer = (payload: unknown, token?: string) => t.request({ method: 'POST', url: '/api/offer/submit/', payload: payload as object, token });

    it('accepts a valid offer from a signed-in user', async () => {
      const res = await offer({ email: 'biz@company.com', message: 'Let us work together' }, reporter.access);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Offer received successfully' });
      const rows = await t.app.deps.db.selectFrom('offers').selectAll().where('user_id', '=', reporter.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('requires sign-in', async () => {
      expect((await offer({ email: 'biz@company.com', message: 'hi' })).statusCode).toBe(401);
    });

    it.each(['no-at-sign.com', 'two@@company.com', '@company.com', 'me@nodot', 'me@company.c', 'me@company..com', 'me @company.com'])('refuses the email %p with the spec message', async (email) => {
      const body = expectJsonClientError(await offer({ email, message: 'hello' }, reporter.access), 400);
      expect(body.error).toBe('Please enter a valid email address');
    });

    it('refuses an empty or too long message and wrong types', async () => {
      expectJsonClientError(await offer({ email: 'biz@company.com', message: '' }, reporter.access), 400);
      expectJsonClientError(await offer({ email: 'biz@company.com', message: '   ' }, reporter.access), 400);
      expectJsonClientError(await offer({ email: 'biz@company.com', message: 'x'.repeat(5001) }, reporter.access), 400);
      expectJsonClientError(await offer({ email: 'biz@company.com', message: { a: 1 } }, reporter.access), 400);
      expect((await offer({ email: 'biz@company.com', message: 'x'.repeat(5000) }, reporter.access)).statusCode).toBe(201);
    });
  });
});
