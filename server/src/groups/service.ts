/**
 * Group wishes (docs/groups.md): checking what an organiser or signer writes, the API's shapes,
 * the mails (invitations, reminders, the delivery, warnings, reply copies), and the round the
 * delivery scheduler runs: empty-group warnings, invitees' reminders, and due groups delivered
 * once across processes and restarts (a lease per group, as the deliveries outbox).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { GROUP_LIMITS, type Group, type GroupContribution, type OrganiserContribution } from '@wishes/kit-contract/api';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import type { AppDeps } from '../app/deps';
import type { Database } from '../db/types';
import type { EventBus } from '../platform/events';
import { HttpError } from '../platform/errors';
import { toId } from '../platform/params';
import type { Notifier } from '../notifications/service';
import { isValidEmail } from '../auth/schemas';
import { limitMarks } from '../previews/card-text';
import { loadOptions } from '../options/load';
import { fullName } from '../wishes/visibility';
import { isSuppressed, suppress } from '../deliveries/queries';
import { instantOfLocal, isValidTimeZone, parseLocal } from '../people/service';
import * as store from './store';
import { GROUP_TEXT } from './texts';
import { deliveryMail, emptyWarningMail, groupLink, inviteMail, noEmailMail, reminderMail, replyCopyMail } from './mail';

export { exportGroups, groupByDeliveryToken, groupRepliesOf, insertGroupReply, withdrawGroupReply, type GroupRow } from './store';

/** A 4xx of the group calls: `{detail}` (v3's shape). */
export const groupError = (status: number, detail: string, field?: string) => new HttpError(status, detail, { detail, ...(field ? { fields: { [field]: detail } } : {}) });

const DAY = 86_400_000;
/** A `deliver_at` a little behind the server's clock still counts as now. */
const NOW_SLACK_MS = 60_000;

export const inviteUrl = (publicUrl: string, invite: string) => `${publicUrl}/g/${invite}`;

export function siteNameOf(config: AppDeps['config']): string {
  try {
    return loadOptions(config.optionsPath, config.siteName).options.site_name;
  } catch {
    return config.siteName ?? 'Wishes';
  }
}

function topicsOf(config: AppDeps['config']): string[] {
  try {
    return loadOptions(config.optionsPath, config.siteName).options.greeting_config_params.topics.map((t) => t.topic);
  } catch {
    return [];
  }
}

export interface GroupInput {
  recipient_name?: string;
  topic?: string;
  recipient_email?: string | null;
  note?: string | null;
  deliver_at?: string | null;
  time_zone?: string | null;
  approval?: 'open' | 'approve';
}

/** Checks a create (no `base`) or a change of `base`; throws the 400 naming the field. */
function checkGroup(config: AppDeps['config'], input: GroupInput, memberZone: string | null, base?: store.GroupRow): store.NewGroup {
  const name = input.recipient_name === undefined ? base?.recipient_name : limitMarks(input.recipient_name.trim());
  if (!name || name.length > GROUP_LIMITS.recipientNameMax) throw groupError(400, GROUP_TEXT.blankRecipient, 'recipient_name');
  const topic = input.topic === undefined ? base?.topic : input.topic.trim();
  if (!topic) throw groupError(400, GROUP_TEXT.blankTopic, 'topic');
  if (input.topic !== undefined) {
    const topics = topicsOf(config);
    if (topics.length > 0 && !topics.includes(topic)) throw groupError(400, GROUP_TEXT.unknownTopic, 'topic');
  }
  const email = input.recipient_email === undefined ? (base?.recipient_email ?? null) : input.recipient_email?.trim().toLowerCase() || null;
  if (email !== null && !isValidEmail(email)) throw groupError(400, GROUP_TEXT.badEmail, 'recipient_email');
  const note = input.note === undefined ? (base?.note ?? '') : (input.note ?? '').trim();
  const zone = input.time_zone === undefined || input.time_zone === null ? (base?.time_zone ?? memberZone ?? 'UTC') : input.time_zone.trim();
  if (!isValidTimeZone(zone)) throw groupError(400, GROUP_TEXT.badZone, 'time_zone');
  const local = input.deliver_at === undefined ? (base?.deliver_local ?? null) : input.deliver_at?.trim() || null;
  let utc: string | null = null;
  if (local !== null) {
    const parts = parseLocal(local);
    if (!parts) throw groupError(400, GROUP_TEXT.badTime, 'deliver_at');
    const at = instantOfLocal(parts, zone);
    // A time unchanged by this PATCH is not checked again (it may have passed while the group waited for a message).
    const changed = input.deliver_at !== undefined || input.time_zone !== undefined || !base;
    if (changed && at.getTime() < Date.now() - NOW_SLACK_MS) throw groupError(400, GROUP_TEXT.pastTime, 'deliver_at');
    if (changed && at.getTime() > Date.now() + GROUP_LIMITS.maxDaysAhead * DAY) throw groupError(400, GROUP_TEXT.farTime, 'deliver_at');
    utc = at.toISOString();
  }
  const approval = input.approval ?? (base?.approval as 'open' | 'approve' | undefined) ?? 'open';
  return { recipient_name: name, recipient_email: email, topic, note, deliver_local: local ? local.slice(0, 16) : null, time_zone: zone, deliver_at_utc: utc, approval };
}

