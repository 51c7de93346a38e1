import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app/deps';

export default async function routes(_app: FastifyInstance, _opts: { deps: AppDeps }) {}
