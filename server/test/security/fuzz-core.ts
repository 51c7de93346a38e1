/**
 * Property-based fuzzing of every route, shared by the jest suite (fixed seed, bounded runs) and
 * `npm run fuzz` (server/scripts/fuzz.ts: more runs, random seed). No jest globals here: a
 * violated invariant throws an Error whose message names the request and what went wrong.
 *
 * A request is a route template from ROUTES (every operation of the table, plus the site's routes; or a random method on it), hostile path parameters,
 * a query string, headers (every kind of token) and a body (wrong types, huge and unicode
 * strings, nested objects, invalid JSON, SQL and script payloads, prototype keys). Invariants:
 * - never a 5xx;
 * - under /api (and for /media, /static errors) a JSON body, with `error` or `detail` on errors;
 * - never a stack trace or a file path in a body;
 * - a request refused with 4xx changes nothing: every table's rows hash the same before and after;
 * - a present but invalid token on an API route is 401 (token views excepted).
 */
import { createHash, createHmac } from 'node:crypto';
import { brotliDecompressSync, unzipSync } from 'node:zlib';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { OPERATION_IDS, OPERATIONS, type OperationId } from '@wishes/kit-contract/api';
import { DEFAULT_PASSWORD, type TestContext, type TestUser } from '../kit/harness';
import { PROBE_PATHS } from '@wishes/kit-contract/api';

export interface FuzzWorld {
  t: TestContext;
  owner: TestUser;
  other: TestUser;
  publicWishId: number;
  privateWishId: number;
  otherWishId: number;
  /** The owner's chat (docs/generator.md, "Generation calls, the compose page, chats and model servers"), kept with the public wish. */
  chatId: number;
  /** Authorization header per token kind (undefined: no header). */
  auth: Record<TokenKind, string | undefined>;
}