/** The API's group; `recipient_email` and `invite_url` for the organiser only. */
function toGroup(g: store.GroupRow, organiser: { first_name: string; last_name: string } | undefined, count: number, publicUrl: string, asOrganiser: boolean): Group {
  return {
    group_id: g.id,
    recipient_name: g.recipient_name,
    recipient_email: asOrganiser ? g.recipient_email : null,
    topic: g.topic,
    note: g.note,
    deliver_at: g.deliver_local,
    time_zone: g.time_zone,
    deliver_at_utc: g.deliver_at_utc,
    approval: g.approval as Group['approval'],
    state: g.state as Group['state'],
    invite_url: asOrganiser ? inviteUrl(publicUrl, g.invite) : '',
    contribution_count: count,
    organiser: { user_id: g.organiser_id, name: organiser ? fullName(organiser.first_name, organiser.last_name) || ANONYMOUS : ANONYMOUS },
    created_at: g.created_at,
  };
}

const toContribution = (c: store.ContributionRow): GroupContribution => ({
  contribution_id: c.id,
  signer_name: c.signer_name,
  guest: c.user_id === null,
  text: c.text,
  created_at: c.created_at,
});

const toOrganiserContribution = (c: store.ContributionRow): OrganiserContribution => ({
  ...toContribution(c),
  status: c.status === 'pending' ? 'pending' : 'visible',
  reported: c.reported_at !== null,
});

async function groupJson(deps: Pick<AppDeps, 'db' | 'config'>, g: store.GroupRow, asOrganiser: boolean): Promise<Group> {
  const [organiser, counts] = await Promise.all([store.organiserOf(deps.db, g.organiser_id), store.countVisible(deps.db, [g.id])]);
  return toGroup(g, organiser, counts.get(g.id) ?? 0, deps.config.publicUrl, asOrganiser);
}

/** The subject of a group's delivery, by how many visible messages are not the organiser's. */
export function deliverySubject(organiserFirstName: string, others: number): string {
  const first = organiserFirstName.trim() || ANONYMOUS;
  if (others <= 0) return `${first} sent you a wish`;
  if (others === 1) return `${first} and 1 other sent you a wish`;
  return `${first} and ${others} others sent you a wish`;
}

/** What the recipient's page and JSON show of a delivered group. */
export async function receivedGroup(db: Kysely<Database>, g: store.GroupRow) {
  const [organiser, contributions] = await Promise.all([store.organiserOf(db, g.organiser_id), store.contributionsOf(db, g.id)]);
  return {
    organiser,
    group: {
      recipient_name: g.recipient_name,
      topic: g.topic,
      organiser_name: organiser ? fullName(organiser.first_name, organiser.last_name) || ANONYMOUS : ANONYMOUS,
      contributions: contributions.map(toContribution),
    },
  };
}

/** The keepsake card's text: the first messages that fit, then "and N more". */
export function groupCardText(group: { organiser_name: string; contributions: GroupContribution[] }, budget = 320): { text: string; author: string } {
  const parts: string[] = [];
  let used = 0;
  for (const c of group.contributions) {
    const line = `“${c.text.length > 140 ? `${c.text.slice(0, 139).replace(/\s+\S*$/, '')}…` : c.text}” — ${c.signer_name}`;
    if (parts.length > 0 && used + line.length > budget) break;
    parts.push(line);
    used += line.length;
  }
  const more = group.contributions.length - parts.length;
  if (more > 0) parts.push(`and ${more} more`);
  const others = group.contributions.length - 1;
  return { text: parts.join('\n\n'), author: others > 0 ? `${group.organiser_name} and ${others === 1 ? '1 other' : `${others} others`}` : group.organiser_name };
}

