/**
 * Authorization matrix: every route × {visitor, owner, other user, bad token, expired token,
 * refresh token used as access}, with the owner's private wish in every place a wish can appear.
 *
 * Reading a row: `expect` gives the status for the three honest personas; the three bad-token
 * personas get 401 token_not_valid on every route except the token views (which ignore the
 * Authorization header, as simplejwt's do, and so answer like a visitor). `privateWish` says who
 * may see the private wish in that response: 'owner' (only its author) or 'nobody'.
 */
import { rmSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { OPERATION_IDS, OPERATIONS, pathOf, type OperationId } from '@wishes/kit-contract/api';
import { createTestApp, dialects, DEFAULT_PASSWORD, TEST_CONFIG, type TestContext, type TestUser } from '../kit/harness';
import { newPreviewToken } from '../../src/releases/canary';
import { makeFakeSite, withSiteRoot } from './site';
import { runAdminCommand } from '../../src/moderation/admin-cli';

const PERSONAS = ['visitor', 'owner', 'other', 'badToken', 'expired', 'refreshAsAccess'] as const;
type Persona = (typeof PERSONAS)[number];
const BAD: ReadonlySet<Persona> = new Set(['badToken', 'expired', 'refreshAsAccess']);

interface World {
  owner: TestUser;
  other: TestUser;
  /** The owner's public and private wishes; the private one carries a unique search word. */
  pub: number;
  priv: number;
  secretWord: string;
  /** The owner's wish the owner deletes in the DELETE row (others try the public one). */
  deletable: number;
  /** The owner's public wish hidden by a moderator. */
  hidden: number;
  /** The owner's chat (no wish), one the owner saves with a new wish, and a public wish with its chat. */
  chat: number;
  chatToSave: number;
  chatWish: number;
  /** Links of the private wish the owner sent (one to read, one to unsubscribe, one "not me"), and a scheduled delivery. */
  sentToken: string;
  unsubToken: string;
  notMeToken: string;
  scheduled: number;
  /** The owner's people: one to read and change, one the owner removes. */
  person: number;
  doomedPerson: number;
  /** The owner's group: collecting, its invite, a message by `other` to edit and one to take back, one the owner approves and one the owner removes; a second (empty) group to rotate, send and cancel. */
  group: number;
  invite: string;
  byOther: number;
  byOtherDoomed: number;
  toApprove: number;
  toRemove: number;
  emptyGroup: number;
  doomedGroup: number;
}

type Status = number | number[];
interface Row {
  name: string;
  req: (w: World, persona: Persona) => Pick<InjectOptions, 'method' | 'url' | 'payload'>;
  expect: { visitor: Status; owner: Status; other: Status };
  /** Token views ignore the Authorization header entirely. */
  tokenView?: boolean;
  /** Who may see the private wish in this response. */
  privateWish?: 'owner' | 'nobody';
  /** Extra per-persona assertion on a successful response; returns a problem or null. */
  check?: (body: any, persona: Persona, w: World) => string | null;
  /** The response is HTML with embedded page data (server/src/pages). */
  html?: boolean;
}

/** The operations the rows call (every operation of the table must be one of them). */
const CALLED = new Set<OperationId>();
/** An operation's method and URL from the table, with its path parameters (and a query string). */
function op(id: OperationId, params: Record<string, string | number> = {}, query = '') {
  CALLED.add(id);
  return { method: OPERATIONS[id].method, url: pathOf(id, params) + query };
}

/** A local date-time `days` ahead at 09:00 (no offset), as the send form gives it. */
const localIn = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T09:00`;

/** A validly signed preview link (of a release that does not exist: it pins nothing anybody sees). */
const PREVIEW_LINK = newPreviewToken(TEST_CONFIG.jwtSecret!, 'mf-feed', '1.0.0-000000000000').token;

const GEN = { style: 'Funny', audience: 'Friend', name: 'Sam', topic: 'Birthday', details: 'cake' };
let signupCounter = 0;

const ROWS: Row[] = [
  // --- the private wish in every place a wish can appear
  { name: 'GET wish detail (private)', req: (w) => op('getWish', { id: w.priv }), expect: { visitor: 404, owner: 200, other: 404 }, privateWish: 'owner' },
  { name: 'GET wish detail (public)', req: (w) => op('getWish', { id: w.pub }), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'POST vote (private)', req: (w) => ({ ...op('voteOnWish', { id: w.priv }), payload: { vote_type: 'upvote' } }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'DELETE vote (private)', req: (w) => op('removeVote', { id: w.priv }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'GET voters (private)', req: (w) => op('listVoters', { id: w.priv }), expect: { visitor: 404, owner: 200, other: 404 } },
  { name: 'GET voters?vote_type=upvote (private)', req: (w) => op('listVoters', { id: w.priv }, '?vote_type=upvote'), expect: { visitor: 404, owner: 200, other: 404 } },
  // A page after a cursor (any well-formed cursor: it names no wish) follows the same rule.
  { name: 'GET voters?limit=1&cursor= (private)', req: (w) => op('listVoters', { id: w.priv }, `?limit=1&cursor=${Buffer.from('2099-01-01T00:00:00.000Z|2147483647').toString('base64url')}`), expect: { visitor: 404, owner: 200, other: 404 } },
  {
    name: 'POST report (private)',
    req: (w) => ({ ...op('submitComplaint'), payload: { category: 'Spam or advertising', wish_id: w.priv } }),
    expect: { visitor: 404, owner: [200, 201], other: 404 },
  },
  {
    name: 'POST report (private, id as string)',
    req: (w) => ({ ...op('submitComplaint'), payload: { category: 'Spam or advertising', wish_id: String(w.priv) } }),
    expect: { visitor: 404, owner: [200, 201], other: 404 },
  },
  { name: 'GET feed page 1 (home)', req: () => op('getFeedPage', { page: 1 }), expect: { visitor: 200, owner: 200, other: 200 }, privateWish: 'nobody' },
  { name: 'GET feed (no page)', req: () => op('getFeed'), expect: { visitor: 200, owner: 200, other: 200 }, privateWish: 'nobody' },
  {
    name: 'POST search (the private wish\'s own word)',
    req: (w) => ({ ...op('search'), payload: { query: w.secretWord } }),
    expect: { visitor: 200, owner: 200, other: 200 },
    privateWish: 'nobody',
    check: (body) => (body.total_results === 0 ? null : `total_results ${body.total_results} counts the private wish`),
  },
  {
    name: 'POST search page 1 (the author\'s name)',
    req: () => ({ ...op('searchPage', { page: 1 }), payload: { query: 'Olga' } }),
    expect: { visitor: 200, owner: 200, other: 200 },
    privateWish: 'nobody',
    check: (body) => (body.total_results === 2 ? null : `total_results ${body.total_results}, expected only the two listed wishes (pub, deletable)`),
  },
  {
    name: "GET the owner's wishes",
    req: (w) => op('getUserWishes', { id: w.owner.id }),
    expect: { visitor: 200, owner: 200, other: 200 },
    privateWish: 'owner',
  },
  {
    name: "GET the owner's wishes page 1",
    req: (w) => op('getUserWishesPage', { id: w.owner.id, page: 1 }),
    expect: { visitor: 200, owner: 200, other: 200 },
    privateWish: 'owner',
  },
  {
    name: "GET the owner's profile (posts count)",
    req: (w) => op('getProfile', { id: w.owner.id }),
    expect: { visitor: 200, owner: 200, other: 200 },
    check: (body, persona) => {
      // Listed: pub, deletable; the owner also counts priv and hidden.
      const expected = persona === 'owner' ? 4 : 2;
      if (body.posts !== expected) return `posts ${body.posts}, expected ${expected}`;
      if (body.is_self !== (persona === 'owner')) return `is_self ${body.is_self}`;
      return null;
    },
  },
  { name: 'page /feed (embedded data)', req: () => ({ method: 'GET', url: '/feed' }), expect: { visitor: 200, owner: 200, other: 200 }, privateWish: 'nobody', html: true },
  {
    name: 'page /user/:owner (embedded data)',
    req: (w) => ({ method: 'GET', url: `/user/${w.owner.id}` }),
    expect: { visitor: 200, owner: 200, other: 200 },
    privateWish: 'owner',
    html: true,
    check: (data, persona) => {
      // Listed: pub, deletable; the owner also counts priv and hidden.
      const expected = persona === 'owner' ? 4 : 2;
      return data?.profile?.profile?.posts === expected ? null : `embedded posts ${data?.profile?.profile?.posts}, expected ${expected}`;
    },
  },
  // --- own wishes (docs/api.md, "Own wishes and moderation") and the owner's hidden wish
  { name: 'PATCH wish (public)', req: (w) => ({ ...op('updateWish', { id: w.pub }), payload: { is_public: true } }), expect: { visitor: 401, owner: 200, other: 403 } },
  { name: 'PATCH wish (private)', req: (w) => ({ ...op('updateWish', { id: w.priv }), payload: { is_public: false } }), expect: { visitor: 401, owner: 200, other: 404 }, privateWish: 'owner' },
  {
    name: 'DELETE wish (owner: their own; others: the public one)',
    req: (w, persona) => op('deleteWish', { id: persona === 'owner' ? w.deletable : w.pub }),
    expect: { visitor: 401, owner: 200, other: 403 },
  },
  { name: 'GET wish detail (hidden)', req: (w) => op('getWish', { id: w.hidden }), expect: { visitor: 404, owner: 200, other: 404 }, check: (body, persona) => (persona === 'owner' && body.wish.moderation?.state !== 'hidden' ? 'owner sees no moderation state' : null) },
  { name: 'GET voters (hidden)', req: (w) => op('listVoters', { id: w.hidden }), expect: { visitor: 404, owner: 200, other: 404 } },
  { name: 'POST vote (hidden)', req: (w) => ({ ...op('voteOnWish', { id: w.hidden }), payload: { vote_type: 'upvote' } }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'PATCH wish (hidden)', req: (w) => ({ ...op('updateWish', { id: w.hidden }), payload: { is_public: true } }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'POST report (hidden)', req: (w) => ({ ...op('submitComplaint'), payload: { category: 'Spam or advertising', wish_id: w.hidden } }), expect: { visitor: 404, owner: [200, 201], other: 404 } },
  {
    name: 'GET feed page 1 (hidden wish absent)',
    req: () => op('getFeedPage', { page: 1 }),
    expect: { visitor: 200, owner: 200, other: 200 },
    check: (body, _p, w) => (wishIdsIn(body).includes(w.hidden) ? 'hidden wish in the feed' : null),
  },
  {
    name: "GET the owner's wishes (hidden wish only for the owner)",
    req: (w) => op('getUserWishes', { id: w.owner.id }),
    expect: { visitor: 200, owner: 200, other: 200 },
    check: (body, persona, w) => (wishIdsIn(body).includes(w.hidden) !== (persona === 'owner') ? `hidden wish ${persona === 'owner' ? 'missing' : 'shown'}` : null),
  },
  // --- v2: moderation (moderators and admins only) and my reports
  { name: 'GET moderation reports', req: () => op('getReportQueue', {}, '?status=open'), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'POST moderation wish action', req: (w) => ({ ...op('moderateWish', { id: w.pub }), payload: { action: 'hide', reason: 'Matrix' } }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'POST moderation reply action', req: () => ({ ...op('moderateReply', { id: 1 }), payload: { action: 'hide', reason: 'Matrix' } }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'POST moderation user action', req: (w) => ({ ...op('moderateUser', { id: w.other.id }), payload: { action: 'ban', reason: 'Matrix' } }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'GET moderation log', req: () => op('getModerationLog'), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'GET moderation offers', req: () => op('getOfferInbox'), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'GET my reports', req: () => op('listMyReports'), expect: { visitor: 401, owner: 200, other: 200 } },
  // --- everything else
  { name: 'GET options', req: () => op('getOptions'), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'POST save wish', req: () => ({ ...op('saveWish'), payload: { text: 'Matrix wish', is_public: true } }), expect: { visitor: 401, owner: 201, other: 201 } },
  // --- a chat per wish (docs/generator.md, "Generation calls, the compose page, chats and model servers"): private to its author, 404 for everyone else
  { name: 'POST start a chat', req: () => ({ ...op('createChat'), payload: GEN }), expect: { visitor: 401, owner: 201, other: 201 } },
  { name: "GET a chat (the owner's)", req: (w) => op('getChat', { id: w.chat }), expect: { visitor: 401, owner: 200, other: 404 }, check: (body, _p, w) => (body.chat_id === w.chat ? null : 'another chat') },
  {
    name: "POST a chat message (the owner's chat)",
    req: (w) => ({ ...op('postChatMessage', { id: w.chat }), payload: { message: 'make it warmer' } }),
    expect: { visitor: 401, owner: 200, other: 404 },
  },
  {
    name: 'GET the chat of a public wish',
    req: (w) => op('getWishChat', { id: w.chatWish }),
    expect: { visitor: 401, owner: 200, other: 404 },
    check: (body, _p, w) => (body.wish_id === w.chatWish ? null : "another wish's chat"),
  },
  {
    name: "POST save wish with the owner's chat",
    req: (w) => ({ ...op('saveWish'), payload: { text: 'Saved with its chat', chat_id: w.chatToSave } }),
    expect: { visitor: 401, owner: 201, other: 404 },
  },
  { name: 'POST generate', req: () => ({ ...op('generateText'), payload: GEN }), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'POST generate 3 variants', req: () => ({ ...op('generateText'), payload: { ...GEN, variants: 3, length: 'short' } }), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'POST generate stream', req: () => ({ ...op('streamGeneratedText'), payload: GEN }), expect: { visitor: 401, owner: 200, other: 200 } },
  // The stream ends after STREAM_IDLE_TIMEOUT (short here) once its first count is sent; its caps
  // and session ends are in notifications/streams.test.ts.
  { name: 'GET unread stream', req: () => op('streamUnreadCount'), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'POST improve text', req: () => ({ ...op('improveText'), payload: { text: 'Happy birthday, Sam!', instruction: 'warmer' } }), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'POST offer', req: () => ({ ...op('submitOffer'), payload: { email: 'biz@example.com', message: 'Hello' } }), expect: { visitor: 401, owner: 201, other: 201 } },
  { name: 'POST report (public)', req: (w) => ({ ...op('submitComplaint'), payload: { category: 'Something else', wish_id: w.pub } }), expect: { visitor: [200, 201], owner: [200, 201], other: [200, 201] } },
  { name: 'POST vote (public)', req: (w) => ({ ...op('voteOnWish', { id: w.pub }), payload: { vote_type: 'downvote' } }), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'DELETE vote (public)', req: (w) => op('removeVote', { id: w.pub }), expect: { visitor: 401, owner: 200, other: 200 } },
  // Replies: the private wish takes none and lists none but for its author (who is told it takes none).
  { name: 'GET replies (private)', req: (w) => op('listWishReplies', { id: w.priv }), expect: { visitor: 404, owner: 200, other: 404 } },
  { name: 'POST reply (private)', req: (w) => ({ ...op('createWishReply', { id: w.priv }), payload: { text: 'Hello' } }), expect: { visitor: 401, owner: 403, other: 404 } },
  { name: 'POST reply (public)', req: (w) => ({ ...op('createWishReply', { id: w.pub }), payload: { text: 'Hello' } }), expect: { visitor: 401, owner: 201, other: 201 } },
  { name: 'GET replies (public)', req: (w) => op('listWishReplies', { id: w.pub }), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'DELETE a reply that does not exist', req: (w) => op('deleteWishReply', { id: w.pub, reply_id: 2_000_000_000 }), expect: { visitor: 401, owner: 404, other: 404 } },
  { name: 'POST report a reply that does not exist', req: () => ({ ...op('submitComplaint'), payload: { category: 'Spam or advertising', reply_id: 2_000_000_000 } }), expect: { visitor: 404, owner: 404, other: 404 } },
  { name: 'GET voters (public)', req: (w) => op('listVoters', { id: w.pub }), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'POST subscribe to the owner', req: (w) => op('subscribe', { id: w.owner.id }), expect: { visitor: 401, owner: 400, other: 200 } },
  // The following feed, read while "other" follows the owner (the row above): only public wishes.
  { name: 'GET following feed page 1', req: () => op('getFollowingFeedPage', { page: 1 }), expect: { visitor: 401, owner: 200, other: 200 }, privateWish: 'nobody' },
  {
    name: 'GET following feed (no page)',
    req: () => op('getFollowingFeed'),
    expect: { visitor: 401, owner: 200, other: 200 },
    privateWish: 'nobody',
    check: (body, persona, w) => (persona === 'other' && !wishIdsIn(body).includes(w.pub) ? 'the followed owner\'s public wish is missing' : null),
  },
  { name: 'DELETE subscribe to the owner', req: (w) => op('unsubscribe', { id: w.owner.id }), expect: { visitor: 401, owner: 400, other: 200 } },
  { name: "GET the owner's subscriptions", req: (w) => op('getProfileSubscriptions', { id: w.owner.id }), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'GET my subscriptions', req: () => op('getMySubscriptions'), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'POST avatar upload (no multipart body)', req: () => op('uploadAvatar'), expect: { visitor: 401, owner: [400, 415], other: [400, 415] } },
  // --- the social layer: notifications, account, link-preview cards
  { name: 'GET notifications', req: () => op('listNotifications', {}, '?page=1'), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'POST notifications read', req: () => ({ ...op('markNotificationsRead'), payload: { ids: [1, 2] } }), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'GET account', req: () => op('getAccount'), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'PATCH account', req: () => ({ ...op('updateAccount'), payload: { phone: '+1 555 0199' } }), expect: { visitor: 401, owner: 200, other: 200 } },
  {
    name: 'POST change password (wrong current password)',
    req: () => ({ ...op('changePassword'), payload: { current_password: 'not-it', new_password: 'Quiet-Meadow-73' } }),
    expect: { visitor: 401, owner: 400, other: 400 },
  },
  { name: 'GET account export', req: () => op('exportAccount'), expect: { visitor: 401, owner: 200, other: 200 }, privateWish: 'owner' },
  { name: 'DELETE account (wrong password)', req: () => ({ ...op('deleteAccount'), payload: { password: 'not-it' } }), expect: { visitor: 401, owner: 400, other: 400 } },
  { name: "GET the site's card", req: () => op('getSiteCard'), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'GET card of the private wish', req: (w) => op('getWishCard', { id: w.priv }), expect: { visitor: 404, owner: 200, other: 404 } },
  { name: 'GET card of the public wish (story)', req: (w) => op('getWishCard', { id: w.pub }, '?format=story&theme=birthday'), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'GET card themes', req: () => op('listCardThemes'), expect: { visitor: 200, owner: 200, other: 200 } },
  // --- deliveries: sending a wish to someone, the recipient's link
  {
    name: 'POST send the private wish',
    req: (w) => ({ ...op('sendWish', { id: w.priv }), payload: { recipient_email: 'matrix-friend@example.com', send_at: new Date(Date.now() + 3600_000).toISOString() } }),
    expect: { visitor: 401, owner: 201, other: 404 },
  },
  { name: 'GET my deliveries', req: () => op('listDeliveries'), expect: { visitor: 401, owner: 200, other: 200 } },
  { name: 'PATCH move a scheduled delivery', req: (w) => ({ ...op('moveDelivery', { id: w.scheduled }), payload: { send_at_local: localIn(2), time_zone: 'Australia/Sydney', note: 'Moved' } }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'DELETE a scheduled delivery', req: (w) => op('cancelDelivery', { id: w.scheduled }), expect: { visitor: 401, owner: 200, other: 404 } },
  {
    name: 'GET my people',
    req: () => op('listPeople'),
    expect: { visitor: 401, owner: 200, other: 200 },
    check: (body, persona, w) => {
      const ids = (body.people as Array<{ person_id: number }>).map((p) => p.person_id);
      if (persona === 'other' && ids.includes(w.person)) return "another member's person listed";
      if (persona === 'owner' && !ids.includes(w.person)) return 'own person missing';
      return null;
    },
  },
  { name: 'POST a person', req: () => ({ ...op('createPerson'), payload: { name: 'Matrix Friend', occasions: [{ topic: 'Birthday', month: 5, day: 4 }] } }), expect: { visitor: 401, owner: 201, other: 201 } },
  { name: 'PATCH a person', req: (w) => ({ ...op('updatePerson', { person_id: w.person }), payload: { audience: 'friend' } }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'DELETE a person', req: (w) => op('deletePerson', { person_id: w.doomedPerson }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'POST import people (not multipart)', req: () => ({ ...op('importPeople'), payload: { file: 'x' } }), expect: { visitor: 401, owner: 400, other: 400 } },
  // Group wishes: the organiser's calls answer 404 to anyone else; the invite link is the right to sign.
  {
    name: 'GET my groups',
    req: () => op('listGroups'),
    expect: { visitor: 401, owner: 200, other: 200 },
    check: (body, persona, w) => {
      const groups = body.groups as Array<{ group_id: number; invite_url: string; recipient_email: string | null }>;
      const mine = groups.find((g) => g.group_id === w.group);
      if (persona === 'owner' && !mine?.invite_url) return 'own group or its invite missing';
      // `other` signed the owner's group: listed, without its address or invite.
      if (persona === 'other' && (mine?.invite_url || mine?.recipient_email)) return "the organiser's invite or address shown to a signer";
      return null;
    },
  },
  { name: 'POST a group', req: () => ({ ...op('createGroup'), payload: { recipient_name: 'Matrix Friend', topic: 'Birthday' } }), expect: { visitor: 401, owner: 201, other: 201 } },
  { name: 'GET a group', req: (w) => op('getGroup', { group_id: w.group }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'PATCH a group', req: (w) => ({ ...op('updateGroup', { group_id: w.group }), payload: { note: 'From us all' } }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'DELETE a group', req: (w) => op('deleteGroup', { group_id: w.doomedGroup }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'POST rotate a group invite', req: (w) => op('rotateGroupInvite', { group_id: w.emptyGroup }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'POST approve a message', req: (w) => op('approveGroupContribution', { group_id: w.group, contribution_id: w.toApprove }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'POST remove a message', req: (w) => op('removeGroupContribution', { group_id: w.group, contribution_id: w.toRemove }), expect: { visitor: 401, owner: 200, other: 404 } },
  { name: 'POST group invitations', req: (w) => ({ ...op('inviteToGroup', { group_id: w.group }), payload: { emails: ['matrix-invitee@example.com'] } }), expect: { visitor: 401, owner: 201, other: 404 } },
  { name: 'POST send an empty group now', req: (w) => op('sendGroup', { group_id: w.emptyGroup }), expect: { visitor: 401, owner: 409, other: 404 } },
  {
    name: 'GET a group through its invite',
    req: (w) => op('getGroupInvite', { invite: w.invite }),
    expect: { visitor: 200, owner: 200, other: 200 },
    check: (body) => (JSON.stringify(body).includes('matrix-recipient@example.com') || 'invite_url' in body ? "the recipient's address or the invite leaks" : null),
  },
  { name: 'GET an unknown invite', req: () => op('getGroupInvite', { invite: 'A'.repeat(32) }), expect: { visitor: 404, owner: 404, other: 404 } },
  { name: 'POST a message through the invite', req: (w) => ({ ...op('contributeToGroup', { invite: w.invite }), payload: { signer_name: 'Matrix Guest', text: 'Hello!' } }), expect: { visitor: 201, owner: 201, other: 201 } },
  // Only the writer (the member, or whoever holds the edit token) changes a message; not even the organiser.
  { name: "PATCH another's message", req: (w) => ({ ...op('updateGroupContribution', { invite: w.invite, contribution_id: w.byOther }), payload: { text: 'Changed' } }), expect: { visitor: 403, owner: 403, other: 200 } },
  { name: "DELETE another's message", req: (w) => op('deleteGroupContribution', { invite: w.invite, contribution_id: w.byOtherDoomed }), expect: { visitor: 403, owner: 403, other: 200 } },
  { name: 'POST report a message', req: (w) => op('reportGroupContribution', { invite: w.invite, contribution_id: w.byOther }), expect: { visitor: 204, owner: 204, other: 204 } },
  { name: 'POST a suggested message', req: (w) => ({ ...op('suggestGroupMessage', { invite: w.invite }), payload: { details: 'likes cake' } }), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'POST confirm a signer address (bad token)', req: () => ({ ...op('confirmGroupEmail'), payload: { token: 'A'.repeat(32) } }), expect: { visitor: 404, owner: 404, other: 404 } },
  { name: 'GET the wish behind a link (private wish)', req: (w) => op('getReceivedWish', { token: w.sentToken }), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'GET an unknown link', req: () => op('getReceivedWish', { token: 'A'.repeat(43) }), expect: { visitor: 404, owner: 404, other: 404 } },
  { name: 'GET the card behind a link', req: (w) => op('getReceivedCard', { token: w.sentToken }), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'POST opened beacon', req: (w) => op('openReceivedWish', { token: w.sentToken }), expect: { visitor: 200, owner: 200, other: 200 } },
  // The link is the right: whoever holds it may reply (the sender's own test replies included).
  { name: 'POST a reply through the link', req: (w) => ({ ...op('replyReceivedWish', { token: w.sentToken }), payload: { text: 'Thank you!' } }), expect: { visitor: 201, owner: 201, other: 201 } },
  { name: 'DELETE a reply that is not this link\'s', req: (w) => op('deleteReceivedReply', { token: w.sentToken, reply_id: 2_000_000_000 }), expect: { visitor: 404, owner: 404, other: 404 } },
  { name: 'POST one-click unsubscribe', req: (w) => op('unsubscribeRecipient', { token: w.unsubToken }), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'POST not me', req: (w) => op('notMeRecipient', { token: w.notMeToken }), expect: { visitor: 200, owner: 200, other: 200 } },
  // A mail program opening the List-Unsubscribe address: the same redirect for everyone, nothing changed.
  { name: 'GET the unsubscribe address (to its confirmation)', req: (w) => ({ method: 'GET', url: `/api/base/deliveries/received/${w.sentToken}/unsubscribe/` }), expect: { visitor: 303, owner: 303, other: 303 } },
  { name: 'POST verify email (bad token)', req: () => ({ ...op('verifyEmail'), payload: { token: '1.2.nope' } }), expect: { visitor: 400, owner: 400, other: 400 } },
  {
    name: 'POST create user',
    req: () => ({ ...op('createUser'), payload: { email: `matrix${++signupCounter}.${Date.now()}@example.com`, password: 'Quiet-Meadow-73', first_name: 'M', last_name: 'X', phone: '1' } }),
    expect: { visitor: 201, owner: 201, other: 201 },
  },
  { name: 'POST password reset', req: (w) => ({ ...op('requestPasswordReset'), payload: { email: w.other.email } }), expect: { visitor: 200, owner: 200, other: 200 } },
  {
    name: 'POST password reset confirm (bad token)',
    req: () => ({ ...op('confirmPasswordReset'), payload: { uid: 'MQ', token: 'nope', new_password: 'Quiet-Meadow-73' } }),
    expect: { visitor: 400, owner: 400, other: 400 },
  },
  { name: 'POST token (obtain)', req: (w) => ({ ...op('obtainToken'), payload: { username: w.other.email, password: DEFAULT_PASSWORD } }), expect: { visitor: 200, owner: 200, other: 200 }, tokenView: true },
  { name: 'POST token refresh', req: (w) => ({ ...op('refreshToken'), payload: { refresh: w.other.refresh } }), expect: { visitor: 200, owner: 200, other: 200 }, tokenView: true },
  // --- remote releases (docs/teams.md): admins only; neither persona is one (the admin's own answers are
  // in releases/releases.test.ts)
  { name: 'GET admin remotes', req: () => op('listRemotes'), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'POST admin activate a release', req: () => ({ ...op('activateRelease', { remote: 'mf-feed' }), payload: { release: 'dist' } }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'POST admin activate a release (forced)', req: () => ({ ...op('activateRelease', { remote: 'mf-feed' }), payload: { release: 'dist', percent: 10, force: true } }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'POST admin rollback', req: () => op('rollbackRelease', { remote: 'mf-feed' }), expect: { visitor: 401, owner: 403, other: 403 } },
  // Teams publish (docs/teams.md): admins or a team token (releases/publish.test.ts checks team tokens on every call).
  { name: 'POST admin promote a canary', req: () => op('promoteRelease', { remote: 'mf-feed' }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'POST admin preview link', req: () => ({ ...op('previewRelease', { remote: 'mf-feed' }), payload: { release: 'dist' } }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'GET admin remote errors', req: () => op('listRemoteErrors', { remote: 'mf-feed' }), expect: { visitor: 401, owner: 403, other: 403 } },
  // A preview link's confirmation page and banner (docs/teams.md): the signed link is the capability, not who asks.
  { name: 'page /feed?wishes_preview= (the confirmation page)', req: () => ({ method: 'GET', url: `/feed?wishes_preview=${encodeURIComponent(PREVIEW_LINK)}` }), expect: { visitor: 200, owner: 200, other: 200 }, privateWish: 'nobody', html: true },
  { name: 'POST preview confirm', req: () => ({ ...op('confirmPreview'), payload: { token: PREVIEW_LINK } }), expect: { visitor: 200, owner: 200, other: 200 } },
  { name: 'POST preview confirm (forged link)', req: () => ({ ...op('confirmPreview'), payload: { token: `mf-feed~1.0.0-000000000000~zzzzzzz~${'A'.repeat(43)}` } }), expect: { visitor: 400, owner: 400, other: 400 } },
  { name: 'DELETE preview (the banner)', req: () => op('endPreview'), expect: { visitor: 204, owner: 204, other: 204 } },
  {
    name: 'POST client error (forged load id)',
    req: () => ({ ...op('reportClientError'), payload: { load_id: 'forged', remote: 'mf-feed', release: 'dist', kind: 'load', message: 'x' } }),
    expect: { visitor: 400, owner: 400, other: 400 },
  },
  // A canary load: anyone's browser may report one; a forged load id counts nothing (400) for everyone alike.
  {
    name: 'POST client load (forged load id)',
    req: () => ({ ...op('reportClientLoad'), payload: { load_id: 'forged', remote: 'mf-feed', release: 'dist' } }),
    expect: { visitor: 400, owner: 400, other: 400 },
  },
  { name: 'POST admin publish a release', req: () => op('publishRelease', { remote: 'mf-feed' }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: "GET admin a remote's releases", req: () => op('listRemoteReleases', { remote: 'mf-feed' }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'POST admin create a team token', req: () => ({ ...op('createRemoteToken', { remote: 'mf-feed' }), payload: { name: 'team' } }), expect: { visitor: 401, owner: 403, other: 403 } },
  {
    name: 'POST admin create a team token with an address',
    req: () => ({ ...op('createRemoteToken', { remote: 'mf-feed' }), payload: { name: 'team', email: 'team@example.com' } }),
    expect: { visitor: 401, owner: 403, other: 403 },
  },
  { name: 'GET admin team tokens', req: () => op('listRemoteTokens', { remote: 'mf-feed' }), expect: { visitor: 401, owner: 403, other: 403 } },
  { name: 'DELETE admin team token', req: () => op('revokeRemoteToken', { remote: 'mf-feed', token_id: '0123456789abcdef' }), expect: { visitor: 401, owner: 403, other: 403 } },
  // Last: it ends every session of the caller (owner, then other), so no row may follow it.
  { name: 'POST sign out everywhere', req: () => op('signOutEverywhere'), expect: { visitor: 401, owner: 200, other: 200 } },
];

/** Every API route of the first version (numeric path parts written :id). */
/** Every operation is in the matrix (the unread stream ends after the short idle timeout set below). */
const NOT_IN_MATRIX: ReadonlySet<OperationId> = new Set([]);

const EMBEDDED = /<script type="application\/json" id="wishes-initial">([\s\S]*?)<\/script>/;

/** Every wish id a response shows: lists, a detail, or embedded page data. */
function wishIdsIn(body: any): number[] {
  if (!body || typeof body !== 'object') return [];
  const ids: number[] = [];
  if (Array.isArray(body.wishes)) ids.push(...body.wishes.map((x: { id: number }) => x.id));
  if (body.wish?.id) ids.push(body.wish.id);
  if (body.feed) ids.push(...wishIdsIn(body.feed));
  if (body.profile?.wishes) ids.push(...wishIdsIn(body.profile.wishes));
  return ids;
}

function bodyOf(res: LightMyRequestResponse, html: boolean): any {
  // An event stream's body is its last event's data (the generation's `done`).
  if (/^text\/event-stream/.test(String(res.headers['content-type']))) return JSON.parse(res.body.trim().split('\n').at(-1)!.replace(/^data: /, ''));
  // A picture (the link-preview cards) carries no wish data.
  if (/^image\//.test(String(res.headers['content-type']))) return null;
  // No content (ending a preview): nothing to show.
  if (res.statusCode === 204) return null;
  if (!html) return res.json();
  const match = EMBEDDED.exec(res.body);
  return match ? JSON.parse(match[1]) : null;
}

describe.each(dialects)('authorization matrix (%s)', (dialect) => {
  let site: string;
  let t: TestContext;
  let w: World;
  let auth: Record<Persona, string | undefined>;

  beforeAll(async () => {
    site = makeFakeSite();
    // A short idle timeout ends an event stream soon after its first event, so inject can finish it.
    t = await withSiteRoot(site, () => createTestApp(dialect, { streamIdleTimeoutMs: 1000 }));
    const owner = await t.createUser({ first_name: 'Olga', last_name: 'Owner' });
    const other = await t.createUser({ first_name: 'Otto', last_name: 'Other' });
    const secretWord = `zanzibarquokka${dialect}`;
    const pub = await t.saveWish(owner, 'Happy birthday from the public side', true);
    const priv = await t.saveWish(owner, `Private diary entry ${secretWord}`, false);
    const deletable = await t.saveWish(owner, 'Owner deletes this one', true);
    const hidden = await t.saveWish(owner, 'Hidden by a moderator', true);
    const moderator = await t.createUser({ first_name: 'Mo', last_name: 'Derator' });
    await runAdminCommand(t.app.deps.db, ['role', moderator.email, 'moderator']);
    const hide = await t.request({ ...op('moderateWish', { id: hidden }), payload: { action: 'hide', reason: 'Matrix' }, token: moderator.access });
    if (hide.statusCode !== 200) throw new Error(`hide failed: ${hide.body}`);
    const startChat = async () => {
      const res = await t.request({ ...op('createChat'), payload: { ...GEN, text: 'Happy birthday, Sam!' }, token: owner.access });
      if (res.statusCode !== 201) throw new Error(`chat failed: ${res.body}`);
      return res.json().chat_id as number;
    };
    const chat = await startChat();
    const chatToSave = await startChat();
    // The public wish keeps a chat (set directly: a new wish would change the counts other rows check).
    const kept = await startChat();
    await t.app.deps.db.updateTable('chats').set({ wish_id: pub }).where('id', '=', kept).execute();
    const sendPrivate = async (to: string, later = false) => {
      const res = await t.request({ ...op('sendWish', { id: priv }), payload: { recipient_email: to, ...(later ? { send_at: new Date(Date.now() + 3600_000).toISOString() } : {}) }, token: owner.access });
      if (res.statusCode !== 201) throw new Error(`send failed: ${res.body}`);
      const id = res.json().delivery_id as number;
      const row = await t.app.deps.db.selectFrom('deliveries').select('token').where('id', '=', id).executeTakeFirstOrThrow();
      return { id, token: row.token };
    };
    const sent = await sendPrivate('matrix-reader@example.com');
    const unsub = await sendPrivate('matrix-unsub@example.com');
    const notMe = await sendPrivate('matrix-notme@example.com');
    const scheduled = await sendPrivate('matrix-later@example.com', true);
    const addPerson = async (name: string) => {
      const res = await t.request({ ...op('createPerson'), payload: { name, email: 'matrix-person@example.com', occasions: [{ topic: 'Birthday', month: 2, day: 29 }] }, token: owner.access });
      if (res.statusCode !== 201) throw new Error(`person failed: ${res.body}`);
      return res.json().person.person_id as number;
    };
    const person = await addPerson('Matrix Person');
    const doomedPerson = await addPerson('Doomed Person');
    const addGroup = async () => {
      const res = await t.request({ ...op('createGroup'), payload: { recipient_name: 'Matrix Recipient', topic: 'Birthday', recipient_email: 'matrix-recipient@example.com' }, token: owner.access });
      if (res.statusCode !== 201) throw new Error(`group failed: ${res.body}`);
      return { id: res.json().group.group_id as number, invite: (res.json().group.invite_url as string).split('/g/')[1]! };
    };
    const group = await addGroup();
    const emptyGroup = await addGroup();
    const doomedGroup = await addGroup();
    const signGroup = async (token?: string) => {
      const res = await t.request({ ...op('contributeToGroup', { invite: group.invite }), payload: { signer_name: 'Matrix Signer', text: 'Happy birthday!' }, ...(token ? { token } : {}) });
      if (res.statusCode !== 201) throw new Error(`sign failed: ${res.body}`);
      return res.json().contribution_id as number;
    };
    const byOther = await signGroup(other.access);
    const byOtherDoomed = await signGroup(other.access);
    const toApprove = await signGroup();
    const toRemove = await signGroup();
    w = {
      owner, other, pub, priv, secretWord, deletable, hidden, chat, chatToSave, chatWish: pub,
      sentToken: sent.token, unsubToken: unsub.token, notMeToken: notMe.token, scheduled: scheduled.id, person, doomedPerson,
      group: group.id, invite: group.invite, byOther, byOtherDoomed, toApprove, toRemove, emptyGroup: emptyGroup.id, doomedGroup: doomedGroup.id,
    };
    auth = {
      visitor: undefined,
      owner: `Bearer ${owner.access}`,
      other: `Bearer ${other.access}`,
      badToken: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.bad-signature',
      expired: `Bearer ${t.app.tokens.issueAccess(owner.id, Date.now() - 3 * 3600_000)}`,
      refreshAsAccess: `Bearer ${owner.refresh}`,
    };
  });
  afterAll(async () => {
    await t?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const problems: string[] = [];
    for (const persona of PERSONAS) {
      const { payload, ...rest } = row.req(w, persona);
      const headers: Record<string, string> = {};
      if (auth[persona]) headers.authorization = auth[persona]!;
      const res = await t.app.inject({ ...rest, headers, ...(payload === undefined ? {} : { payload }) });
      const honest = BAD.has(persona) ? (row.tokenView ? row.expect.visitor : 401) : row.expect[persona as 'visitor' | 'owner' | 'other'];
      const allowed = Array.isArray(honest) ? honest : [honest];
      if (!allowed.includes(res.statusCode)) {
        problems.push(`${persona}: ${res.statusCode}, expected ${allowed.join(' or ')} (${res.body.slice(0, 100)})`);
        continue;
      }
      if (res.statusCode === 401) {
        const body = res.json();
        const want = BAD.has(persona) ? { detail: 'Given token not valid for any token type', code: 'token_not_valid' } : { detail: 'Authentication credentials were not provided.' };
        if (JSON.stringify(body) !== JSON.stringify(want)) problems.push(`${persona}: 401 body ${res.body}`);
        continue;
      }
      if (res.statusCode === 404 && !row.html) {
        if (typeof res.json().error !== 'string') problems.push(`${persona}: 404 without an error message`);
        continue;
      }
      if (res.statusCode >= 300) continue;
      const body = bodyOf(res, Boolean(row.html));
      if (row.html && body === null) {
        problems.push(`${persona}: no embedded data in the page`);
        continue;
      }
      if (row.privateWish) {
        const sees = wishIdsIn(body).includes(w.priv);
        const should = row.privateWish === 'owner' && persona === 'owner';
        if (sees !== should) problems.push(`${persona}: private wish ${sees ? 'shown' : 'missing'}`);
        if (!should && JSON.stringify(body).includes('Private diary entry')) problems.push(`${persona}: the private text leaks`);
      }
      const extra = row.check?.(body, persona, w);
      if (extra) problems.push(`${persona}: ${extra}`);
    }
    expect(problems).toEqual([]);
  });

  it('has a row for every operation of the table (@wishes/kit-contract/api)', () => {
    for (const row of ROWS) row.req(w, 'visitor');
    expect(OPERATION_IDS.filter((id) => !CALLED.has(id) && !NOT_IN_MATRIX.has(id))).toEqual([]);
  });
});
