/**
 * The validation run: a sweep of every operation of the table — its success path and its error
 * paths (no token, a bad token, too low a role, an unknown id, wrong types, malformed JSON, a body
 * that is not JSON or too large, a conflict) — with every answer checked against the OpenAPI
 * document generated from the table (what a response-validating proxy such as Prism does, in
 * process): the status must be documented for that operation, the media type must match, and a
 * JSON body must validate against the schema documented for that status. 0 violations expected.
 *
 * On SQLite only: the shapes do not depend on the database (the API suites run on both).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { siteRemote } from '../kit/site-remotes';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import sharp from 'sharp';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildOpenApi, OPERATION_IDS, OPERATIONS, pathOf, type Operation, type OperationId } from '@wishes/kit-contract/api';
import { createTestApp, type TestContext, type TestUser } from '../kit/harness';
import { setupWorld, VALID_BODIES, type FuzzWorld } from './fuzz-core';
import { makeFakeSite, withSiteRoot } from './site';
import { verificationToken } from '../../src/account/verify';
import { newPreviewToken } from '../../src/releases/canary';

jest.setTimeout(120_000);

type Json = Record<string, any>;
const doc = buildOpenApi() as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('binary', true);

/** The response object documented for (operation, status), with component references resolved. */
function documented(id: OperationId, status: number): Json | undefined {
  const op: Operation = OPERATIONS[id];
  let response = doc.paths[op.path]?.[op.method.toLowerCase()]?.responses?.[String(status)] as Json | undefined;
  if (response?.$ref) response = doc.components.responses[String(response.$ref).split('/').pop()!];
  return response;
}

const validators = new Map<string, ValidateFunction>();
function validatorFor(key: string, schema: Json): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    const resolved = schema.$ref ? doc.components.schemas[String(schema.$ref).split('/').pop()!] : schema;
    validate = ajv.compile(resolved);
    validators.set(key, validate);
  }
  return validate;
}

/** Problems of one answer against the document (empty when it conforms). */
function violationsOf(id: OperationId, res: LightMyRequestResponse): string[] {
  const response = documented(id, res.statusCode);
  if (!response) return [`status ${res.statusCode} is not documented (${res.body.slice(0, 160)})`];
  const content = response.content as Record<string, { schema: Json }> | undefined;
  if (!content) return res.statusCode === 304 || res.body === '' ? [] : [`status ${res.statusCode} documents no body, got ${res.body.slice(0, 80)}`];
  const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
  const media = content[type];
  if (!media) return [`content-type ${type || '(none)'} is not documented for ${res.statusCode} (documented: ${Object.keys(content).join(', ')})`];
  if (type !== 'application/json') return [];
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return ['body is not JSON'];
  }
  const validate = validatorFor(`${id} ${res.statusCode}`, media.schema);
  if (validate(body)) return [];
  return [`body does not match the ${res.statusCode} schema: ${ajv.errorsText(validate.errors)} — ${res.body.slice(0, 200)}`];
}

/** A tiny real PNG for the avatar upload, as a multipart body. */
/** A gzip'd tar of a minimal build of mf-feed (every module it declares, no shared singletons), for publishRelease. */
async function releaseArchive(marker = 'page'): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const feed = siteRemote('mf-feed');
  const manifest = {
    name: feed.name,
    metaData: { name: feed.name, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [],
    exposes: Object.keys(feed.exposes).map((e) => ({ name: e, path: `./${e}`, assets: { js: { sync: ['page.js'], async: [] }, css: { sync: [], async: [] } } })),
  };
  const pack = tar.pack();
  pack.entry({ name: 'remoteEntry.js' }, 'var mf_feed;');
  pack.entry({ name: 'page.js' }, marker);
  pack.entry({ name: 'mf-manifest.json' }, JSON.stringify(manifest));
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return { payload: gzipSync(Buffer.concat(chunks)), headers: { 'content-type': 'application/gzip' } };
}