// ---------------------------------------------------------------- the calls' rules

/** Who calls: the member signed in (null for a visitor), their address, and where to log. */
export interface Caller {
  userId: number | null;
  ip: string;
  log: FastifyBaseLogger;
}

const HOUR = 3_600_000;
const memberZone = async (db: Kysely<Database>, userId: number) => (await store.memberOf(db, userId))?.time_zone ?? null;

/** The caller's own group, or 404 for anyone else's. */
async function ownGroup(db: Kysely<Database>, userId: number, rawId: string): Promise<store.GroupRow> {
  const id = toId(rawId);
  const g = id === null ? undefined : await store.getGroup(db, id);
  if (!g || g.organiser_id !== userId) throw groupError(404, GROUP_TEXT.notFound);
  return g;
}

/** Only a collecting group takes changes, messages and invitations (else 409). */
function collecting(g: store.GroupRow): store.GroupRow {
  if (g.state !== 'collecting') throw groupError(409, GROUP_TEXT.notCollecting);
  return g;
}

async function byInvite(db: Kysely<Database>, invite: string): Promise<store.GroupRow> {
  const g = await store.groupByInvite(db, invite);
  if (!g) throw groupError(404, GROUP_TEXT.inviteNotFound);
  return g;
}

async function contributionOf(db: Kysely<Database>, g: store.GroupRow, rawId: string): Promise<store.ContributionRow> {
  const id = toId(rawId);
  const c = id === null ? undefined : await store.getContribution(db, g.id, id);
  if (!c) throw groupError(404, GROUP_TEXT.contributionNotFound);
  return c;
}

/** The writer of a message: its edit token, or the member who wrote it (anyone else 403). */
function mayEdit(c: store.ContributionRow, userId: number | null, editToken: unknown): void {
  if (typeof editToken === 'string' && store.looksLikeSecret(editToken) && store.hashSecret(editToken) === c.edit_token_hash) return;
  if (userId !== null && c.user_id === userId) return;
  throw groupError(403, GROUP_TEXT.badEditToken);
}

function checkText(raw: unknown): string {
  const text = typeof raw === 'string' ? limitMarks(raw.trim()) : '';
  if (!text || text.length > GROUP_LIMITS.textMax) throw groupError(400, GROUP_TEXT.blankText, 'text');
  return text;
}

function checkName(raw: unknown): string {
  const name = typeof raw === 'string' ? limitMarks(raw.trim()) : '';
  if (!name || name.length > GROUP_LIMITS.signerNameMax) throw groupError(400, GROUP_TEXT.blankName, 'signer_name');
  return name;
}

const freshJson = async (deps: AppDeps, id: number) => groupJson(deps, (await store.getGroup(deps.db, id))!, true);

/** A new group of the organiser's (at most GROUPS_PER_DAY a day: 429). */
export async function createGroup(deps: AppDeps, userId: number, input: GroupInput): Promise<Group> {
  const checked = checkGroup(deps.config, input, await memberZone(deps.db, userId));
  const id = await store.insertGroup(deps.db, deps.dialect, userId, checked, deps.config.groups.perDay);
  if (id === null) throw groupError(429, GROUP_TEXT.tooManyGroups(deps.config.groups.perDay));
  return freshJson(deps, id);
}

/** The organiser's group and every message, pending ones too. */
export async function groupDetail(deps: AppDeps, userId: number, rawId: string): Promise<{ group: Group; contributions: OrganiserContribution[] }> {
  const g = await ownGroup(deps.db, userId, rawId);
  return { group: await groupJson(deps, g, true), contributions: (await store.contributionsOf(deps.db, g.id, true)).map(toOrganiserContribution) };
}

/** The groups a member organises or signed, `size` a page (one row more tells of a next page). */
export async function listGroupsOf(deps: AppDeps, userId: number, page: number, size: number): Promise<{ groups: Group[]; more: boolean }> {
  const rows = await store.listGroups(deps.db, userId, page, size);
  const shown = rows.slice(0, size);
  const counts = await store.countVisible(deps.db, shown.map((g) => g.id));
  const organisers = new Map<number, Awaited<ReturnType<typeof store.organiserOf>>>();
  for (const g of shown) if (!organisers.has(g.organiser_id)) organisers.set(g.organiser_id, await store.organiserOf(deps.db, g.organiser_id));
  return {
    groups: shown.map((g) => toGroup(g, organisers.get(g.organiser_id), counts.get(g.id) ?? 0, deps.config.publicUrl, g.organiser_id === userId)),
    more: rows.length > size,
  };
}

