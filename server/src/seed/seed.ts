/**
 * Demo data for a new site (SEED_DEMO, on by default for `npm start`): runs only when the database
 * has no users, so it never touches a site in use. Users and wishes come from demo-content.ts;
 * votes and follows are derived from them deterministically so counters are real.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app/deps';
import { hashPassword } from '../auth/passwords';
import { countUsers, findUserByEmail, insertUser } from '../auth/queries';
import { isUniqueViolation } from '../db/errors';
import { insertWish } from '../wishes/queries';
import { createVoteService, voteStoreOf } from '../votes/service';
import { subscribe } from '../profiles/queries';
import { demoUsers, demoWishes } from './demo-content';

export interface SeedResult {
  seeded: boolean;
  users: number;
  wishes: number;
}

export async function seedDemoData(deps: AppDeps, log: Pick<FastifyBaseLogger, 'error'> = console): Promise<SeedResult> {
  const { db, config } = deps;
  if ((await countUsers(db)) > 0) return { seeded: false, users: 0, wishes: 0 };

  const ids = new Map<string, number>();
  for (const u of demoUsers) {
    const email = u.email.toLowerCase();
    try {
      const id = await insertUser(db, { email, passwordHash: await hashPassword(u.password, config.scryptCost), firstName: u.first_name, lastName: u.last_name, phone: u.phone });
      ids.set(email, id);
    } catch (error) {
      // Another instance seeding at the same moment: use its row.
      if (!isUniqueViolation(error)) throw error;
      const existing = await findUserByEmail(db, email);
      if (existing) ids.set(email, existing.id);
    }
  }
  const userIds = [...ids.values()];

  // Oldest first, so ids grow with time like real posts.
  const wishes = [...demoWishes].sort((a, b) => b.minutesAgo - a.minutesAgo);
  const now = Date.now();
  const wishIds: Array<{ id: number; authorId: number; isPublic: boolean }> = [];
  for (const w of wishes) {
    const authorId = ids.get(w.authorEmail.toLowerCase());
    if (authorId === undefined) continue;
    const id = await insertWish(db, authorId, w.text, w.is_public, new Date(now - w.minutesAgo * 60_000).toISOString());
    wishIds.push({ id, authorId, isPublic: w.is_public });
  }

  // Every user votes on some public wishes of others: mostly upvotes, an occasional downvote.
  // Through the votes service and its store, as a request votes (the authors' notifications included).
  const votes = createVoteService(deps, voteStoreOf(deps, log), log);
  for (const [i, wish] of wishIds.entries()) {
    if (!wish.isPublic) continue;
    for (const [j, userId] of userIds.entries()) {
      if (userId === wish.authorId || (i + j) % 3 === 0) continue;
      await votes.change(wish.id, userId, (i * 7 + j) % 11 === 0 ? 'downvote' : 'upvote');
    }
  }
  await deps.notifications.flush();
  // Each user follows the next two.
  for (const [i, userId] of userIds.entries()) {
    for (const step of [1, 2]) {
      const target = userIds[(i + step) % userIds.length];
      // No follow.changed: the seed runs before the first request (nothing is held yet), and the demo has no "new follower" notifications.
      if (target !== userId) await subscribe(db, userId, target);
    }
  }
  return { seeded: true, users: userIds.length, wishes: wishIds.length };
}
