/**
 * What grows is bounded (docs/operations.md → "What grows is bounded"): once a day every server
 * process prunes, each rule idempotent, so processes of a cluster may overlap harmlessly.
 *
 * | rule | kept |
 * | notifications | read ones 90 days, unread ones 365 days (by their last update) |
 * | client errors (canary reports) | 30 days |
 * | canary addresses (who loaded or reported a canary) | 7 days (a canary's window is minutes) |
 * | the outbox folder (MAIL_TRANSPORT=outbox) | 7 days |
 * | cached cards (DATA_DIR/cards) | CARD_CACHE_MB, least recently written out first (re-drawn on demand) |
 * | releases | RELEASES_KEEP per remote besides the active, the canary and the rollback target |
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { pruneReleases } from '../releases/service';

const DAY_MS = 86_400_000;

/** The documented windows (days). */
export const PRUNE_WINDOWS = {
  readNotificationsDays: 90,
  unreadNotificationsDays: 365,
  clientErrorsDays: 30,
  canaryAddressesDays: 7,
  outboxDays: 7,
} as const;

/** Once a day; the first run a minute after the process starts listening. */
const PRUNE_EVERY_MS = DAY_MS;
const FIRST_PRUNE_AFTER_MS = 60_000;

export interface PruneContext {
  db: Kysely<Database>;
  dataDir: string;
  outboxDir: string;
  releasesDir: string;
  siteRoot: string;
  releasesKeep: number;
  cardCacheBytes: number;
  /** Now in ms (tests). */
  now?: number;
}

export interface PruneReport {
  notifications: number;
  clientErrors: number;
  canaryAddresses: number;
  outboxFiles: number;
  cardFiles: number;
  releases: string[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Applies every rule once; returns what each removed. */
export async function pruneOnce(ctx: PruneContext): Promise<PruneReport> {
  const now = ctx.now ?? Date.now();
  const w = PRUNE_WINDOWS;
  const read = await ctx.db
    .deleteFrom('notifications')
    .where('read_at', 'is not', null)
    .where('updated_at', '<', iso(now - w.readNotificationsDays * DAY_MS))
    .executeTakeFirst();
  const unread = await ctx.db.deleteFrom('notifications').where('updated_at', '<', iso(now - w.unreadNotificationsDays * DAY_MS)).executeTakeFirst();
  const clientErrors = await ctx.db.deleteFrom('client_errors').where('created_at', '<', iso(now - w.clientErrorsDays * DAY_MS)).executeTakeFirst();
  const canaryAddresses = await ctx.db.deleteFrom('canary_addresses').where('seen_ms', '<', now - w.canaryAddressesDays * DAY_MS).executeTakeFirst();
  return {
    notifications: Number(read.numDeletedRows) + Number(unread.numDeletedRows),
    clientErrors: Number(clientErrors.numDeletedRows),
    canaryAddresses: Number(canaryAddresses.numDeletedRows),
    outboxFiles: pruneOlderFiles(ctx.outboxDir, now - w.outboxDays * DAY_MS),
    cardFiles: pruneToSize(path.join(ctx.dataDir, 'cards'), ctx.cardCacheBytes),
    releases: await pruneReleases({ db: ctx.db, releasesDir: ctx.releasesDir, siteRoot: ctx.siteRoot }, ctx.releasesKeep),
  };
}

interface FileInfo {
  file: string;
  bytes: number;
  mtimeMs: number;
}

function filesUnder(dir: string): FileInfo[] {
  const out: FileInfo[] = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out; // no folder: nothing to prune
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(file));
    else if (entry.isFile()) {
      const stat = statSync(file, { throwIfNoEntry: false });
      if (stat) out.push({ file, bytes: stat.size, mtimeMs: stat.mtimeMs });
    }
  }
  return out;
}

/** Removes files last written before `before` (ms); returns how many. */
function pruneOlderFiles(dir: string, before: number): number {
  let removed = 0;
  for (const f of filesUnder(dir)) {
    if (f.mtimeMs >= before) continue;
    rmSync(f.file, { force: true });
    removed++;
  }
  return removed;
}

/** Removes the least recently written files until the folder holds at most `maxBytes`; returns how many. */
function pruneToSize(dir: string, maxBytes: number): number {
  const files = filesUnder(dir).sort((a, b) => a.mtimeMs - b.mtimeMs);
  let total = files.reduce((n, f) => n + f.bytes, 0);
  let removed = 0;
  for (const f of files) {
    if (total <= maxBytes) break;
    rmSync(f.file, { force: true });
    total -= f.bytes;
    removed++;
  }
  return removed;
}

/** Prunes a minute after the server listens, then daily (a serving process only: tests that inject never listen). */
export function schedulePruning(app: FastifyInstance, ctx: Omit<PruneContext, 'now'>): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const report = await pruneOnce(ctx);
      const removed = report.notifications + report.clientErrors + report.canaryAddresses + report.outboxFiles + report.cardFiles + report.releases.length;
      if (removed > 0) {
        app.log.info(
          `pruned: ${report.notifications} notifications, ${report.clientErrors} client errors, ${report.canaryAddresses} canary addresses, ${report.outboxFiles} outbox files, ${report.cardFiles} cached cards, ${report.releases.length} releases`,
        );
      }
    } catch (error) {
      app.log.warn({ err: error }, 'pruning failed; it is tried again tomorrow');
    }
    timer = setTimeout(() => void run(), PRUNE_EVERY_MS);
    timer.unref();
  };
  app.addHook('onListen', async () => {
    timer = setTimeout(() => void run(), FIRST_PRUNE_AFTER_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
