/** The active release of each remote and the history of switches (tables of migration 0005). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';

export type SwitchAction = 'activate' | 'rollback' | 'canary' | 'promote' | 'auto-rollback';

export interface SwitchRecord {
  id: number;
  remote: string;
  action: SwitchAction;
  release_id: string;
  previous_release_id: string | null;
  actor: string;
  created_at: string;
  /** A canary's share of browsers (action 'canary'). */
  percent: number | null;
  /** Why (an auto-rollback's error rate). */
  reason: string | null;
}

export interface CanaryState {
  release: string;
  percent: number;
  started_by: string;
  started_at: string;
}

/** remote folder → its running canary. */
export async function activeCanaries(db: Kysely<Database>): Promise<Map<string, CanaryState>> {
  const rows = await db.selectFrom('remote_canary').selectAll().execute();
  return new Map(rows.map((row) => [row.remote, { release: row.release_id, percent: Number(row.percent), started_by: row.started_by, started_at: row.started_at }]));
}

/** remote folder → active release id, for every remote ever switched. */
export async function activeReleases(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('remote_active').select(['remote', 'release_id']).execute();
  return new Map(rows.map((row) => [row.remote, row.release_id]));
}

/** The switches of one remote (or all), newest first. */
export async function switchHistory(db: Kysely<Database>, remote?: string, limit = 50): Promise<SwitchRecord[]> {
  let query = db.selectFrom('remote_switches').selectAll().orderBy('id', 'desc').limit(limit);
  if (remote) query = query.where('remote', '=', remote);
  return (await query.execute()) as SwitchRecord[];
}

/** The canary a switch was meant to end (promote, rollback, auto-rollback) had already ended or changed. */
export class CanaryEnded extends Error {
  constructor(remote: string, release: string) {
    super(`the canary ${release} of ${remote} ended meanwhile`);
    this.name = 'CanaryEnded';
  }
}

/**
 * Makes `release` the active one of `remote` and records the switch, in one transaction: two
 * admins switching at once each see a consistent "previous" release. `endsCanary`: the canary
 * this switch ends; the switch happens only if it still runs (its row is deleted here, so of
 * several processes ending it at once exactly one records the switch), else CanaryEnded.
 */
export async function recordSwitch(
  db: Kysely<Database>,
  input: { remote: string; release: string; action: SwitchAction; actor: string; fallback: string; percent?: number; reason?: string; endsCanary?: string },
): Promise<SwitchRecord> {
  return db.transaction().execute(async (trx) => {
    if (input.endsCanary !== undefined) {
      // Row-locking delete: a concurrent one waits, then finds nothing left to delete.
      const ended = await trx.deleteFrom('remote_canary').where('remote', '=', input.remote).where('release_id', '=', input.endsCanary).executeTakeFirst();
      if (Number(ended.numDeletedRows) === 0) throw new CanaryEnded(input.remote, input.endsCanary);
    }
    const current = await trx.selectFrom('remote_active').select('release_id').where('remote', '=', input.remote).executeTakeFirst();
    const canary = input.endsCanary !== undefined ? { release_id: input.endsCanary } : await trx.selectFrom('remote_canary').select('release_id').where('remote', '=', input.remote).executeTakeFirst();
    const now = nowIso();
    let previous = current?.release_id ?? input.fallback;
    if (input.action === 'canary') {
      // The active release stays; a share of browsers gets this one.
      await trx
        .insertInto('remote_canary')
        .values({ remote: input.remote, release_id: input.release, percent: input.percent!, started_by: input.actor, started_at: now })
        .onConflict((oc) => oc.column('remote').doUpdateSet({ release_id: input.release, percent: input.percent!, started_by: input.actor, started_at: now }))
        .execute();
    } else {
      // Any other switch ends a canary: activate/promote replace it, a rollback drops it.
      await trx.deleteFrom('remote_canary').where('remote', '=', input.remote).execute();
      if (canary && (input.action === 'rollback' || input.action === 'auto-rollback') && input.release === previous) previous = canary.release_id;
      await trx
        .insertInto('remote_active')
        .values({ remote: input.remote, release_id: input.release, switched_at: now })
        .onConflict((oc) => oc.column('remote').doUpdateSet({ release_id: input.release, switched_at: now }))
        .execute();
    }
    const record = {
      remote: input.remote,
      action: input.action,
      release_id: input.release,
      previous_release_id: previous,
      actor: input.actor,
      created_at: now,
      percent: input.percent ?? null,
      reason: input.reason ?? null,
    };
    const { id } = await trx.insertInto('remote_switches').values(record).returning('id').executeTakeFirstOrThrow();
    return { id, ...record };
  });
}

