/**
 * Who is an admin (docs/api.md, "Own wishes and moderation"): the `users.role` column, read from the database on
 * every call so a promotion or demotion counts at once. Roles are set with
 * `npm run admin -- role <email> <role>`.
 */
import type { AppDeps } from './deps';
import { getRole } from '../moderation/queries';

export async function isAdmin(deps: Pick<AppDeps, 'db'>, userId: number): Promise<boolean> {
  return (await getRole(deps.db, userId)) === 'admin';
}
