/**
 * Team tokens (docs/teams.md): a token is good for one remote's release calls, within its scopes.
 * Shown once at creation (`wtt_<token_id>_<secret>`); only its sha256 is stored, so a leaked
 * database does not leak usable tokens. Tokens expire (90 days by default), record their last use
 * and can be revoked. Only admins create them (the CLI on the server, or the admin HTTP call);
 * creating the first token of a remote that does not exist yet admits that remote.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, RemoteTokensTable } from '../db/types';
import { nowIso } from '../db/types';

export const TOKEN_SCOPES = ['publish', 'activate', 'promote'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const DEFAULT_TOKEN_DAYS = 90;
/** Every team token starts so: the auth hook tells it from a JWT without verifying anything. */
export const TEAM_TOKEN_PREFIX = 'wtt_';
const TOKEN_FORMAT = /^wtt_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
export const TEAM_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,62}$/;

export interface TeamTokenInfo {
  token_id: string;
  remote: string;
  name: string;
  scopes: TokenScope[];
  created_by: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** The team's address for release mails, or null. */
  email: string | null;
}

/** A verified team token: who it is and what it may do. */
export interface TeamCaller {
  token_id: string;
  remote: string;
  name: string;
  scopes: TokenScope[];
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function isTeamToken(token: string): boolean {
  return token.startsWith(TEAM_TOKEN_PREFIX);
}

/**
 * The API paths a team token may call (a remote's release calls and the list); on any other API
 * path it answers 401. `/api/admin/remotes/{remote}/tokens/` is not one: only admins manage tokens.
 */
export const TEAM_TOKEN_PATHS = /^\/api\/admin\/remotes(\/[a-z][a-z0-9-]{0,62}\/(releases|activate|rollback|promote|preview|errors))?\/?$/;

/** "publish,activate" → the scopes, or null when one is unknown or none is given. */
export function parseScopes(value: string): TokenScope[] | null {
  const scopes = [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
  if (!scopes.length || !scopes.every((s) => (TOKEN_SCOPES as readonly string[]).includes(s))) return null;
  return TOKEN_SCOPES.filter((s) => scopes.includes(s));
}

function toInfo(row: Omit<RemoteTokensTable, 'token_hash'>): TeamTokenInfo {
  return {
    token_id: row.token_id,
    remote: row.remote,
    name: row.name,
    scopes: parseScopes(row.scopes) ?? [],
    created_by: row.created_by,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    email: row.email ?? null,
  };
}

export async function createTeamToken(
  db: Kysely<Database>,
  input: { remote: string; name: string; scopes?: TokenScope[]; expiresDays?: number; createdBy: string; email?: string | null },
): Promise<{ info: TeamTokenInfo; token: string }> {
  const tokenId = randomBytes(8).toString('hex');
  const token = `${TEAM_TOKEN_PREFIX}${tokenId}_${randomBytes(32).toString('base64url')}`;
  const now = new Date();
  const days = input.expiresDays ?? DEFAULT_TOKEN_DAYS;
  const row = {
    token_id: tokenId,
    remote: input.remote,
    name: input.name,
    token_hash: sha256(token),
    scopes: (input.scopes ?? [...TOKEN_SCOPES]).join(','),
    created_by: input.createdBy,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
    last_used_at: null,
    revoked_at: null,
    email: input.email ?? null,
  };
  await db.insertInto('remote_tokens').values(row).execute();
  return { info: toInfo(row), token };
}

/** Tokens of one remote (or all), newest first, without their hashes. */
export async function listTeamTokens(db: Kysely<Database>, remote?: string): Promise<TeamTokenInfo[]> {
  let query = db
    .selectFrom('remote_tokens')
    .select(['token_id', 'remote', 'name', 'scopes', 'created_by', 'created_at', 'expires_at', 'last_used_at', 'revoked_at', 'email'])
    .orderBy('created_at', 'desc')
    .orderBy('token_id');
  if (remote) query = query.where('remote', '=', remote);
  return (await query.execute()).map(toInfo);
}

/** Revokes a token (of `remote` when given); false when there is no such live token. */
export async function revokeTeamToken(db: Kysely<Database>, tokenId: string, remote?: string): Promise<boolean> {
  let query = db.updateTable('remote_tokens').set({ revoked_at: nowIso() }).where('token_id', '=', tokenId).where('revoked_at', 'is', null);
  if (remote) query = query.where('remote', '=', remote);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The addresses of `remote`'s live tokens (not revoked, not expired), each once: its team's release mails go there. */
export async function teamEmails(db: Kysely<Database>, remote: string): Promise<string[]> {
  const rows = await db.selectFrom('remote_tokens').select('email').where('remote', '=', remote).where('revoked_at', 'is', null).where('expires_at', '>', nowIso()).where('email', 'is not', null).execute();
  return [...new Set(rows.map((r) => r.email).filter((e): e is string => Boolean(e)))];
}

/** Remotes that have a token (revoked or not): an admin admitted them. */
export async function remotesWithTokens(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('remote_tokens').select('remote').distinct().execute();
  return rows.map((r) => r.remote).sort();
}

/** The live token `token` stands for (recording its use), or null: malformed, unknown, revoked or expired. */
export async function verifyTeamToken(db: Kysely<Database>, token: string): Promise<TeamCaller | null> {
  const match = TOKEN_FORMAT.exec(token);
  if (!match) return null;
  const row = await db.selectFrom('remote_tokens').selectAll().where('token_id', '=', match[1]).executeTakeFirst();
  if (!row) return null;
  const expected = Buffer.from(row.token_hash, 'hex');
  const given = Buffer.from(sha256(token), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const now = nowIso();
  if (row.revoked_at || row.expires_at <= now) return null;
  await db.updateTable('remote_tokens').set({ last_used_at: now }).where('token_id', '=', row.token_id).execute();
  return { token_id: row.token_id, remote: row.remote, name: row.name, scopes: parseScopes(row.scopes) ?? [] };
}