/**
 * The release a rollback returns to: the one that was active before the current one came in by
 * an activation. Rolling back walks back through activations (a rollback's own switch is skipped,
 * so two rollbacks go two releases back, not back and forth).
 */
export async function rollbackTarget(db: Kysely<Database>, remote: string, current: string): Promise<string | null> {
  const history = await db.selectFrom('remote_switches').selectAll().where('remote', '=', remote).orderBy('id', 'desc').execute();
  // Releases already rolled back from (newest first), so walking back never returns to them.
  const rolledBack = new Set<string>();
  for (const row of history) {
    // A canary never changed the active release.
    if (row.action === 'canary') continue;
    if (row.action === 'rollback' || row.action === 'auto-rollback') {
      if (row.previous_release_id) rolledBack.add(row.previous_release_id);
      continue;
    }
    if (row.release_id === current && row.previous_release_id && !rolledBack.has(row.previous_release_id)) return row.previous_release_id;
  }
  return null;
}

/**
 * Activates `release` for everyone only when the remote's active release is still `expected`
 * (undefined: none yet), in one transaction: of several processes starting at once, one switches
 * and the others find it done. Returns the switch, or null when the state had moved on.
 */
export async function activateIfCurrent(db: Kysely<Database>, input: { remote: string; release: string; actor: string; expected: string | undefined; fallback: string }): Promise<SwitchRecord | null> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (input.expected === undefined) {
      const inserted = await trx
        .insertInto('remote_active')
        .values({ remote: input.remote, release_id: input.release, switched_at: now })
        .onConflict((oc) => oc.column('remote').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    } else {
      // Row-locking update: a concurrent one re-reads the row and finds it changed.
      const updated = await trx
        .updateTable('remote_active')
        .set({ release_id: input.release, switched_at: now })
        .where('remote', '=', input.remote)
        .where('release_id', '=', input.expected)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return null;
    }
    const record = {
      remote: input.remote,
      action: 'activate' as const,
      release_id: input.release,
      previous_release_id: input.expected ?? input.fallback,
      actor: input.actor,
      created_at: now,
      percent: null,
      reason: null,
    };
    const { id } = await trx.insertInto('remote_switches').values(record).returning('id').executeTakeFirstOrThrow();
    return { id, ...record };
  });
}

/** True when `release` of `remote` is or was live (active, a canary, or any switch's target): it passed the gate then. */
export async function everLive(db: Kysely<Database>, remote: string, release: string): Promise<boolean> {
  const switched = await db.selectFrom('remote_switches').select('id').where('remote', '=', remote).where('release_id', '=', release).limit(1).executeTakeFirst();
  if (switched) return true;
  const active = await db.selectFrom('remote_active').select('remote').where('remote', '=', remote).where('release_id', '=', release).executeTakeFirst();
  if (active) return true;
  return Boolean(await db.selectFrom('remote_canary').select('remote').where('remote', '=', remote).where('release_id', '=', release).executeTakeFirst());
}

/** How long a release stays served after it stopped being live: tabs opened before a switch still load its chunks. */
export const OLD_RELEASE_SERVED_MS = 24 * 3600_000;

/**
 * Until when (ms) the files of `release` of `remote` may be served: for a live release (active or
 * a canary) `now + recheckMs`, when it is checked again; for one that stopped being live, 24 hours
 * after the switch that ended it (open tabs); null for a release that never went live (only its
 * preview serves it) or stopped more than 24 hours ago.
 */
export async function servedUntil(db: Kysely<Database>, remote: string, release: string, now: number, recheckMs: number): Promise<number | null> {
  const live = await db.selectFrom('remote_active').select('remote').where('remote', '=', remote).where('release_id', '=', release).executeTakeFirst();
  const canary = live ?? (await db.selectFrom('remote_canary').select('remote').where('remote', '=', remote).where('release_id', '=', release).executeTakeFirst());
  if (canary) return now + recheckMs;
  // Replays the remote's switches: when did this release last leave the live ones?
  const history = await db.selectFrom('remote_switches').select(['action', 'release_id', 'previous_release_id', 'created_at']).where('remote', '=', remote).orderBy('id', 'asc').execute();
  let active: string | null = history[0]?.previous_release_id ?? null;
  let running: string | null = null;
  let endedAt: number | null = null;
  for (const row of history) {
    const wasLive = active === release || running === release;
    if (row.action === 'canary') running = row.release_id;
    else {
      active = row.release_id;
      running = null;
    }
    if (wasLive && active !== release && running !== release) endedAt = Date.parse(row.created_at);
  }
  if (endedAt === null || Number.isNaN(endedAt)) return null;
  const until = endedAt + OLD_RELEASE_SERVED_MS;
  return until > now ? until : null;
}