/** A change of the organiser's collecting group. */
export async function updateGroup(deps: AppDeps, userId: number, rawId: string, input: GroupInput): Promise<Group> {
  const g = collecting(await ownGroup(deps.db, userId, rawId));
  const checked = checkGroup(deps.config, input, await memberZone(deps.db, userId), g);
  if (!(await store.updateGroup(deps.db, g.id, checked))) throw groupError(409, GROUP_TEXT.notCollecting);
  return freshJson(deps, g.id);
}

/** Cancels the organiser's collecting group: its invite answers 404 from then on. */
export async function cancelGroup(deps: AppDeps, userId: number, rawId: string): Promise<Group> {
  const g = collecting(await ownGroup(deps.db, userId, rawId));
  if (!(await store.cancelGroup(deps.db, g.id))) throw groupError(409, GROUP_TEXT.notCollecting);
  return freshJson(deps, g.id);
}

/** A new invite link; the old one answers 404. */
export async function rotateInvite(deps: AppDeps, userId: number, rawId: string): Promise<Group> {
  const g = collecting(await ownGroup(deps.db, userId, rawId));
  if (!(await store.rotateInvite(deps.db, g.id))) throw groupError(409, GROUP_TEXT.notCollecting);
  return freshJson(deps, g.id);
}

/** The organiser shows a held message (a visible one stays visible). */
export async function approveContribution(deps: AppDeps, userId: number, rawGroupId: string, rawId: string): Promise<void> {
  const g = collecting(await ownGroup(deps.db, userId, rawGroupId));
  const c = await contributionOf(deps.db, g, rawId);
  if (c.status !== 'visible' && !(await store.setContributionStatus(deps.db, g.id, c.id, 'visible', ['pending']))) throw groupError(409, GROUP_TEXT.notCollecting);
}

/** The organiser removes a message, held or shown. */
export async function removeContribution(deps: AppDeps, userId: number, rawGroupId: string, rawId: string): Promise<void> {
  const g = collecting(await ownGroup(deps.db, userId, rawGroupId));
  const c = await contributionOf(deps.db, g, rawId);
  if (!(await store.setContributionStatus(deps.db, g.id, c.id, 'removed', ['visible', 'pending']))) throw groupError(409, GROUP_TEXT.notCollecting);
}

/** Invitations by mail to the organiser's collecting group (at least one address: else 400). */
export async function inviteTo(deps: AppDeps, userId: number, rawId: string, emails: string[], log: FastifyBaseLogger): ReturnType<typeof invite> {
  const g = collecting(await ownGroup(deps.db, userId, rawId));
  if (emails.length === 0) throw groupError(400, GROUP_TEXT.noAddresses, 'emails');
  return invite(deps, g, emails, log);
}

/** The organiser's "send now" as `worker` (the process's name as a lease holder). */
export async function sendGroupNow(deps: AppDeps, userId: number, rawId: string, worker: string, log: FastifyBaseLogger): Promise<Group> {
  const g = await ownGroup(deps.db, userId, rawId);
  await sendNow(deps, g, worker, log);
  return freshJson(deps, g.id);
}

/** What a signer's page shows: the group and its visible messages (cancelled or unknown: 404). */
export async function inviteView(deps: AppDeps, invite: string) {
  const g = await byInvite(deps.db, invite);
  const [organiser, contributions] = await Promise.all([store.organiserOf(deps.db, g.organiser_id), store.contributionsOf(deps.db, g.id)]);
  return {
    recipient_name: g.recipient_name,
    topic: g.topic,
    note: g.note,
    organiser_name: organiser ? fullName(organiser.first_name, organiser.last_name) : '',
    deliver_at: g.deliver_local,
    time_zone: g.time_zone,
    state: g.state as 'collecting' | 'delivered',
    contributions: contributions.map(toContribution),
  };
}

export interface Signing {
  text?: unknown;
  signer_name?: unknown;
  signer_email?: string | null;
}

/**
 * A message on a collecting group: a member signs with their account's name, a visitor with the
 * one given; held when the group wants approval (never the organiser's own). Emits `group.signed`
 * and mails a given address its confirmation link.
 */