export const TOKEN_KINDS = [
  'none',
  'owner',
  'other',
  'ownerLowercaseScheme',
  'refreshAsAccess',
  'expired',
  'forged',
  'algNone',
  'garbage',
  'huge',
  'schemeOnly',
  'twoParts',
  'basic',
  'ghostUser',
] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** Kinds that are present Bearer tokens the server must refuse with 401 token_not_valid. */
export const BAD_TOKEN_KINDS: ReadonlySet<TokenKind> = new Set(['refreshAsAccess', 'expired', 'forged', 'algNone', 'garbage', 'huge', 'schemeOnly', 'twoParts']);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed with some other secret (or none at all for alg "none"). */
export function craftToken(claims: Record<string, unknown>, secret: string | null): string {
  const header = { alg: secret === null ? 'none' : 'HS256', typ: 'JWT' };
  const body = `${b64(header)}.${b64(claims)}`;
  if (secret === null) return `${body}.`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/**
 * A world's owner is an admin (set in the database, as `npm run admin -- role` does), so the admin
 * calls run past the role check; `ownerRole` lets a caller make it a moderator or a plain user.
 */
export async function setupWorld(t: TestContext, ownerRole: 'admin' | 'moderator' | 'user' = 'admin'): Promise<FuzzWorld> {
  const owner = await t.createUser({ first_name: 'Olga', last_name: 'Owner' });
  await t.app.deps.db.updateTable('users').set({ role: ownerRole }).where('id', '=', owner.id).execute();
  const other = await t.createUser({ first_name: 'Otto', last_name: 'Other' });
  const publicWishId = await t.saveWish(owner, 'A public birthday wish for everyone', true);
  const privateWishId = await t.saveWish(owner, 'A private note nobody else may see', false);
  const otherWishId = await t.saveWish(other, 'Happy new home, neighbour!', true);
  const chat = await t.request({ method: 'POST', url: '/api/base/chats/', token: owner.access, payload: { ...generateBody(), text: 'A chat draft nobody else may see' } });
  const chatId: number = chat.json().chat_id;
  await t.app.deps.db.updateTable('chats').set({ wish_id: publicWishId }).where('id', '=', chatId).execute();
  const now = Math.floor(Date.now() / 1000);
  const claims = { token_type: 'access', exp: now + 600, iat: now, jti: 'f'.repeat(32), user_id: owner.id };
  const tokens = t.app.tokens;
  const auth: Record<TokenKind, string | undefined> = {
    none: undefined,
    owner: `Bearer ${owner.access}`,
    other: `Bearer ${other.access}`,
    ownerLowercaseScheme: `bearer ${owner.access}`,
    refreshAsAccess: `Bearer ${owner.refresh}`,
    expired: `Bearer ${tokens.issueAccess(owner.id, Date.now() - 2 * 3600_000)}`,
    forged: `Bearer ${craftToken(claims, 'not-the-server-secret-0123456789abcdef')}`,
    algNone: `Bearer ${craftToken(claims, null)}`,
    garbage: 'Bearer not.a.jwt',
    huge: `Bearer ${'a'.repeat(9000)}`,
    schemeOnly: 'Bearer',
    twoParts: `Bearer ${owner.access} extra`,
    basic: 'Basic dXNlcjpwYXNzd29yZA==',
    // Validly signed, but for an account that does not exist (a wiped database, a deleted user).
    ghostUser: `Bearer ${tokens.issueAccess(2_000_000_000)}`,
  };
  return { t, owner, other, publicWishId, privateWishId, otherWishId, chatId, auth };
}

// ---------------------------------------------------------------- routes

export interface RouteTemplate {
  method: string;
  /** `:wish`, `:user`, `:page` and `:any` are replaced by generated path parameters. */
  path: string;
  /** The operation of the table (@wishes/kit-contract/api) this route is, when it is one. */
  operationId?: OperationId;
  /** Body fields the route reads (for near-valid bodies). */
  valid?: (w: FuzzWorld) => Record<string, unknown>;
  /** Answers JSON on every status (the API); other routes only on errors under /media and /static. */
  api: boolean;
}

const generateBody = () => ({ style: 'Funny', audience: 'Friend', name: 'Sam', topic: 'Birthday', details: 'likes cake' });

/**
 * A valid body per operation that takes one. The social layer's password-checked calls carry a
 * wrong password, so a run never deletes the world's users or ends their sessions by changing a
 * password; "sign out everywhere" may end the owner's or other's sessions mid-run (their tokens
 * then answer 401, which the invariants accept).
 */
export const VALID_BODIES: { [Id in OperationId]?: (w: FuzzWorld) => Record<string, unknown> } = {
  generateText: () => ({ ...generateBody(), length: 'short', variants: 2 }),
  streamGeneratedText: generateBody,
  improveText: () => ({ text: 'Happy birthday, Sam!', instruction: 'shorter' }),
  createChat: () => ({ ...generateBody(), length: 'short', text: 'Happy birthday, Sam!' }),
  postChatMessage: () => ({ message: 'mention the cake', text: 'Happy birthday, Sam!' }),
  saveWish: () => ({ text: 'A wish', is_public: true }),
  updateWish: () => ({ text: 'An edited wish', is_public: true }),
  search: () => ({ query: 'birthday' }),
  searchPage: () => ({ query: 'birthday' }),
  createUser: () => ({ email: 'fuzz.new@example.com', password: 'Quiet-Meadow-73', first_name: 'Fuzz', last_name: 'New', phone: '+1 555 0101' }),
  obtainToken: (w) => ({ username: w.owner.email, password: DEFAULT_PASSWORD }),
  refreshToken: (w) => ({ refresh: w.owner.refresh }),
  submitOffer: () => ({ email: 'biz@example.com', message: 'An offer' }),
  submitComplaint: (w) => ({ category: 'Spam or advertising', wish_id: w.publicWishId }),
  voteOnWish: () => ({ vote_type: 'upvote' }),
  requestPasswordReset: (w) => ({ email: w.owner.email }),
  confirmPasswordReset: () => ({ uid: 'MQ', token: 'abc-def', new_password: 'Another-Pass-99' }),
  activateRelease: () => ({ release: 'dist', percent: 10, force: true }),
  createRemoteToken: () => ({ name: 'fuzz-team', scopes: ['publish'], expires_days: 1, email: 'fuzz-team@example.com' }),
  previewRelease: () => ({ release: 'dist' }),
  confirmPreview: () => ({ token: `mf-feed~1.0.0-000000000000~zzzzzzz~${'A'.repeat(43)}` }),
  reportClientError: () => ({ load_id: 'not-a-load-id', remote: 'mf-feed', release: 'dist', kind: 'load', message: 'fuzz' }),
  reportClientLoad: () => ({ load_id: 'not-a-load-id', remote: 'mf-feed', release: 'dist' }),
  moderateWish: () => ({ action: 'hide', reason: 'Fuzz' }),
  moderateUser: () => ({ action: 'ban', reason: 'Fuzz' }),
  markNotificationsRead: () => ({ ids: [1] }),
  updateAccount: () => ({ first_name: 'Olga', phone: '+1 555 0100' }),
  changePassword: () => ({ current_password: 'not-the-password', new_password: 'Another-Pass-99' }),
  deleteAccount: () => ({ password: 'not-the-password' }),
  sendWish: () => ({ recipient_email: 'fuzz-friend@example.com', send_at: new Date(Date.now() + 3600_000).toISOString(), note: 'fuzz' }),
  verifyEmail: () => ({ token: '1.2.not-a-signature' }),
  moveDelivery: () => ({ send_at: new Date(Date.now() + 7200_000).toISOString(), note: 'moved' }),
  createPerson: () => ({ name: 'Fuzz Friend', email: 'fuzz-person@example.com', time_zone: 'Europe/Berlin', occasions: [{ topic: 'Birthday', month: 2, day: 29 }] }),
  updatePerson: () => ({ audience: 'friend', remind_days_before: 3 }),
  replyReceivedWish: () => ({ text: 'Thank you!' }),
  createWishReply: () => ({ text: 'A reply' }),
  moderateReply: () => ({ action: 'hide', reason: 'Fuzz' }),
  createGroup: () => ({ recipient_name: 'Fuzz Friend', topic: 'Birthday', recipient_email: 'fuzz-group@example.com', deliver_at: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16), time_zone: 'Europe/Berlin', approval: 'open' }),
  updateGroup: () => ({ note: 'From all of us', approval: 'approve' }),
  inviteToGroup: () => ({ emails: ['fuzz-invitee@example.com'] }),
  contributeToGroup: () => ({ signer_name: 'Fuzz Signer', text: 'Happy birthday!', signer_email: 'fuzz-signer@example.com' }),
  updateGroupContribution: () => ({ text: 'Happy birthday, again!' }),
  suggestGroupMessage: () => ({ details: 'likes cake', style: 'Funny' }),
  confirmGroupEmail: () => ({ token: 'A'.repeat(32) }),
};