async function avatarUpload(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#3a7' } }).png().toBuffer();
  const boundary = '----conformance';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart body with one file in the `file` field (the people import). */
function fileUpload(name: string, text: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----conformance';
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A body whose every field has the wrong type (an object where a string, number or boolean goes). */
function wrongTypes(op: Operation): Record<string, unknown> {
  const properties = (op.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Object.fromEntries(Object.keys(properties).map((k) => [k, { nested: [1] }]));
}

describe('every answer of every operation conforms to the generated OpenAPI (sqlite)', () => {
  let site: string;
  let releasesDir: string;
  let t: TestContext;
  let w: FuzzWorld;
  const violations: string[] = [];
  const seen = new Map<OperationId, Set<number>>();

  async function call(id: OperationId, label: string, options: InjectOptions & { token?: string | null; params?: Record<string, string | number> }) {
    const { token, params, ...inject } = options;
    const op: Operation = OPERATIONS[id];
    const headers: Record<string, string> = { ...(inject.headers as Record<string, string> | undefined) };
    if (token) headers.authorization = token;
    const res = await t.app.inject({ method: op.method, url: options.url ?? pathOf(id, params ?? defaultParams(id)), ...inject, headers });
    (seen.get(id) ?? seen.set(id, new Set()).get(id)!).add(res.statusCode);
    for (const v of violationsOf(id, res)) violations.push(`${op.method} ${op.path} (${id}, ${label}) → ${res.statusCode}: ${v}`);
    return res;
  }

  const bearer = (user: TestUser) => `Bearer ${user.access}`;
  function defaultParams(id: OperationId): Record<string, string | number> {
    const path = OPERATIONS[id].path;
    return { id: /\/(user|profile)\/\{id\}/.test(path) ? w.other.id : w.publicWishId, page: 1, remote: 'mf-feed', token_id: '0123456789abcdef', token: deliveryToken, person_id: personId, reply_id: 1, group_id: group.id, invite: group.invite, contribution_id: group.contribution };
  }
  const unknownParams = { id: 999_999_999, page: 999_999_999, remote: 'no-such-remote', token_id: 'ffffffffffffffff', token: 'A'.repeat(43), person_id: 999_999_999, reply_id: 999_999_999, group_id: 999_999_999, invite: 'A'.repeat(32), contribution_id: 999_999_999 };
  /** The owner's group (group calls): its invite and a guest's message with its edit token. */
  const group = { id: 0, invite: '', contribution: 0, editToken: '' };
  const newGroup = async () => {
    const res = await t.app.inject({ method: 'POST', url: pathOf('createGroup'), headers: { authorization: bearer(w.owner) }, payload: { recipient_name: 'Conformance Recipient', topic: 'Birthday', recipient_email: 'conformance-group@example.com' } });
    return { id: res.json().group.group_id as number, invite: (res.json().group.invite_url as string).split('/g/')[1]! };
  };
  const signGroup = async (invite: string, payload: Record<string, unknown> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: pathOf('contributeToGroup', { invite }), payload: { signer_name: 'Conformance Guest', text: 'Happy birthday!', ...payload } });
    return { id: res.json().contribution_id as number, editToken: res.json().edit_token as string };
  };
  /** The owner's person (people calls). */
  let personId = 0;
  /** A delivery of the public wish, mailed (its link) and one scheduled (to cancel). */
  let deliveryToken = '';
  let scheduledDelivery = 0;

  beforeAll(async () => {
    site = makeFakeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-conf-rel-'));
    t = await withSiteRoot(site, () => createTestApp('sqlite', { searchTimeoutMs: 30_000, releasesDir }));
    w = await setupWorld(t);
    const sendPublic = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: pathOf('sendWish', { id: w.publicWishId }), headers: { authorization: bearer(w.owner) }, payload });
      return res.json().delivery_id as number;
    };
    const sent = await sendPublic({ recipient_email: 'conformance@example.com' });
    deliveryToken = (await t.app.deps.db.selectFrom('deliveries').select('token').where('id', '=', sent).executeTakeFirstOrThrow()).token;
    scheduledDelivery = await sendPublic({ recipient_email: 'conformance-later@example.com', send_at: new Date(Date.now() + 3600_000).toISOString() });
    const person = await t.app.inject({ method: 'POST', url: pathOf('createPerson'), headers: { authorization: bearer(w.owner) }, payload: { name: 'Conformance Person', occasions: [{ topic: 'Birthday', month: 6, day: 1 }] } });
    personId = person.json().person.person_id;
    Object.assign(group, await newGroup());
    const signed = await signGroup(group.invite);
    group.contribution = signed.id;
    group.editToken = signed.editToken;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  it('serves the generated document at /api/docs/json', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('error paths: no token, bad token, role, unknown ids, wrong types, malformed JSON, wrong media type, too large', async () => {
    for (const id of OPERATION_IDS) {
      const op: Operation = OPERATIONS[id];
      const signedIn = op.auth !== 'visitor' && op.auth !== 'optional';
      const valid = VALID_BODIES[id]?.(w);
      const json = valid ? { payload: valid } : {};
      if (signedIn) await call(id, 'no token', { ...json });
      if (!op.tokenView) await call(id, 'bad token', { token: 'Bearer not.a.jwt', ...json });
      if (op.auth === 'moderator' || op.auth === 'admin') await call(id, 'plain member', { token: bearer(w.other), ...json });
      if (id === 'streamUnreadCount') continue; // a signed-in stream never ends; its refusals are above
      if (op.params) await call(id, 'unknown id', { token: bearer(w.owner), params: unknownParams, ...json });
      if (op.method !== 'GET') {
        // Only where there are fields: a call without a body would just succeed (and delete, sign out…).
        if (op.body && !op.multipart) await call(id, 'wrong types', { token: bearer(w.owner), payload: wrongTypes(op) });
        await call(id, 'malformed JSON', { token: bearer(w.owner), payload: '{"a":', headers: { 'content-type': 'application/json' } });
        await call(id, 'text/plain body', { token: bearer(w.owner), payload: 'hello', headers: { 'content-type': 'text/plain' } });
        await call(id, 'body too large', { token: bearer(w.owner), payload: JSON.stringify({ text: 'x'.repeat(70_000) }), headers: { 'content-type': 'application/json' } });
      }
      if (op.query) {
        const bad = Object.keys((op.query as { properties?: object }).properties ?? {}).map((k) => `${k}=${k === 'status' ? 'bogus' : 'not-a-number'}`);
        await call(id, 'bad query', { token: bearer(w.owner), url: `${pathOf(id, defaultParams(id))}?${bad.join('&')}` });
      }
    }
    // Errors of a particular call.
    await call('createUser', 'email taken', { payload: { ...VALID_BODIES.createUser!(w), email: w.owner.email } });
    await call('updateWish', "someone else's wish", { token: bearer(w.other), payload: { text: 'Mine now' } });
    await call('deleteWish', "someone else's wish", { token: bearer(w.other) });
    await call('subscribe', 'yourself', { token: bearer(w.other) });
    await call('obtainToken', 'wrong password', { payload: { username: w.owner.email, password: 'not-the-password' } });
    await call('refreshToken', 'invalid refresh token', { payload: { refresh: 'not-a-token' } });
    await call('submitComplaint', 'wish id of the wrong type', { payload: { category: 'Spam or advertising', wish_id: 'abc' } });
    await call('submitComplaint', "someone else's private wish", { token: bearer(w.other), payload: { category: 'Spam or advertising', wish_id: w.privateWishId } });
    await call('getWish', "someone else's private wish", { token: bearer(w.other), params: { id: w.privateWishId } });
    expect(violations).toEqual([]);
    expect(seen.get('submitComplaint')).toContain(400);
  });

  it('success paths: every operation answers as documented', async () => {
    const throwaway = await t.createUser({ first_name: 'Thea', last_name: 'Throwaway' });
    const doomedWish = await t.saveWish(w.owner, 'A wish about to be deleted', true);
    const owner = bearer(w.owner);
    const special: { [Id in OperationId]?: () => Promise<unknown> } = {
      createUser: () => call('createUser', 'sign up', { payload: VALID_BODIES.createUser!(w) }),
      deleteWish: () => call('deleteWish', 'own wish', { token: owner, params: { id: doomedWish } }),
      moderateWish: () => call('moderateWish', 'hide', { token: owner, params: { id: w.otherWishId }, payload: { action: 'hide', reason: 'Conformance' } }),
      moderateUser: () => call('moderateUser', 'ban', { token: owner, params: { id: throwaway.id }, payload: { action: 'ban', reason: 'Conformance' } }),
      subscribe: () => call('subscribe', 'follow', { token: owner, params: { id: w.other.id } }),
      signOutEverywhere: async () => {
        const leaving = await t.createUser({ first_name: 'Sid', last_name: 'Signout' });
        return call('signOutEverywhere', 'sign out', { token: bearer(leaving) });
      },
      deleteAccount: async () => {
        const leaving = await t.createUser({ first_name: 'Del', last_name: 'Eted' });
        return call('deleteAccount', 'delete', { token: bearer(leaving), payload: { password: leaving.password } });
      },
      // A chat's own id (the world's chat is kept with the public wish, which getWishChat reads).
      getChat: () => call('getChat', 'own chat', { token: owner, params: { id: w.chatId } }),
      postChatMessage: () => call('postChatMessage', 'instruction', { token: owner, params: { id: w.chatId }, payload: VALID_BODIES.postChatMessage!(w) }),
      uploadAvatar: async () => call('uploadAvatar', 'png', { token: owner, ...(await avatarUpload()) }),
      moveDelivery: async () => {
        const later = await call('sendWish', 'to move', { token: owner, params: { id: w.publicWishId }, payload: { recipient_email: 'conformance-move@example.com', send_at: new Date(Date.now() + 3600_000).toISOString() } });
        await call('moveDelivery', 'move', { token: owner, params: { id: later.json().delivery_id }, payload: { send_at_local: `${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}T09:00`, time_zone: 'UTC' } });
        await call('moveDelivery', 'move', { token: owner, params: { id: later.json().delivery_id }, payload: { note: 'Moved' } });
        await call('moveDelivery', 'cancelled one', { token: owner, params: { id: scheduledDelivery }, payload: { note: 'Too late' } });
      },
      importPeople: async () => {
        await call('importPeople', 'csv', { token: owner, ...fileUpload('people.csv', 'name,email,birthday\nLena,lena@example.com,1990-03-14\nNobody,,2023-02-31\n') });
        await call('importPeople', 'not a people file', { token: owner, ...fileUpload('x.txt', 'hello') });
      },
      deletePerson: async () => {
        const doomed = await call('createPerson', 'to remove', { token: owner, payload: { name: 'Doomed', occasions: [] } });
        await call('deletePerson', 'remove', { token: owner, params: { person_id: doomed.json().person.person_id } });
      },
      publishRelease: async () => {
        const archive = await releaseArchive();
        await call('publishRelease', 'new build', { token: owner, ...archive });
        await call('publishRelease', 'same build again', { token: owner, ...archive });
      },
      promoteRelease: async () => {
        // A canary of the release published above (publishRelease runs before in the table's order),
        // beside an active release for everyone else (a canary never falls back onto dist/).
        const stable = await call('publishRelease', 'for everyone', { token: owner, ...(await releaseArchive('stable')) });
        await call('activateRelease', 'for everyone', { token: owner, params: { remote: 'mf-feed' }, payload: { release: stable.json().release } });
        const published = await call('publishRelease', 'for a canary', { token: owner, ...(await releaseArchive()) });
        await call('activateRelease', 'canary', { token: owner, params: { remote: 'mf-feed' }, payload: { release: published.json().release, percent: 10 } });
        await call('promoteRelease', 'promote', { token: owner });
        await call('previewRelease', 'preview', { token: owner, params: { remote: 'mf-feed' }, payload: { release: published.json().release } });
      },
      previewRelease: async () => undefined, // with promoteRelease (it needs a published release)
      confirmPreview: async () => {
        await call('confirmPreview', 'confirm', { payload: { token: newPreviewToken(t.config.jwtSecret, 'mf-feed', '1.0.0-000000000000').token } });
        await call('confirmPreview', 'forged link', { payload: { token: `mf-feed~1.0.0-000000000000~zzzzzzz~${'A'.repeat(43)}` } });
        await call('confirmPreview', "another site's page", { payload: { token: newPreviewToken(t.config.jwtSecret, 'mf-feed', '1.0.0-000000000000').token }, headers: { 'sec-fetch-site': 'cross-site' } });
      },
      reportClientError: async () => {
        const manifest = await t.app.inject({ url: '/mf/remotes.json' });
        await call('reportClientError', 'report', { payload: { load_id: manifest.json().load_id, remote: 'mf-feed', release: 'dist', kind: 'render', message: 'Conformance' } });
        await call('reportClientError', 'forged load id', { payload: { load_id: 'forged', remote: 'mf-feed', release: 'dist', kind: 'render', message: 'Conformance' } });
      },
      reportClientLoad: async () => {
        const manifest = await t.app.inject({ url: '/mf/remotes.json' });
        await call('reportClientLoad', 'mounted', { payload: { load_id: manifest.json().load_id, remote: 'mf-feed', release: 'dist' } });
        await call('reportClientLoad', 'forged load id', { payload: { load_id: 'forged', remote: 'mf-feed', release: 'dist' } });
      },
      revokeRemoteToken: async () => {
        const created = await call('createRemoteToken', 'token to revoke', { token: owner, payload: { name: 'conformance' } });
        await call('revokeRemoteToken', 'revoke', { token: owner, params: { remote: 'mf-feed', token_id: created.json().token_id } });
      },
      streamUnreadCount: async () => undefined, // never ends under inject (notifications.test.ts reads it over a socket)
      getOptions: async () => {
        const first = await call('getOptions', 'read', {});
        await call('getOptions', 'not modified', { headers: { 'if-none-match': String(first.headers.etag) } });
      },
      deleteReceivedReply: async () => {
        // A reply the calls above sent through the link (they may have used its five an hour).
        const sent = await t.app.deps.db.selectFrom('delivery_replies').innerJoin('deliveries', 'deliveries.id', 'delivery_replies.delivery_id').select('delivery_replies.id').where('deliveries.token', '=', deliveryToken).where('delivery_replies.deleted_at', 'is', null).executeTakeFirstOrThrow();
        await call('deleteReceivedReply', 'take back', { params: { token: deliveryToken, reply_id: sent.id } });
      },
      deleteWishReply: async () => {
        const sent = await call('createWishReply', 'reply to remove', { token: owner, params: { id: w.publicWishId }, payload: { text: 'To remove' } });
        await call('deleteWishReply', 'remove', { token: owner, params: { id: w.publicWishId, reply_id: sent.json().reply.reply_id } });
      },
      moderateReply: async () => {
        const sent = await call('createWishReply', 'reply to hide', { token: owner, params: { id: w.publicWishId }, payload: { text: 'To hide' } });
        await call('submitComplaint', 'report a reply', { token: bearer(w.other), payload: { category: 'Spam or advertising', reply_id: sent.json().reply.reply_id } });
        await call('getReportQueue', 'with a reply', { token: owner });
        await call('moderateReply', 'hide', { token: owner, params: { id: sent.json().reply.reply_id }, payload: { action: 'hide', reason: 'Conformance' } });
      },
      deleteGroup: async () => call('deleteGroup', 'cancel', { token: owner, params: { group_id: (await newGroup()).id } }),
      rotateGroupInvite: async () => {
        const res = await call('rotateGroupInvite', 'rotate', { token: owner });
        group.invite = (res.json().group.invite_url as string).split('/g/')[1]!;
      },
      removeGroupContribution: async () => call('removeGroupContribution', 'remove', { token: owner, params: { group_id: group.id, contribution_id: (await signGroup(group.invite)).id } }),
      sendGroup: async () => {
        const empty = await newGroup();
        await call('sendGroup', 'no messages', { token: owner, params: { group_id: empty.id } });
        await signGroup(empty.invite);
        await call('sendGroup', 'send', { token: owner, params: { group_id: empty.id } });
        await call('getGroupInvite', 'delivered', { params: { invite: empty.invite } });
        await call('contributeToGroup', 'delivered', { params: { invite: empty.invite }, payload: VALID_BODIES.contributeToGroup!(w) });
      },
      updateGroupContribution: async () => {
        await call('updateGroupContribution', 'edit token', { headers: { 'x-edit-token': group.editToken }, payload: { text: 'Changed' } });
        await call('updateGroupContribution', 'no edit token', { payload: { text: 'Changed' } });
      },
      deleteGroupContribution: async () => {
        const doomed = await signGroup(group.invite);
        await call('deleteGroupContribution', 'edit token', { params: { invite: group.invite, contribution_id: doomed.id }, headers: { 'x-edit-token': doomed.editToken } });
      },
      confirmGroupEmail: async () => {
        await signGroup(group.invite, { signer_email: 'conformance-signer@example.com' });
        const mail = t.mails.find((m) => m.to === 'conformance-signer@example.com')!;
        await call('confirmGroupEmail', 'mailed link', { payload: { token: /token=([A-Za-z0-9_-]{32})/.exec(mail.text!)![1] } });
        await call('confirmGroupEmail', 'unknown link', { payload: { token: 'A'.repeat(32) } });
      },
      cancelDelivery: () => call('cancelDelivery', 'scheduled', { token: owner, params: { id: scheduledDelivery } }),
      verifyEmail: () => call('verifyEmail', 'mailed link', { payload: { token: verificationToken(t.config.jwtSecret, w.owner.id, w.owner.email) } }),
      getWishCard: async () => {
        const first = await call('getWishCard', 'card', {});
        await call('getWishCard', 'not modified', { headers: { 'if-none-match': String(first.headers.etag) } });
      },
    };
    for (const id of OPERATION_IDS) {
      if (special[id]) await special[id]!();
      else {
        const valid = VALID_BODIES[id]?.(w);
        await call(id, 'success', { token: owner, ...(valid ? { payload: valid } : {}) });
      }
    }
    expect(violations).toEqual([]);
    // Each operation but the stream reached an answer with a documented success status.
    const unsucceeded = OPERATION_IDS.filter((id) => id !== 'streamUnreadCount' && ![...(seen.get(id) ?? [])].some((s) => s < 400));
    // These answer an expected 4xx on the valid bodies the fuzz uses: a wrong current password, a made-up
    // reset link, and a fake site with no earlier release to roll back to (409). (activateRelease succeeds
    // with the canary of a published release, in promoteRelease's special.)
    expect(unsucceeded.sort()).toEqual(['changePassword', 'confirmPasswordReset', 'rollbackRelease'].sort());
    const pairs = [...seen.values()].reduce((n, s) => n + s.size, 0);
    console.log(`conformance: ${OPERATION_IDS.length} operations, ${pairs} (operation, status) pairs checked against the OpenAPI, 0 violations`);
  });
});

describe('rate-limited operations answer a documented 429 (sqlite)', () => {
  let t: TestContext;
  let w: FuzzWorld;
  beforeAll(async () => {
    // Every limit becomes 1 request per window (and one generation per hour), so the second call is over it.
    t = await createTestApp('sqlite', { rateLimitScale: 0.0001, generationLimitPerHour: 1, searchTimeoutMs: 30_000 });
    const member = await t.createUser({ first_name: 'Rita', last_name: 'Ratelimit' });
    const wishId = await t.saveWish(member, 'A wish to report', true);
    w = { t, owner: member, other: member, publicWishId: wishId, privateWishId: wishId, otherWishId: wishId, chatId: 0, auth: {} as FuzzWorld['auth'] };
  });
  afterAll(async () => t?.close());

  it('every operation marked `limited` in the table reaches 429, whose answer conforms', async () => {
    const violations: string[] = [];
    const missed: OperationId[] = [];
    let address = 0;
    for (const id of OPERATION_IDS.filter((op) => (OPERATIONS[op] as Operation).limited)) {
      const op: Operation = OPERATIONS[id];
      const valid = VALID_BODIES[id]?.(w);
      // Limits are per address: each operation gets its own, untouched by the set-up's sign-up and sign-in.
      const remoteAddress = `10.0.0.${++address}`;
      let got429 = false;
      for (let attempt = 0; attempt < 3 && !got429; attempt++) {
        const res = await t.app.inject({
          method: op.method,
          url: pathOf(id, { id: w.publicWishId, page: 1, group_id: 1, invite: 'A'.repeat(32), contribution_id: 1 }),
          remoteAddress,
          headers: op.tokenView ? {} : { authorization: `Bearer ${w.owner.access}` },
          ...(valid ? { payload: valid } : {}),
        });
        for (const v of violationsOf(id, res)) violations.push(`${id} → ${res.statusCode}: ${v}`);
        got429 = res.statusCode === 429;
      }
      if (!got429) missed.push(id);
    }
    expect(violations).toEqual([]);
    expect(missed).toEqual([]);
  });
});
