/** Vote, remove a vote, and list who voted (paged). */
import type { VoteType } from '@wishes/kit-contract/api';
import { DEFAULT_VOTE_TYPE } from '@wishes/kit-contract/constants';
import { defineRoutes } from '../app/deps';
import { HttpError } from '../platform/errors';
import { parseId } from '../platform/params';
import { requireUser } from '../platform/auth';
import { sqliteHandleOf } from '../db/connect';
import { VOTE_TEXT, parseVotersLimit } from './schemas';
import * as q from './queries';
import { createSqliteVoteWriter } from './sqlite-vote-writer';
import { createPostgresVoteWriter } from './postgres-vote-writer';

const isVoteType = (v: unknown): v is VoteType => v === 'upvote' || v === 'downvote';

export default defineRoutes((app, deps) => {
  const { db, dialect } = deps;
  const raw = dialect === 'sqlite' ? sqliteHandleOf(db) : null;
  const sqliteWrite = raw ? createSqliteVoteWriter(raw, (error) => app.log.error({ err: error }, 'notification (vote) not recorded')) : null;
  const postgresWrite = dialect === 'postgres' ? createPostgresVoteWriter(db) : null;

  const publish = async (authorId: number) => {
    await deps.notifications.bus.publish(authorId).catch((error: unknown) => app.log.error({ err: error }, 'notification (vote) not published'));
  };
  /**
   * Group commit on both databases: the votes that arrive together are written by one transaction
   * and each is answered after its COMMIT (PostgreSQL: postgres-vote-writer.ts, one call per batch;
   * SQLite: sqlite-vote-writer.ts, one synchronous transaction; when a Kysely transaction is open
   * on the connection, the vote alone through Kysely). The author's notification is queued and
   * written after the answer (notifications/queue.ts), which then tells the author's streams.
   */
  const changeVote = async (wishId: number, userId: number, voteType: VoteType | null) => {
    const wish = await writeVote(wishId, userId, voteType);
    // Before the answer: the read model's subscriber drops the pages showing this wish and sets the voter's own index, in every process.
    if (wish) await deps.events.emit({ kind: 'vote.changed', wishId, userId, vote: voteType });
    return wish;
  };
  const writeVote = async (wishId: number, userId: number, voteType: VoteType | null) => {
    if (postgresWrite) {
      const done = await postgresWrite(wishId, userId, voteType);
      if (done) await deps.notifications.voteChanged(wishId, userId, voteType, done.authorId);
      return done?.summary ?? null;
    }
    const fast = await sqliteWrite?.(wishId, userId, voteType);
    if (fast !== undefined) {
      if (fast?.notifyUserId != null) await publish(fast.notifyUserId);
      return fast?.summary ?? null;
    }
    const wish = voteType === null ? await q.removeVote(db, dialect, wishId, userId) : await q.castVote(db, dialect, wishId, userId, voteType);
    if (wish) await deps.notifications.voteChanged(wishId, userId, voteType);
    return wish;
  };

  return {
    voteOnWish: {
      handler: async (request) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, VOTE_TEXT.notFound);
        const type = request.body.vote_type === undefined ? DEFAULT_VOTE_TYPE : request.body.vote_type;
        if (!isVoteType(type)) throw new HttpError(400, VOTE_TEXT.badType, { fields: { vote_type: VOTE_TEXT.badType } });
        const wish = await changeVote(wishId, userId, type);
        if (!wish) throw new HttpError(404, VOTE_TEXT.notFound);
        return { message: type === 'upvote' ? VOTE_TEXT.upvoted : VOTE_TEXT.downvoted, wish };
      },
    },

    removeVote: {
      handler: async (request) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, VOTE_TEXT.notFound);
        const wish = await changeVote(wishId, userId, null);
        if (!wish) throw new HttpError(404, VOTE_TEXT.notFound);
        return { message: VOTE_TEXT.removed, wish };
      },
    },

    listVoters: {
      handler: async (request) => {
        const wishId = parseId(request.params.id, VOTE_TEXT.notFound);
        const filter = request.query.vote_type;
        if (filter !== undefined && filter !== '' && !isVoteType(filter)) throw new HttpError(400, VOTE_TEXT.badType, { fields: { vote_type: VOTE_TEXT.badType } });
        const limit = parseVotersLimit(request.query.limit);
        if (limit === null) throw new HttpError(400, VOTE_TEXT.badLimit, { fields: { limit: VOTE_TEXT.badLimit } });
        const cursor = request.query.cursor === undefined ? null : q.decodeVotersCursor(request.query.cursor);
        if (request.query.cursor !== undefined && !cursor) throw new HttpError(400, VOTE_TEXT.badCursor, { fields: { cursor: VOTE_TEXT.badCursor } });
        const type = isVoteType(filter) ? filter : undefined;
        // A listed wish's pages come from the read model; any other wish's are read fresh.
        const { header, page } = await q.votersPageFor(deps.readModel, wishId, type, limit, cursor, request.userId);
        if (!header) throw new HttpError(404, VOTE_TEXT.notFound);
        const { up, down } = header;
        return {
          voters: page.voters,
          // Every vote the filter selects, on every page (not this page's length).
          count: type === 'upvote' ? up : type === 'downvote' ? down : up + down,
          upvote_count: up,
          downvote_count: down,
          total_count: up + down,
          net_count: up - down,
          current_user_vote: header.mine,
          next_cursor: page.next ? q.encodeVotersCursor(page.next) : null,
        };
      },
    },
  };
});