/**
 * The operation's path with the fuzz placeholders: a wish id after `/wish/`, a member's id after
 * `/user/` or `/profile/`, `:page` for pages and `:any` for anything else.
 */
export function templatePathOf(path: string): string {
  return path.replace(/(\w+)\/\{(\w+)\}/g, (_, before: string, name: string) => {
    if (name === 'page') return `${before}/:page`;
    // A chat's id is drawn like a wish's (paramArb also draws the world's chat id).
    if (name === 'id' && (before === 'wish' || before === 'chats')) return `${before}/:wish`;
    if (name === 'id' && (before === 'user' || before === 'profile')) return `${before}/:user`;
    return `${before}/:any`;
  });
}

/**
 * Every operation is fuzzed: the suite's app ends an event stream after a short idle timeout
 * (fuzz.test.ts), so inject finishes the unread stream too.
 */
const NOT_FUZZED: ReadonlySet<OperationId> = new Set([]);

/** Every operation of the table, then the routes outside it (the site, media, health). */
export const ROUTES: RouteTemplate[] = [
  ...OPERATION_IDS.filter((id) => !NOT_FUZZED.has(id)).map((id) => ({
    method: OPERATIONS[id].method,
    path: templatePathOf(OPERATIONS[id].path),
    operationId: id,
    api: true,
    ...(VALID_BODIES[id] ? { valid: VALID_BODIES[id] } : {}),
  })),
  // Remote releases (docs/teams.md): the owner is an admin in the fuzz world (setupWorld); a real remote too.
  { method: 'POST', path: '/api/admin/remotes/mf-feed/activate/', api: true, valid: () => ({ release: 'dist' }) },
  { method: 'POST', path: '/api/admin/remotes/mf-feed/rollback/', api: true },
  { method: 'GET', path: '/api/:any/', api: true },
  { method: 'GET', path: '/media/:any', api: false },
  { method: 'GET', path: '/media/avatars/:any', api: false },
  { method: 'GET', path: '/static/:any', api: false },
  { method: 'GET', path: '/static/markdown/:any', api: false },
  { method: 'GET', path: '/mf/remotes.json', api: false },
  { method: 'GET', path: '/mf/:any/:any', api: false },
  { method: 'GET', path: '/mf/releases/:any/:any/:any', api: false },
  { method: 'GET', path: '/feed', api: false },
  { method: 'GET', path: '/user/:user', api: false },
  { method: 'GET', path: '/wish/:wish', api: false },
  { method: 'GET', path: '/w/:any', api: false },
  { method: 'GET', path: '/g/:any', api: false },
  { method: 'POST', path: '/api/groups/unsubscribe/:any/', api: true },
  { method: 'GET', path: '/api/base/deliveries/received/:any/unsubscribe/', api: false },
  { method: 'GET', path: '/:any', api: false },
  { method: 'GET', path: PROBE_PATHS.live, api: false },
  { method: 'GET', path: PROBE_PATHS.ready, api: false },
  { method: 'GET', path: PROBE_PATHS.metrics, api: false },
];

