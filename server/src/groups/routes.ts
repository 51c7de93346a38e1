/**
 * Group wishes (operations tagged `groups`, docs/groups.md): the organiser's calls under
 * /api/groups/{group_id}/, the signers' calls under /api/groups/invite/{invite}/ (no sign-in
 * needed), and the invitee's one-click unsubscribe. Routes → service (rules, mails) → store (SQL).
 * The invite secret and the tokens are never logged: app/request-log.ts scrubs those paths.
 */
import type { FastifyReply } from 'fastify';
import { GROUP_LIMITS } from '@wishes/kit-contract/api';
import { randomBytes } from 'node:crypto';
import { defineRoutes } from '../app/deps';
import { answerSchemaErrorsWithDetail } from '../platform/error-handler';
import { requireUser } from '../platform/auth';
import { parsePage } from '../platform/params';
import { MINUTE, byIp } from '../platform/ratelimit';
import { isValidEmail } from '../auth/schemas';
import { limitMarks } from '../previews/card-text';
import { fullName } from '../wishes/visibility';
import { suppress } from '../deliveries/queries';
import { checkGroup, groupError, groupJson, invite, sendConfirmation, sendNow, toContribution, toGroup, toOrganiserContribution } from './service';
import * as store from './store';
import { GROUP_TEXT } from './texts';

const PAGE = 20;
const HOUR = 3_600_000;
const toId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null);
const noReferrer = (reply: FastifyReply) => reply.header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex').header('Cache-Control', 'no-store');