export async function contribute(deps: AppDeps, invite: string, body: Signing, inviteeToken: string | null, caller: Caller): Promise<{ contribution_id: number; status: 'visible' | 'pending'; edit_token: string }> {
  const { db, config } = deps;
  const g = collecting(await byInvite(db, invite));
  const { userId } = caller;
  const text = checkText(body.text);
  let name: string;
  if (userId !== null) {
    const member = await store.memberOf(db, userId);
    name = limitMarks(fullName(member?.first_name ?? '', member?.last_name ?? '')) || checkName(body.signer_name);
  } else name = checkName(body.signer_name);
  const email = body.signer_email?.trim().toLowerCase() || null;
  if (email !== null && !isValidEmail(email)) throw groupError(400, GROUP_TEXT.badEmail, 'signer_email');
  const status = g.approval === 'approve' && userId !== g.organiser_id ? 'pending' : 'visible';
  const result = await store.insertContribution(
    db,
    deps.dialect,
    { groupId: g.id, userId, signerName: name.slice(0, GROUP_LIMITS.signerNameMax), text, status, ip: caller.ip, inviteeToken, signerEmail: email },
    { perIpHour: config.groups.contributionsPerIpHour, max: config.groups.maxContributions },
  );
  if (result === 'closed') throw groupError(409, GROUP_TEXT.notCollecting);
  if (result === 'full') throw groupError(409, GROUP_TEXT.groupFull(config.groups.maxContributions));
  if (result === 'ip_limit') throw groupError(429, GROUP_TEXT.tooManyFromAddress);
  await deps.events.emit({ kind: 'group.signed', groupId: g.id, contributionId: result.id });
  if (email && result.confirmToken) await sendConfirmation(deps, g, email, result.confirmToken, caller.log);
  return { contribution_id: result.id, status, edit_token: result.editToken };
}

/** The writer changes their message's text, or a visitor their name (a member's is their account's). */
export async function updateOwnContribution(deps: AppDeps, invite: string, rawId: string, body: { text?: unknown; signer_name?: unknown }, userId: number | null, editToken: unknown): Promise<GroupContribution> {
  const g = collecting(await byInvite(deps.db, invite));
  const c = await contributionOf(deps.db, g, rawId);
  mayEdit(c, userId, editToken);
  const change: { signer_name?: string; text?: string } = {};
  if (body.text !== undefined) change.text = checkText(body.text);
  if (body.signer_name !== undefined && c.user_id === null) change.signer_name = checkName(body.signer_name);
  if (Object.keys(change).length > 0 && !(await store.updateContribution(deps.db, g.id, c.id, change))) throw groupError(409, GROUP_TEXT.notCollecting);
  return toContribution({ ...c, ...change });
}

/** The writer takes their message back. */
export async function withdrawOwnContribution(deps: AppDeps, invite: string, rawId: string, userId: number | null, editToken: unknown): Promise<void> {
  const g = collecting(await byInvite(deps.db, invite));
  const c = await contributionOf(deps.db, g, rawId);
  mayEdit(c, userId, editToken);
  if (!(await store.setContributionStatus(deps.db, g.id, c.id, 'removed', ['visible', 'pending']))) throw groupError(409, GROUP_TEXT.notCollecting);
}

/** Anyone reports a visible message: marked for the organiser, who is told (`group.reported`). */
export async function reportContribution(deps: AppDeps, invite: string, rawId: string): Promise<void> {
  const g = await byInvite(deps.db, invite);
  const c = await contributionOf(deps.db, g, rawId);
  if (c.status !== 'visible') throw groupError(404, GROUP_TEXT.contributionNotFound);
  await store.markReported(deps.db, c.id);
  await deps.events.emit({ kind: 'group.reported', groupId: g.id, contributionId: c.id });
}

/**
 * A draft from the site's writer for this recipient and topic, counted per address and per group
 * (429 past either). `details` goes to the writer as the details field only (data about the
 * person, as compose sends it), never as instructions.
 */