/** Token views ignore the Authorization header (simplejwt's TokenObtainPair/Refresh views). */
const TOKEN_VIEW = /^\/api\/token(\/refresh)?\/?$/;

// ---------------------------------------------------------------- arbitraries

export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  '1 OR 1=1',
  '1; DROP TABLE users; --',
  "'); DELETE FROM wishes; --",
  '" OR ""="',
  'admin\'--',
  '1 UNION SELECT password_hash FROM users',
  '<script>alert(1)</script>',
  '</script><script>alert(document.cookie)</script>',
  '<!--<script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u2028\u2029',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  '2147483648',
  '99999999999999999999999',
  ' 1',
  '１２',
  '٣',
  '😀🎉👨‍👩‍👧‍👦',
  '\u202egnp.exe',
  'ﬃ ǅ İ ß',
  '\ud800',
  'e\u0301\u0301\u0301',
  '__proto__',
  'constructor',
  'prototype',
  'birthday*',
  'NEAR(a b)',
  '"unterminated',
  'a:b OR c',
  '(((',
  '!&|:*',
  '\\',
];

/** Strings around every length limit of the contract (100, 200, 1000, 2000, 5000, 64 KiB body). */
const LIMIT_LENGTHS = [99, 100, 101, 199, 200, 201, 254, 255, 999, 1000, 1001, 1999, 2000, 2001, 4096, 4097, 4999, 5000, 5001, 40000];

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...LIMIT_LENGTHS), fc.constantFrom('x', 'é', '😀', ' ', '<')).map(([n, c]) => c.repeat(n)) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', 'Spam or advertising', 'upvote', 'downvote') },
  );

/** A nested object/array `depth` levels deep. */
const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 5, arbitrary: hostileString() },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, -0) },
    { weight: 1, arbitrary: fc.double({ noNaN: true }) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 200 }).map((d) => nested(d, 'deep')) },
  );

export interface BodyChoice {
  kind: 'none' | 'json' | 'raw';
  /** The exact bytes sent. */
  payload?: string;
  contentType?: string;
}

const INVALID_JSON = [
  '{',
  '{"text": }',
  "{'text': 'single quotes'}",
  '{"text": "a",}',
  '[1, 2',
  'NaN',
  'undefined',
  '\u0000',
  '{"text": "\\ud800"}',
  '{"a":1}{"b":2}',
  '{"__proto__": {"isAdmin": true}, "text": "proto"}',
  '{"constructor": {"prototype": {"isAdmin": true}}, "query": "x"}',
  '{"text": "dup", "text": 5}',
  '{"query":"a"}' + ' '.repeat(70_000),
  '[' + '['.repeat(20_000) + ']'.repeat(20_000) + ']',
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
  '{"__proto__":'.repeat(2_000) + '{}' + '}'.repeat(2_000),
  '"just a string"',
  '12345',
  'true',
  'null',
  '',
  '   ',
  '\uFEFF{"query":"bom"}',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  'image/png',
  '',
  ';;;',
];

