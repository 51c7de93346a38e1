/** Profiles, subscribe/unsubscribe, and subscription lists. `/api/profile/my/...` are static routes, which the router prefers over `:id`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParamSchema, ProfileSchema, SubscribeResponseSchema, SubscriptionsResultSchema } from '@wishes/shared/contract';
import { ANONYMOUS } from '@wishes/shared/constants';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../app/errors';
import { parseId } from '../app/params';
import { requireUser } from '../app/auth';
import { PROFILE_TEXT } from './schemas';
import * as q from './queries';

export default async function profileRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.get('/api/profile/my/subscriptions/', { schema: { tags: ['profiles'], security: [{ bearer: [] }], response: { 200: SubscriptionsResultSchema } }, preHandler: app.authenticate }, async (request) =>
    q.listSubscriptions(db, requireUser(request)),
  );

  app.get('/api/profile/:id/', { schema: { tags: ['profiles'], params: IdParamSchema, response: { 200: ProfileSchema } } }, async (request) => {
    const id = parseId(request.params.id, PROFILE_TEXT.notFound);
    const profile = await q.getProfile(db, id, request.userId);
    if (!profile) throw new HttpError(404, PROFILE_TEXT.notFound);
    return profile;
  });

  app.get('/api/profile/:id/subscriptions/', { schema: { tags: ['profiles'], params: IdParamSchema, response: { 200: SubscriptionsResultSchema } } }, async (request) => {
    const id = parseId(request.params.id, PROFILE_TEXT.notFound);
    if (!(await q.findUser(db, id))) throw new HttpError(404, PROFILE_TEXT.notFound);
    return q.listSubscriptions(db, id);
  });

  const change = (kind: 'subscribe' | 'unsubscribe') => async (request: FastifyRequest) => {
    const me = requireUser(request);
    const targetId = parseId((request.params as { id: string }).id, PROFILE_TEXT.notFound);
    const target = await q.findUser(db, targetId);
    if (!target) throw new HttpError(404, PROFILE_TEXT.notFound);
    if (targetId === me) throw new HttpError(400, PROFILE_TEXT.self);
    const changed = kind === 'subscribe' ? await q.subscribe(db, me, targetId) : await q.unsubscribe(db, me, targetId);
    if (changed) await deps.notifications.followChanged(me, targetId, kind === 'subscribe');
    const profile = (await q.getProfile(db, targetId, me))!;
    const name = profile.full_name || ANONYMOUS;
    return { message: kind === 'subscribe' ? PROFILE_TEXT.subscribed(name) : PROFILE_TEXT.unsubscribed(name), profile };
  };
  const subscribeSchema = { tags: ['profiles'], security: [{ bearer: [] }], params: IdParamSchema, response: { 200: SubscribeResponseSchema } };
  app.post('/api/profile/:id/subscribe/', { schema: subscribeSchema, preHandler: app.authenticate }, change('subscribe'));
  app.delete('/api/profile/:id/subscribe/', { schema: subscribeSchema, preHandler: app.authenticate }, change('unsubscribe'));
}