export async function suggestMessage(deps: AppDeps, invite: string, body: { details?: string; style?: string }, caller: Pick<Caller, 'ip' | 'log'>): Promise<string> {
  const { db, dialect, config } = deps;
  const g = collecting(await byInvite(db, invite));
  if (!(await store.take(db, dialect, 'suggest-ip', caller.ip, config.groups.suggestPerIpHour, HOUR))) throw groupError(429, GROUP_TEXT.tooManySuggestions);
  if (!(await store.take(db, dialect, 'suggest-group', String(g.id), config.groups.suggestPerGroupDay, 24 * HOUR))) throw groupError(429, GROUP_TEXT.tooManySuggestions);
  const input = {
    style: (body.style ?? '').trim() || 'Warm',
    audience: 'Someone we all know',
    name: g.recipient_name,
    topic: g.topic,
    details: (body.details ?? '').trim(),
  };
  let text: string;
  try {
    text = await deps.generator.generate(input, AbortSignal.timeout(60_000));
  } catch (error) {
    caller.log.warn({ err: error, groupId: g.id }, 'group suggestion failed');
    throw groupError(502, GROUP_TEXT.writerFailed);
  }
  if (typeof text !== 'string' || !text.trim()) throw groupError(502, GROUP_TEXT.writerFailed);
  return text.trim().slice(0, GROUP_LIMITS.textMax);
}

/** A signer's address confirmed from its one mail (unknown token: 404). */
export async function confirmSignerEmail(db: Kysely<Database>, token: string): Promise<void> {
  if (!(await store.confirmEmail(db, token))) throw groupError(404, GROUP_TEXT.confirmNotFound);
}

/** An invitee's one-click unsubscribe: their address takes no more mail from this site; false for an unknown token. */
export async function unsubscribeInvitee(db: Kysely<Database>, token: string): Promise<boolean> {
  const inv = await store.invitationByToken(db, token);
  if (!inv) return false;
  await suppress(db, inv.email, 'unsubscribe');
  return true;
}

// ---------------------------------------------------------------- notices (domain events)

export interface GroupNoticeDeps {
  events: EventBus;
  notifications: Notifier;
  db: Kysely<Database>;
}

/** The organiser's `group_signed` notifications, on the writer's process (app/subscriptions.ts). */
export function subscribeGroupNotices({ events, notifications, db }: GroupNoticeDeps): Array<() => void> {
  const about = async (groupId: number, contributionId: number) => {
    const g = await store.getGroup(db, groupId);
    const c = g ? await db.selectFrom('group_contributions').select(['signer_name', 'user_id']).where('id', '=', contributionId).executeTakeFirst() : undefined;
    return g && c ? { g, c } : null;
  };
  return [
    events.on('group.signed', async (event) => {
      const found = await about(event.groupId, event.contributionId);
      if (!found || found.c.user_id === found.g.organiser_id) return;
      await notifications.notify({ userId: found.g.organiser_id, kind: 'group_signed', groupId: event.groupId, text: `${found.c.signer_name} signed your group wish for ${found.g.recipient_name}.` });
    }),
    events.on('group.reported', async (event) => {
      const found = await about(event.groupId, event.contributionId);
      if (!found) return;
      await notifications.notify({ userId: found.g.organiser_id, kind: 'group_signed', groupId: event.groupId, text: `A message by ${found.c.signer_name} in your group wish for ${found.g.recipient_name} was reported.` });
    }),
  ];
}

// ---------------------------------------------------------------- mails

/** Takes `n` of the organiser's GROUP_MAILS_PER_DAY; false when they would pass it. */
export const takeMails = (deps: Pick<AppDeps, 'db' | 'dialect' | 'config'>, organiserId: number, n: number) => store.take(deps.db, deps.dialect, 'mail', String(organiserId), deps.config.groups.mailsPerDay, DAY, n);

/**
 * Mails the invite link to each new address (suppressed, invalid and already invited ones are
 * skipped with a reason). The mails count toward GROUP_MAILS_PER_DAY: past it nothing is sent (429).
 */
async function invite(deps: AppDeps, g: store.GroupRow, emails: string[], log: FastifyBaseLogger): Promise<{ invited: string[]; skipped: Array<{ email: string; reason: string }> }> {
  const organiser = await store.organiserOf(deps.db, g.organiser_id);
  if (!organiser) throw groupError(404, GROUP_TEXT.notFound);
  if (deps.config.requireVerifiedSenders && !organiser.email_verified_at) throw groupError(403, GROUP_TEXT.unverified);
  const skipped: Array<{ email: string; reason: string }> = [];
  const wanted: string[] = [];
  for (const raw of emails) {
    const email = raw.trim().toLowerCase();
    if (!isValidEmail(email)) skipped.push({ email: raw, reason: 'not an email address' });
    else if (wanted.includes(email)) continue;
    else if (await isSuppressed(deps.db, email)) skipped.push({ email, reason: 'this address takes no mail from this site' });
    else wanted.push(email);
  }
  const already = await store.invitedEmails(deps.db, g.id, wanted);
  for (const email of already) skipped.push({ email, reason: 'already invited' });
  const fresh = wanted.filter((e) => !already.has(e));
  if (!(await takeMails(deps, g.organiser_id, fresh.length))) throw groupError(429, GROUP_TEXT.tooManyMails(deps.config.groups.mailsPerDay));
  const created = await store.insertInvitations(deps.db, deps.dialect, g.id, fresh);
  const organiserName = fullName(organiser.first_name, organiser.last_name) || ANONYMOUS;
  const invited: string[] = [];
  for (const inv of created) {
    try {
      await deps.mailer.send(inviteMail({ to: inv.email, organiserName, group: g, publicUrl: deps.config.publicUrl, inviteeToken: inv.token, siteName: siteNameOf(deps.config) }));
      invited.push(inv.email);
    } catch (error) {
      log.warn({ err: error, groupId: g.id }, 'group invitation mail failed');
      skipped.push({ email: inv.email, reason: 'the mail server refused it' });
    }
  }
  return { invited, skipped };
}

