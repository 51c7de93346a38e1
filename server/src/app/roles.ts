/**
 * Who is an admin. ONE function to switch once accounts carry a `role` (api-v2 "Roles and
 * states", migration 0007 on another branch): when the users table has a `role` column it alone
 * decides; until then the ADMIN_EMAILS list does. Read from the database on every call, so a
 * change counts at once.
 */
import type { AppDeps } from './deps';

export async function isAdmin(deps: Pick<AppDeps, 'db' | 'config'>, userId: number): Promise<boolean> {
  const row = await deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) return false;
  const role = (row as { role?: unknown }).role;
  if (role !== undefined) return role === 'admin';
  return deps.config.adminEmails.includes(row.email.toLowerCase());
}
