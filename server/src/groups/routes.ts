/**
 * Group wishes (operations tagged `groups`, docs/groups.md): the organiser's calls under
 * /api/groups/{group_id}/, the signers' calls under /api/groups/invite/{invite}/ (no sign-in
 * needed), and the invitee's one-click unsubscribe. HTTP only (the caller, the answer, the
 * headers): the rules and events are `service.ts`'s, the SQL `store.ts`'s.
 * The invite secret and the tokens are never logged: app/request-log.ts scrubs those paths.
 */
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { defineRoutes } from '../app/deps';
import { answerSchemaErrorsWithDetail } from '../platform/error-handler';
import { requireUser } from '../platform/auth';
import { parsePage } from '../platform/params';
import { MINUTE, byIp } from '../platform/ratelimit';
import * as groups from './service';
import { GROUP_TEXT } from './texts';

const PAGE = 20;
const noReferrer = (reply: FastifyReply) => reply.header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex').header('Cache-Control', 'no-store');

export default defineRoutes((app, deps) => {
  answerSchemaErrorsWithDetail(app);
  // The process's name as a lease holder when the organiser sends now.
  const worker = `${process.pid}-send-${randomBytes(4).toString('hex')}`;

  // The invitee's one-click unsubscribe (RFC 8058) from an invitation or reminder: the address
  // takes no more mail from this site. Not in the operation table: only mail programs call it.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
  }
  app.post<{ Params: { token: string } }>('/api/groups/unsubscribe/:token/', { schema: { hide: true } }, async (request, reply) => {
    noReferrer(reply);
    if (!(await groups.unsubscribeInvitee(deps.db, request.params.token))) return reply.code(404).send({ detail: GROUP_TEXT.confirmNotFound });
    return { message: GROUP_TEXT.unsubscribed };
  });

  return {
    createGroup: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => reply.code(201).send({ group: await groups.createGroup(deps, requireUser(request), request.body) }),
    },

    listGroups: {
      handler: async (request) => {
        const userId = requireUser(request);
        const page = parsePage(request.query.page);
        const { groups: shown, more } = await groups.listGroupsOf(deps, userId, page, PAGE);
        return { groups: shown, page_number: page, next_page_number: more ? page + 1 : null };
      },
    },

    getGroup: {
      handler: async (request) => groups.groupDetail(deps, requireUser(request), request.params.group_id),
    },

    updateGroup: {
      handler: async (request) => ({ group: await groups.updateGroup(deps, requireUser(request), request.params.group_id, request.body) }),
    },

    deleteGroup: {
      handler: async (request) => ({ group: await groups.cancelGroup(deps, requireUser(request), request.params.group_id) }),
    },

    rotateGroupInvite: {
      handler: async (request) => ({ group: await groups.rotateInvite(deps, requireUser(request), request.params.group_id) }),
    },

    approveGroupContribution: {
      handler: async (request) => {
        await groups.approveContribution(deps, requireUser(request), request.params.group_id, request.params.contribution_id);
        return { message: GROUP_TEXT.approved };
      },
    },

    removeGroupContribution: {
      handler: async (request) => {
        await groups.removeContribution(deps, requireUser(request), request.params.group_id, request.params.contribution_id);
        return { message: GROUP_TEXT.removed };
      },
    },

    inviteToGroup: {
      rateLimit: [{ max: 30, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => reply.code(201).send(await groups.inviteTo(deps, requireUser(request), request.params.group_id, request.body.emails, request.log)),
    },

    sendGroup: {
      handler: async (request) => ({ group: await groups.sendGroupNow(deps, requireUser(request), request.params.group_id, worker, request.log) }),
    },

    // A read as the recipient's link's JSON (getReceivedWish): no throttle of its own.
    getGroupInvite: {
      handler: async (request, reply) => {
        noReferrer(reply);
        return groups.inviteView(deps, request.params.invite);
      },
    },

    contributeToGroup: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const caller = { userId: request.userId, ip: request.ip, log: request.log };
        return reply.code(201).send(await groups.contribute(deps, request.params.invite, request.body, request.query.i ?? null, caller));
      },
    },

    updateGroupContribution: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const contribution = await groups.updateOwnContribution(deps, request.params.invite, request.params.contribution_id, request.body, request.userId, request.headers['x-edit-token']);
        return { contribution };
      },
    },

    deleteGroupContribution: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        await groups.withdrawOwnContribution(deps, request.params.invite, request.params.contribution_id, request.userId, request.headers['x-edit-token']);
        return { message: GROUP_TEXT.withdrawn };
      },
    },

    reportGroupContribution: {
      rateLimit: [{ max: 20, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        await groups.reportContribution(deps, request.params.invite, request.params.contribution_id);
        return reply.code(204).send();
      },
    },

    suggestGroupMessage: {
      rateLimit: [{ max: 30, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        return { text: await groups.suggestMessage(deps, request.params.invite, request.body, { ip: request.ip, log: request.log }) };
      },
    },

    confirmGroupEmail: {
      rateLimit: [{ max: 30, windowMs: MINUTE, key: byIp }],
      handler: async (request) => {
        await groups.confirmSignerEmail(deps.db, request.body.token);
        return { message: GROUP_TEXT.confirmed };
      },
    },
  };
});