/** The one mail to a new signer's address: its confirmation link. */
async function sendConfirmation(deps: AppDeps, g: store.GroupRow, email: string, token: string, log: FastifyBaseLogger): Promise<void> {
  if (await isSuppressed(deps.db, email)) return;
  const link = `${deps.config.publicUrl}/groups/confirm-email?token=${token}`;
  await deps.mailer
    .send({
      to: email,
      subject: `Confirm your address for the group wish for ${g.recipient_name}`,
      text: `You signed the group wish for ${g.recipient_name} on ${siteNameOf(deps.config)}.\n\nConfirm this address to get a copy of ${g.recipient_name}'s reply: ${link}\n\nIf this was not you, ignore this mail: you will get no other.`,
    })
    .catch((error: unknown) => log.warn({ err: error, groupId: g.id }, 'group confirmation mail failed'));
}

/**
 * Reply copies: the organiser and every signer with a confirmed address (a member's own verified
 * address counts as confirmed) get the recipient's reply; unconfirmed addresses get nothing.
 */
export async function mailReplyCopies(deps: AppDeps, g: store.GroupRow, text: string, log: FastifyBaseLogger): Promise<void> {
  const organiser = await store.organiserOf(deps.db, g.organiser_id);
  const to = new Set<string>();
  if (organiser) to.add(organiser.email.toLowerCase());
  for (const e of [...(await store.confirmedSignerEmails(deps.db, g.id)), ...(await store.memberSignerEmails(deps.db, g.id))]) to.add(e.toLowerCase());
  for (const address of to) {
    if (await isSuppressed(deps.db, address)) continue;
    await deps.mailer
      .send(replyCopyMail({ to: address, group: g, text, publicUrl: deps.config.publicUrl, siteName: siteNameOf(deps.config) }))
      .catch((error: unknown) => log.warn({ err: error, groupId: g.id }, 'group reply copy failed'));
  }
  await deps.notifications.notify({ userId: g.organiser_id, kind: 'delivery_replied', groupId: g.id, text: `${g.recipient_name || 'Your recipient'} replied: ${text.length > 120 ? `${text.slice(0, 120)}…` : text}` });
}

// ---------------------------------------------------------------- delivery

/**
 * Delivers a claimed group: one mail to the recipient (or, without an address or when it takes
 * no mail, the /w/ link to the organiser by mail and notification), then records it; only the
 * lease holder records. A failure leaves the lease to run out and a later round tries again.
 */
async function deliverClaimed(deps: AppDeps, g: store.GroupRow, worker: string, log: FastifyBaseLogger): Promise<boolean> {
  const organiser = await store.organiserOf(deps.db, g.organiser_id);
  if (!organiser) return false;
  const contributions = await store.contributionsOf(deps.db, g.id);
  if (contributions.length === 0) {
    await store.releaseLease(deps.db, g.id, worker);
    return false;
  }
  const token = g.delivery_token!;
  const others = contributions.filter((c) => c.user_id !== g.organiser_id).length;
  const site = siteNameOf(deps.config);
  const organiserName = fullName(organiser.first_name, organiser.last_name) || ANONYMOUS;
  const toRecipient = g.recipient_email !== null && !(await isSuppressed(deps.db, g.recipient_email));
  try {
    // The delivery counts toward the organiser's mails of the day; it is never held back by them.
    await takeMails(deps, g.organiser_id, 1).catch(() => undefined);
    if (toRecipient) {
      await deps.mailer.send(deliveryMail({ to: g.recipient_email!, subject: deliverySubject(organiser.first_name, others), group: g, organiserName, contributions, publicUrl: deps.config.publicUrl, token, siteName: site }));
    } else {
      await deps.mailer.send(noEmailMail({ to: organiser.email, group: g, publicUrl: deps.config.publicUrl, token, siteName: site }));
    }
  } catch (error) {
    log.warn({ err: error, groupId: g.id }, 'group delivery failed; tried again when its lease ends');
    return false;
  }
  if (!(await store.markDelivered(deps.db, g.id, worker))) return false;
  if (!toRecipient) {
    await deps.notifications.notify({ userId: g.organiser_id, kind: 'group_signed', groupId: g.id, text: `Your group wish for ${g.recipient_name} is ready to pass on: ${groupLink(deps.config.publicUrl, token)}` });
  }
  log.info({ groupId: g.id }, 'group wish delivered');
  return true;
}