export function bodyArb(route: RouteTemplate, world: FuzzWorld): fc.Arbitrary<BodyChoice> {
  const fieldNames = Object.keys(route.valid?.(world) ?? {});
  const keyArb = fc.oneof(fc.constantFrom(...fieldNames, 'text', 'query', 'email', 'vote_type', 'is_public', 'wish_id', 'id', 'user_id'), fc.string({ maxLength: 12 }));
  const jsonTypes = fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) });
  const json = (arb: fc.Arbitrary<unknown>) =>
    fc.tuple(arb, jsonTypes).map(([value, contentType]): BodyChoice => ({ kind: 'json', payload: JSON.stringify(value) ?? 'null', contentType }));
  const nearValid = route.valid
    ? fc
        .tuple(fc.constantFrom(...Object.keys(route.valid(world))), hostileValue(), fc.boolean())
        .map(([field, value, drop]) => {
          const body: Record<string, unknown> = { ...route.valid!(world) };
          if (drop) delete body[field];
          else body[field] = value;
          return body;
        })
    : fc.constant({});
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<BodyChoice>({ kind: 'none' }) },
    { weight: 4, arbitrary: json(nearValid) },
    { weight: 2, arbitrary: json(fc.dictionary(keyArb, hostileValue(), { maxKeys: 6 })) },
    { weight: 1, arbitrary: json(fc.jsonValue({ maxDepth: 4 })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom(...INVALID_JSON), fc.string({ unit: 'grapheme', maxLength: 60 })), fc.constantFrom(...CONTENT_TYPES))
        .map(([payload, contentType]): BodyChoice => ({ kind: 'raw', payload, contentType })),
    },
  );
}

export interface ParamChoice {
  text: string;
  /** Cannot move the request to another route (no "/", "..", empty segment): the route surely matched. */
  safe: boolean;
}

const RAW_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2e%2f%2e%2e',
  '..%2f..%2f..%2fpackage.json',
  '..%5c..%5cpackage.json',
  '%252e%252e%252f',
  '%c0%ae%c0%ae',
  '%00',
  '%',
  '%zz',
  '%ff%fe',
  'a%2Fb',
  '....//....//',
  '.env',
  '.git',
  'package.json',
  '..;',
  'index.html',
  'terms.md',
  'privacy_policy.md',
  '~root',
];

/** encodeURIComponent that does not throw on lone surrogates (they become U+FFFD). */
export const encodeSegment = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

export function paramArb(world: FuzzWorld): fc.Arbitrary<ParamChoice> {
  const ids = [world.publicWishId, world.privateWishId, world.otherWishId, world.chatId, world.owner.id, world.other.id].map(String);
  const safeText = (text: string) => /^[A-Za-z0-9_%-]+$/.test(text) && !/%2f|%5c|%2e/i.test(text);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids).map((text) => ({ text, safe: true })) },
    { weight: 2, arbitrary: fc.integer({ min: -1000, max: 2 ** 31 + 10 }).map((n) => ({ text: String(n), safe: true })) },
    { weight: 1, arbitrary: fc.constantFrom('0', '00', '007', '1e3', '0x10', '9'.repeat(400), '2147483647', '2147483648', '-0', '+1').map((text) => ({ text, safe: true })) },
    { weight: 2, arbitrary: hostileString().map(encodeSegment).map((text) => ({ text, safe: text !== '' && safeText(text) })) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((text) => ({ text, safe: false })) },
  );
}

const queryArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom('vote_type', 'vote_type[]', 'page', 'q', '__proto__[x]', 'constructor[prototype][x]', 'a[b][c][d][e][f]', ''),
          fc.oneof(fc.constantFrom('upvote', 'downvote', '', '%', '%zz', '&&', '=='), hostileString().map(encodeSegment)),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((pairs) => '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  },
  { weight: 1, arbitrary: fc.constantFrom('?', '??', '?&', '?vote_type=upvote&vote_type=downvote', '?' + 'a=1&'.repeat(2000), '?%') },
);

const headerValue = fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'gzip, br', 'identity', '*', 'bogus'),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp', 'garbage'),
    'if-none-match': fc.oneof(headerValue, fc.constant('*')),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', '127.0.0.1, 10.0.0.1', 'garbage', '::1'),
    range: fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=999999999-', 'bytes=5-1', 'lines=1-2'),
    origin: fc.constantFrom('https://evil.example', 'null'),
    cookie: headerValue,
  },
  { requiredKeys: [] },
);

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

