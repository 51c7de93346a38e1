/**
 * The API's URL areas, one folder each; every folder's routes.ts registers the operations of the
 * table (@wishes/kit-contract/api, operations.ts) it handles. docs/routes.md lists which.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from './deps';
import optionRoutes from '../options/routes';
import accountRoutes from '../account/routes';
import authRoutes from '../auth/routes';
import wishRoutes from '../wishes/routes';
import wishReplyRoutes from '../wishes/reply-routes';
import generatorRoutes from '../generator/routes';
import chatRoutes from '../chats/routes';
import voteRoutes from '../votes/routes';
import profileRoutes from '../profiles/routes';
import mediaRoutes from '../media/routes';
import complaintRoutes from '../complaints/routes';
import offerRoutes from '../offers/routes';
import moderationRoutes from '../moderation/routes';
import notificationRoutes from '../notifications/routes';
import previewRoutes from '../previews/routes';
import deliveryRoutes from '../deliveries/routes';
import peopleRoutes from '../people/routes';
import groupRoutes from '../groups/routes';

export const API_AREAS: FastifyPluginAsync<{ deps: AppDeps }>[] = [
  optionRoutes,
  accountRoutes,
  authRoutes,
  wishRoutes,
  wishReplyRoutes,
  generatorRoutes,
  chatRoutes,
  voteRoutes,
  profileRoutes,
  mediaRoutes,
  complaintRoutes,
  offerRoutes,
  moderationRoutes,
  notificationRoutes,
  previewRoutes,
  deliveryRoutes,
  peopleRoutes,
  groupRoutes,
];