/** The organiser's "send now": 409 while no message is visible or once it is not collecting. */
async function sendNow(deps: AppDeps, g: store.GroupRow, worker: string, log: FastifyBaseLogger): Promise<void> {
  if (g.state !== 'collecting') throw groupError(409, GROUP_TEXT.notCollecting);
  const visible = (await store.countVisible(deps.db, [g.id])).get(g.id) ?? 0;
  if (visible === 0) throw groupError(409, GROUP_TEXT.noMessages);
  const claimed = await store.claimGroup(deps.db, g.id, worker, deps.config.deliveryLeaseMs, true);
  // Another process holds it: it is being delivered right now.
  if (!claimed) throw groupError(409, GROUP_TEXT.notCollecting);
  if (!(await deliverClaimed(deps, claimed, worker, log))) throw groupError(503, 'The mail server could not be reached; the group is tried again shortly');
}

const ROUND_BATCH = 20;

/**
 * One round of the scheduler (deliveries/scheduler.ts): warnings for groups due within a day with
 * no message, invitees' reminders, and due groups. Each send is taken by one claim (a conditional
 * update), so across processes and restarts each goes out once. Returns the groups delivered.
 */
export async function runGroupRound(deps: AppDeps, worker: string, log: FastifyBaseLogger): Promise<number> {
  const { db, config } = deps;
  const now = new Date().toISOString();
  const site = siteNameOf(config);
  for (const g of await store.emptyGroupsToWarn(db, now, ROUND_BATCH * 5)) {
    if (!(await store.claimEmptyWarning(db, g.id, g.deliver_at_utc!))) continue;
    const organiser = await store.organiserOf(db, g.organiser_id);
    if (!organiser) continue;
    await deps.notifications.notify({ userId: g.organiser_id, kind: 'group_empty', groupId: g.id, text: `Your group wish for ${g.recipient_name} has no messages yet; it is not sent until it has one.` });
    await takeMails(deps, g.organiser_id, 1).catch(() => undefined);
    await deps.mailer.send(emptyWarningMail({ to: organiser.email, group: g, publicUrl: config.publicUrl, siteName: site })).catch((error: unknown) => log.warn({ err: error, groupId: g.id }, 'empty group warning mail failed'));
  }
  for (const inv of await store.dueInvitationReminders(db, now, ROUND_BATCH * 5)) {
    const next = Date.parse(inv.deliver_at_utc) - Date.parse(now) <= DAY ? 2 : 1;
    if (!(await store.claimReminder(db, inv.id, inv.reminders_sent, next))) continue;
    const g = await store.getGroup(db, inv.group_id);
    if (!g || (await isSuppressed(db, inv.email))) continue;
    if (!(await takeMails(deps, g.organiser_id, 1))) continue;
    const organiser = await store.organiserOf(db, g.organiser_id);
    const organiserName = organiser ? fullName(organiser.first_name, organiser.last_name) || ANONYMOUS : ANONYMOUS;
    await deps.mailer.send(reminderMail({ to: inv.email, inviteeToken: inv.token, group: g, organiserName, publicUrl: config.publicUrl, siteName: site })).catch((error: unknown) => log.warn({ err: error, groupId: g.id }, 'group reminder mail failed'));
  }
  let delivered = 0;
  for (const id of await store.dueGroups(db, now, ROUND_BATCH)) {
    const claimed = await store.claimGroup(db, id, worker, config.deliveryLeaseMs, false);
    if (claimed && (await deliverClaimed(deps, claimed, worker, log))) delivered++;
  }
  await store.pruneCounters(db);
  return delivered;
}