export default defineRoutes((app, deps) => {
  answerSchemaErrorsWithDetail(app);
  const { db, dialect, config } = deps;
  // The process's name as a lease holder when the organiser sends now.
  const worker = `${process.pid}-send-${randomBytes(4).toString('hex')}`;

  const memberZone = async (userId: number) => (await db.selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirst())?.time_zone ?? null;

  /** The caller's own group, or 404 for anyone else's. */
  const ownGroup = async (userId: number, raw: string) => {
    const id = toId(raw);
    const g = id === null ? undefined : await store.getGroup(db, id);
    if (!g || g.organiser_id !== userId) throw groupError(404, GROUP_TEXT.notFound);
    return g;
  };
  const collecting = (g: store.GroupRow) => {
    if (g.state !== 'collecting') throw groupError(409, GROUP_TEXT.notCollecting);
    return g;
  };
  const byInvite = async (invite: string) => {
    const g = await store.groupByInvite(db, invite);
    if (!g) throw groupError(404, GROUP_TEXT.inviteNotFound);
    return g;
  };
  const contributionOf = async (g: store.GroupRow, raw: string) => {
    const id = toId(raw);
    const c = id === null ? undefined : await store.getContribution(db, g.id, id);
    if (!c) throw groupError(404, GROUP_TEXT.contributionNotFound);
    return c;
  };
  /** The writer of a message: its edit token, or the member who wrote it. */
  const mayEdit = (c: store.ContributionRow, userId: number | null, editToken: unknown) => {
    if (typeof editToken === 'string' && store.looksLikeSecret(editToken) && store.hashSecret(editToken) === c.edit_token_hash) return;
    if (userId !== null && c.user_id === userId) return;
    throw groupError(403, GROUP_TEXT.badEditToken);
  };
  const checkText = (raw: unknown) => {
    const text = typeof raw === 'string' ? limitMarks(raw.trim()) : '';
    if (!text || text.length > GROUP_LIMITS.textMax) throw groupError(400, GROUP_TEXT.blankText, 'text');
    return text;
  };
  const checkName = (raw: unknown) => {
    const name = typeof raw === 'string' ? limitMarks(raw.trim()) : '';
    if (!name || name.length > GROUP_LIMITS.signerNameMax) throw groupError(400, GROUP_TEXT.blankName, 'signer_name');
    return name;
  };
  const detail = async (g: store.GroupRow) => ({ group: await groupJson(deps, g, true), contributions: (await store.contributionsOf(db, g.id, true)).map(toOrganiserContribution) });

  // The invitee's one-click unsubscribe (RFC 8058) from an invitation or reminder: the address
  // takes no more mail from this site. Not in the operation table: only mail programs call it.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
  }
  app.post<{ Params: { token: string } }>('/api/groups/unsubscribe/:token/', { schema: { hide: true } }, async (request, reply) => {
    noReferrer(reply);
    const inv = await store.invitationByToken(db, request.params.token);
    if (!inv) return reply.code(404).send({ detail: GROUP_TEXT.confirmNotFound });
    await suppress(db, inv.email, 'unsubscribe');
    return { message: GROUP_TEXT.unsubscribed };
  });

  return {
    createGroup: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        const userId = requireUser(request);
        const checked = checkGroup(config, request.body, await memberZone(userId));
        const id = await store.insertGroup(db, dialect, userId, checked, config.groups.perDay);
        if (id === null) throw groupError(429, GROUP_TEXT.tooManyGroups(config.groups.perDay));
        return reply.code(201).send({ group: await groupJson(deps, (await store.getGroup(db, id))!, true) });
      },
    },

    listGroups: {
      handler: async (request) => {
        const userId = requireUser(request);
        const page = parsePage(request.query.page);
        const rows = await store.listGroups(db, userId, page, PAGE);
        const shown = rows.slice(0, PAGE);
        const counts = await store.countVisible(db, shown.map((g) => g.id));
        const organisers = new Map<number, Awaited<ReturnType<typeof store.organiserOf>>>();
        for (const g of shown) if (!organisers.has(g.organiser_id)) organisers.set(g.organiser_id, await store.organiserOf(db, g.organiser_id));
        return {
          groups: shown.map((g) => toGroup(g, organisers.get(g.organiser_id), counts.get(g.id) ?? 0, config.publicUrl, g.organiser_id === userId)),
          page_number: page,
          next_page_number: rows.length > PAGE ? page + 1 : null,
        };
      },
    },

    getGroup: {
      handler: async (request) => detail(await ownGroup(requireUser(request), request.params.group_id)),
    },

    updateGroup: {
      handler: async (request) => {
        const userId = requireUser(request);
        const g = collecting(await ownGroup(userId, request.params.group_id));
        const checked = checkGroup(config, request.body, await memberZone(userId), g);
        if (!(await store.updateGroup(db, g.id, checked))) throw groupError(409, GROUP_TEXT.notCollecting);
        return { group: await groupJson(deps, (await store.getGroup(db, g.id))!, true) };
      },
    },

    deleteGroup: {
      handler: async (request) => {
        const g = collecting(await ownGroup(requireUser(request), request.params.group_id));
        if (!(await store.cancelGroup(db, g.id))) throw groupError(409, GROUP_TEXT.notCollecting);
        return { group: await groupJson(deps, (await store.getGroup(db, g.id))!, true) };
      },
    },

    rotateGroupInvite: {
      handler: async (request) => {
        const g = collecting(await ownGroup(requireUser(request), request.params.group_id));
        if (!(await store.rotateInvite(db, g.id))) throw groupError(409, GROUP_TEXT.notCollecting);
        return { group: await groupJson(deps, (await store.getGroup(db, g.id))!, true) };
      },
    },

    approveGroupContribution: {
      handler: async (request) => {
        const g = collecting(await ownGroup(requireUser(request), request.params.group_id));
        const c = await contributionOf(g, request.params.contribution_id);
        if (c.status !== 'visible' && !(await store.setContributionStatus(db, g.id, c.id, 'visible', ['pending']))) throw groupError(409, GROUP_TEXT.notCollecting);
        return { message: GROUP_TEXT.approved };
      },
    },

    removeGroupContribution: {
      handler: async (request) => {
        const g = collecting(await ownGroup(requireUser(request), request.params.group_id));
        const c = await contributionOf(g, request.params.contribution_id);
        if (!(await store.setContributionStatus(db, g.id, c.id, 'removed', ['visible', 'pending']))) throw groupError(409, GROUP_TEXT.notCollecting);
        return { message: GROUP_TEXT.removed };
      },
    },

    inviteToGroup: {
      rateLimit: [{ max: 30, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        const g = collecting(await ownGroup(requireUser(request), request.params.group_id));
        if (request.body.emails.length === 0) throw groupError(400, GROUP_TEXT.noAddresses, 'emails');
        return reply.code(201).send(await invite(deps, g, request.body.emails, request.log));
      },
    },

    sendGroup: {
      handler: async (request) => {
        const g = await ownGroup(requireUser(request), request.params.group_id);
        await sendNow(deps, g, worker, request.log);
        return { group: await groupJson(deps, (await store.getGroup(db, g.id))!, true) };
      },
    },

    // A read as the recipient's link's JSON (getReceivedWish): no throttle of its own.
    getGroupInvite: {
      handler: async (request, reply) => {
        noReferrer(reply);
        const g = await byInvite(request.params.invite);
        const [organiser, contributions] = await Promise.all([store.organiserOf(db, g.organiser_id), store.contributionsOf(db, g.id)]);
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
      },
    },

    contributeToGroup: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const g = await byInvite(request.params.invite);
        if (g.state !== 'collecting') throw groupError(409, GROUP_TEXT.notCollecting);
        const userId = request.userId;
        const text = checkText(request.body.text);
        let name: string;
        if (userId !== null) {
          const member = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
          name = limitMarks(fullName(member?.first_name ?? '', member?.last_name ?? '')) || checkName(request.body.signer_name);
        } else name = checkName(request.body.signer_name);
        const email = request.body.signer_email?.trim().toLowerCase() || null;
        if (email !== null && !isValidEmail(email)) throw groupError(400, GROUP_TEXT.badEmail, 'signer_email');
        const status = g.approval === 'approve' && userId !== g.organiser_id ? 'pending' : 'visible';
        const result = await store.insertContribution(
          db,
          dialect,
          { groupId: g.id, userId, signerName: name.slice(0, GROUP_LIMITS.signerNameMax), text, status, ip: request.ip, inviteeToken: request.query.i ?? null, signerEmail: email },
          { perIpHour: config.groups.contributionsPerIpHour, max: config.groups.maxContributions },
        );
        if (result === 'closed') throw groupError(409, GROUP_TEXT.notCollecting);
        if (result === 'full') throw groupError(409, GROUP_TEXT.groupFull(config.groups.maxContributions));
        if (result === 'ip_limit') throw groupError(429, GROUP_TEXT.tooManyFromAddress);
        await deps.events.emit({ kind: 'group.signed', groupId: g.id, contributionId: result.id });
        if (email && result.confirmToken) await sendConfirmation(deps, g, email, result.confirmToken, request.log);
        return reply.code(201).send({ contribution_id: result.id, status, edit_token: result.editToken });
      },
    },

    updateGroupContribution: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const g = await byInvite(request.params.invite);
        if (g.state !== 'collecting') throw groupError(409, GROUP_TEXT.notCollecting);
        const c = await contributionOf(g, request.params.contribution_id);
        mayEdit(c, request.userId, request.headers['x-edit-token']);
        const change: { signer_name?: string; text?: string } = {};
        if (request.body.text !== undefined) change.text = checkText(request.body.text);
        // A member's name is their account's.
        if (request.body.signer_name !== undefined && c.user_id === null) change.signer_name = checkName(request.body.signer_name);
        if (Object.keys(change).length > 0 && !(await store.updateContribution(db, g.id, c.id, change))) throw groupError(409, GROUP_TEXT.notCollecting);
        return { contribution: toContribution({ ...c, ...change }) };
      },
    },

    deleteGroupContribution: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const g = await byInvite(request.params.invite);
        if (g.state !== 'collecting') throw groupError(409, GROUP_TEXT.notCollecting);
        const c = await contributionOf(g, request.params.contribution_id);
        mayEdit(c, request.userId, request.headers['x-edit-token']);
        if (!(await store.setContributionStatus(db, g.id, c.id, 'removed', ['visible', 'pending']))) throw groupError(409, GROUP_TEXT.notCollecting);
        return { message: GROUP_TEXT.withdrawn };
      },
    },

    reportGroupContribution: {
      rateLimit: [{ max: 20, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const g = await byInvite(request.params.invite);
        const c = await contributionOf(g, request.params.contribution_id);
        if (c.status !== 'visible') throw groupError(404, GROUP_TEXT.contributionNotFound);
        await store.markReported(db, c.id);
        await deps.events.emit({ kind: 'group.reported', groupId: g.id, contributionId: c.id });
        return reply.code(204).send();
      },
    },

    suggestGroupMessage: {
      rateLimit: [{ max: 30, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const g = await byInvite(request.params.invite);
        if (g.state !== 'collecting') throw groupError(409, GROUP_TEXT.notCollecting);
        if (!(await store.take(db, dialect, 'suggest-ip', request.ip, config.groups.suggestPerIpHour, HOUR))) throw groupError(429, GROUP_TEXT.tooManySuggestions);
        if (!(await store.take(db, dialect, 'suggest-group', String(g.id), config.groups.suggestPerGroupDay, 24 * HOUR))) throw groupError(429, GROUP_TEXT.tooManySuggestions);
        // `details` goes to the writer as the details field only (data about the person, as compose sends it).
        const input = {
          style: (request.body.style ?? '').trim() || 'Warm',
          audience: 'Someone we all know',
          name: g.recipient_name,
          topic: g.topic,
          details: (request.body.details ?? '').trim(),
        };
        let text: string;
        try {
          text = await deps.generator.generate(input, AbortSignal.timeout(60_000));
        } catch (error) {
          request.log.warn({ err: error, groupId: g.id }, 'group suggestion failed');
          throw groupError(502, 'The writer could not draft a message just now');
        }
        if (typeof text !== 'string' || !text.trim()) throw groupError(502, 'The writer could not draft a message just now');
        return { text: text.trim().slice(0, GROUP_LIMITS.textMax) };
      },
    },

    confirmGroupEmail: {
      rateLimit: [{ max: 30, windowMs: MINUTE, key: byIp }],
      handler: async (request) => {
        if (!(await store.confirmEmail(db, request.body.token))) throw groupError(404, GROUP_TEXT.confirmNotFound);
        return { message: GROUP_TEXT.confirmed };
      },
    },
  };
});
