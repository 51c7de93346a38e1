/** Bad input of every kind must be a JSON 4xx, never a 5xx or a stack trace. */
import fc from 'fast-check';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { OPERATION_IDS, OPERATIONS, pathOf, type Operation } from '@wishes/kit-contract/api';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { setupWorld, VALID_BODIES } from '../../test/security/fuzz-core';

const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 3000 }),
  fc.constantFrom(null, true, 0, -1, 1e308, '', ' ', '\u0000', '<script>', "' OR 1=1 --", '"', '{}', '[]', '🎂'.repeat(500)),
);

describe.each(dialects)('bad input (%s)', (dialect) => {
  let t: TestContext;
  let user: TestUser;
  let wishId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await t.createUser();
    wishId = await t.saveWish(user, 'Fuzz target');
  });
  afterAll(async () => t.close());

  const routes = () => [
    { method: 'POST' as const, url: '/api/base/save_wish/', fields: ['text', 'is_public'] },
    { method: 'POST' as const, url: '/api/base/search/', fields: ['query'] },
    { method: 'POST' as const, url: '/api/base/create_user/', fields: ['email', 'password', 'first_name', 'last_name', 'phone'] },
    { method: 'POST' as const, url: '/api/token/', fields: ['username', 'password'] },
    { method: 'POST' as const, url: '/api/token/refresh/', fields: ['refresh'] },
    { method: 'POST' as const, url: '/api/offer/submit/', fields: ['email', 'message'] },
    { method: 'POST' as const, url: '/api/complaints/submit/', fields: ['category', 'wish_id'] },
    { method: 'POST' as const, url: `/api/wish/${wishId}/vote/`, fields: ['vote_type'] },
    { method: 'POST' as const, url: '/api/password/reset/', fields: ['email'] },
    { method: 'POST' as const, url: '/api/password/reset/confirm/', fields: ['uid', 'token', 'new_password'] },
  ];

  it('answers random JSON bodies without a server error', async () => {
    for (const route of routes()) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(jsonValue, fc.dictionary(fc.constantFrom(...route.fields, 'extra'), jsonValue, { maxKeys: 6 })), async (body) => {
          const res = await t.request({ method: route.method, url: route.url, token: user.access, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          expect(res.statusCode).toBeLessThan(500);
          expect(res.headers['content-type']).toMatch(/application\/json/);
        }),
        { numRuns: 25 },
      );
    }
  });

  it('answers raw garbage bodies and odd content types with 4xx JSON', async () => {
    for (const route of routes()) {
      for (const [payload, type] of [
        ['{', 'application/json'],
        ['\u0000\u0001', 'application/json'],
        ['{"__proto__": {"admin": true}}', 'application/json'],
        ['a=b', 'application/x-www-form-urlencoded'],
        ['<xml/>', 'application/xml'],
      ]) {
        const res = await t.request({ method: route.method, url: route.url, token: user.access, payload, headers: { 'content-type': type } });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
    }
  });

  it('answers odd path parameters with 404 JSON', async () => {
    const odd = ['abc', '0', '-5', '1.0', '1e2', '０１', '%00', '9'.repeat(30), '%F0%9F%8E%82', '..%2F..%2Fetc'];
    for (const id of odd) {
      for (const url of [`/api/base/wish/${id}/`, `/api/base/feed/${id}/`, `/api/base/user/${id}/wishes/1/`, `/api/profile/${id}/`, `/api/wish/${id}/voters/`, `/api/profile/${id}/subscriptions/`]) {
        const res = await t.request({ url });
        expect([url, res.statusCode]).toEqual([url, 404]);
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
    }
  });

  // Schema validation decides types before any lookup: `{"wish_id": "abc"}` is a 400, not a 404 for a wish never found.
  it('answers a value of the wrong type in any body field of any operation with 400', async () => {
    const world = await setupWorld(t);
    const candidates: unknown[] = ['abc', 5, 1.5, true, { a: 1 }, [1], null];
    const problems: string[] = [];
    for (const id of OPERATION_IDS) {
      const op: Operation = OPERATIONS[id];
      if (!op.body || op.multipart) continue;
      const properties = (op.body as { properties?: Record<string, TSchema> }).properties ?? {};
      const url = pathOf(id, { id: /\/(user|profile)\//.test(op.path) ? world.other.id : world.publicWishId, page: 1, remote: 'mf-feed', token_id: '0123456789abcdef', token: 'A'.repeat(43), person_id: 1, reply_id: 1, group_id: 1, contribution_id: 1, invite: 'A'.repeat(32) });
      for (const [field, schema] of Object.entries(properties)) {
        for (const wrong of candidates.filter((value) => !Value.Check(schema, value))) {
          const payload = { ...(VALID_BODIES[id]?.(world) ?? {}), [field]: wrong };
          const res = await t.request({ method: op.method, url, payload, token: world.owner.access });
          if (res.statusCode !== 400 || !('error' in res.json())) problems.push(`${id} ${field}=${JSON.stringify(wrong)}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('reports a wish id that is not a whole number as 400, and a missing wish as 404', async () => {
    for (const wish_id of ['abc', '1.5', ' 1', '', 1.5, true]) {
      const res = await t.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category: 'Spam or advertising', wish_id } });
      expect([wish_id, res.statusCode, res.json().fields]).toEqual([wish_id, 400, { wish_id: expect.any(String) }]);
    }
    const missing = await t.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category: 'Spam or advertising', wish_id: '999999' } });
    expect(missing.statusCode).toBe(404);
  });
});
