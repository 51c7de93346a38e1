/**
 * `npm run admin -- role <email> <role>`: sets a user's role on the configured database (SQLite
 * or PostgreSQL). The command logic is a function so tests run it on both databases.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { ROLES, type Role } from '../db/types';

export const ADMIN_USAGE = 'Usage: npm run admin -- role <email> <user|moderator|admin>';

export interface CommandResult {
  code: 0 | 1;
  message: string;
}

/**
 * Which database a command works on, in words a person can check against the server's settings:
 * the SQLite file's absolute path, or PostgreSQL's database, host, port and user (never the password).
 */
export function describeDatabase(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return `SQLite database ${databaseUrl.slice('sqlite:'.length)}`;
  try {
    const url = new URL(databaseUrl);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
    const user = url.username ? ` as ${decodeURIComponent(url.username)}` : '';
    return `PostgreSQL database ${name} on ${url.hostname || 'localhost'}:${url.port || '5432'}${user}`;
  } catch {
    return 'PostgreSQL database (unparsable DATABASE_URL)';
  }
}

export async function runAdminCommand(db: Kysely<Database>, args: string[]): Promise<CommandResult> {
  const [command, email, role, ...rest] = args;
  if (command !== 'role' || !email || !role || rest.length > 0) return { code: 1, message: ADMIN_USAGE };
  if (!ROLES.includes(role as Role)) return { code: 1, message: `Unknown role "${role}": use one of ${ROLES.join(', ')}.` };
  const result = await db
    .updateTable('users')
    .set({ role: role as Role })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return { code: 1, message: `No user with the email ${email}.` };
  return { code: 0, message: `${email.trim().toLowerCase()} is now ${role}.` };
}