export interface FuzzRequest {
  route: RouteTemplate;
  method: string;
  url: string;
  /** Every path parameter was "safe", so the route certainly matched. */
  matched: boolean;
  token: TokenKind;
  body: BodyChoice;
  headers: Record<string, string>;
}

export function requestArb(world: FuzzWorld, routes: RouteTemplate[] = ROUTES): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) => {
    const slots = route.path.match(/:(wish|user|page|any)/g) ?? [];
    return fc
      .record({
        method: fc.oneof({ weight: 6, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
        params: fc.tuple(...slots.map(() => paramArb(world))),
        trailingSlash: fc.constantFrom('keep', 'keep', 'keep', 'toggle'),
        query: queryArb,
        token: fc.constantFrom(...TOKEN_KINDS.filter((k) => k !== 'ghostUser')),
        body: bodyArb(route, world),
        headers: extraHeadersArb,
      })
      .map(({ method, params, trailingSlash, query, token, body, headers }) => {
        let i = 0;
        let path = route.path.replace(/:(wish|user|page|any)/g, () => (params as ParamChoice[])[i++].text);
        if (trailingSlash === 'toggle') path = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
        const matched = method === route.method && (params as ParamChoice[]).every((p) => p.safe);
        return { route, method, url: path + query, matched, token, body, headers };
      });
  });
}

// ---------------------------------------------------------------- invariants

/**
 * Every table, every row, hashed: equal digests mean nothing was written. Not refresh_tokens: a
 * reused (already rotated) refresh token is refused with 401 and revokes its family on purpose.
 */
export async function databaseDigest(t: TestContext): Promise<string> {
  const hash = createHash('sha256');
  for (const table of ['users', 'wishes', 'votes', 'subscriptions', 'complaints', 'offers', 'password_resets', 'generation_events', 'chats', 'chat_messages', 'chat_versions']) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(t.app.deps.db);
    hash.update(table).update(JSON.stringify(rows.rows));
  }
  return hash.digest('hex');
}

export function describeRequest(r: FuzzRequest): string {
  const body = r.body.payload === undefined ? '(none)' : r.body.payload.length > 300 ? `${r.body.payload.slice(0, 300)}… (${r.body.payload.length} chars)` : r.body.payload;
  return `${r.method} ${r.url.length > 300 ? r.url.slice(0, 300) + '…' : r.url} token=${r.token} content-type=${JSON.stringify(r.body.contentType)} body=${body} headers=${JSON.stringify(r.headers)}`;
}

function decodedBody(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  if (!encoding || encoding === 'identity') return res.body;
  const raw = res.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  return unzipSync(raw).toString('utf8');
}

function pathnameOf(url: string): string {
  try {
    return new URL(url, 'http://fuzz.local').pathname;
  } catch {
    return url.split('?')[0];
  }
}

const STACK_TRACE = /\bat [^\n]*\((?:\/|node:)[^)]*:\d+:\d+\)|node_modules\/|\/src\/[a-z/]+\.ts\b/;

/** Problems with one response; empty when every invariant holds. */
export function checkResponse(req: FuzzRequest, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`status ${status} (a 5xx)`);
  const pathname = pathnameOf(req.url);
  const apiPath = /^\/api\//.test(pathname) && !/^\/api\/docs(\/|$)/.test(pathname);
  const mediaOrStatic = /^\/(media|static)(\/|$)/.test(pathname);
  // The streamed generation and the unread count answer an event stream once started; every event's data is JSON.
  const eventStream =
    status === 200 && /^text\/event-stream\b/.test(String(res.headers['content-type'] ?? '')) && /\/(generate_text|notifications)\/stream\/?$/.test(pathname);
  // A link-preview card is the one API answer that is an image (when it is found).
  const pngCard = status === 200 && /^\/api\/base\/(wish\/[^/]+\/)?card\.png\/?$/.test(pathname) && /^image\/png$/.test(String(res.headers['content-type'] ?? ''));
  const mustBeJson = req.method !== 'HEAD' && status !== 204 && status !== 304 && !eventStream && !pngCard && (apiPath || (mediaOrStatic && status >= 400));
  let text = '';
  try {
    text = decodedBody(res);
  } catch (error) {
    problems.push(`body cannot be decoded: ${(error as Error).message}`);
  }
  if (mustBeJson) {
    const type = String(res.headers['content-type'] ?? '');
    if (!/^application\/json\b/.test(type)) problems.push(`content-type ${JSON.stringify(type)} is not JSON`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push(`body is not JSON: ${text.slice(0, 120)}`);
    }
    if (status >= 400 && parsed !== undefined) {
      const body = parsed as { error?: unknown; detail?: unknown };
      if (typeof body !== 'object' || body === null || typeof (body.error ?? body.detail) !== 'string') problems.push(`error body without "error"/"detail": ${text.slice(0, 200)}`);
    }
  }
  if (eventStream) {
    for (const line of text.split('\n').filter((l) => l.startsWith('data: '))) {
      try {
        JSON.parse(line.slice(6));
      } catch {
        problems.push(`event data is not JSON: ${line.slice(0, 120)}`);
      }
    }
  }
  if (STACK_TRACE.test(text)) problems.push(`body leaks a stack trace or path: ${text.slice(0, 200)}`);
  // Fastify answers a malformed URL (bad %-escape) from its router, before any hook: helmet's headers
  // are missing there. A JSON body served as JSON is not sniffed into HTML, so this is tolerated.
  // Same for a path parameter over 100 characters (414). Neither reached a route, so no 401 either.
  const badUrl = (status === 400 || status === 414) && /FST_ERR_(BAD_URL|MAX_PARAM_LENGTH)/.test(text);
  if (String(res.headers['x-content-type-options'] ?? '') !== 'nosniff' && status !== 304 && !badUrl) problems.push('no X-Content-Type-Options: nosniff');
  if (req.matched && !badUrl && BAD_TOKEN_KINDS.has(req.token) && req.route.api && !TOKEN_VIEW.test(pathname) && /^\/api\/(base|wish|profile|offer|complaints|password|notifications|account)\//.test(req.route.path)) {
    if (status !== 401) problems.push(`a ${req.token} token got ${status}, expected 401`);
  }
  return problems;
}

export async function sendFuzzRequest(t: TestContext, world: FuzzWorld, req: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...req.headers };
  const authorization = world.auth[req.token];
  if (authorization !== undefined) headers.authorization = authorization;
  const options: InjectOptions = { method: req.method as InjectOptions['method'], url: req.url, headers };
  if (req.body.kind !== 'none' && req.method !== 'GET' && req.method !== 'HEAD') {
    options.payload = req.body.payload;
    if (req.body.contentType !== undefined) headers['content-type'] = req.body.contentType;
  }
  return t.app.inject(options);
}

/**
 * One property run: send the request, check the response, and for a refused request (4xx) check
 * that the database did not change.
 */
export async function fuzzOnce(world: FuzzWorld, req: FuzzRequest): Promise<void> {
  const { t } = world;
  const before = await databaseDigest(t);
  let res: LightMyRequestResponse;
  try {
    res = await sendFuzzRequest(t, world, req);
  } catch (error) {
    throw new Error(`request threw ${(error as Error).message}\n  ${describeRequest(req)}`);
  }
  const problems = checkResponse(req, res);
  if (res.statusCode >= 400) {
    const after = await databaseDigest(t);
    if (after !== before) problems.push(`refused with ${res.statusCode} but the database changed`);
  }
  if (problems.length) {
    throw new Error(`${problems.join('; ')}\n  request: ${describeRequest(req)}\n  response: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
}

export interface FuzzRunOptions {
  seed: number;
  numRuns: number;
  routes?: RouteTemplate[];
  /** fast-check's time limit for the whole run, ms. */
  interruptAfterTimeLimit?: number;
}

/** Runs the property; resolves to fast-check's report (`failed` with a counterexample on a violation). */
export function runFuzz(world: FuzzWorld, options: FuzzRunOptions) {
  return fc.check(
    fc.asyncProperty(requestArb(world, options.routes), (req) => fuzzOnce(world, req)),
    { seed: options.seed, numRuns: options.numRuns, interruptAfterTimeLimit: options.interruptAfterTimeLimit, endOnFailure: true },
  );
}
