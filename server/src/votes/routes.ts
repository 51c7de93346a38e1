/** Vote, remove a vote, and list who voted. */
import type { VoteType } from '@wishes/shared/contract';
import { DEFAULT_VOTE_TYPE } from '@wishes/shared/constants';
import { defineRoutes } from '../app/operations';
import { HttpError } from '../app/errors';
import { parseId } from '../app/params';
import { requireUser } from '../app/auth';
import { isWishVisible } from '../wishes/queries';
import { VOTE_TEXT } from './schemas';
import * as q from './queries';

const isVoteType = (v: unknown): v is VoteType => v === 'upvote' || v === 'downvote';

export default defineRoutes((_app, deps) => {
  const { db, dialect } = deps;
  return {
    voteOnWish: {
      handler: async (request) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, VOTE_TEXT.notFound);
        const raw = request.body.vote_type === undefined ? DEFAULT_VOTE_TYPE : request.body.vote_type;
        if (!isVoteType(raw)) throw new HttpError(400, VOTE_TEXT.badType, { fields: { vote_type: VOTE_TEXT.badType } });
        const wish = await q.castVote(db, dialect, wishId, userId, raw);
        if (!wish) throw new HttpError(404, VOTE_TEXT.notFound);
        await deps.notifications.voteChanged(wishId, userId, raw);
        return { message: raw === 'upvote' ? VOTE_TEXT.upvoted : VOTE_TEXT.downvoted, wish };
      },
    },

    removeVote: {
      handler: async (request) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, VOTE_TEXT.notFound);
        const wish = await q.removeVote(db, dialect, wishId, userId);
        if (!wish) throw new HttpError(404, VOTE_TEXT.notFound);
        await deps.notifications.voteChanged(wishId, userId, null);
        return { message: VOTE_TEXT.removed, wish };
      },
    },

    listVoters: {
      handler: async (request) => {
        const wishId = parseId(request.params.id, VOTE_TEXT.notFound);
        const filter = request.query.vote_type;
        if (filter !== undefined && filter !== '' && !isVoteType(filter)) throw new HttpError(400, VOTE_TEXT.badType, { fields: { vote_type: VOTE_TEXT.badType } });
        if (!(await isWishVisible(db, wishId, request.userId))) throw new HttpError(404, VOTE_TEXT.notFound);
        const type = isVoteType(filter) ? filter : undefined;
        const [voters, counts, mine] = await Promise.all([q.listVoters(db, wishId, type), q.voteCounts(db, wishId), q.userVote(db, wishId, request.userId)]);
        return {
          voters,
          // Exact even past VOTERS_LIMIT: the number of votes the filter selects.
          count: type === 'upvote' ? counts.upvote_count : type === 'downvote' ? counts.downvote_count : counts.upvote_count + counts.downvote_count,
          upvote_count: counts.upvote_count,
          downvote_count: counts.downvote_count,
          total_count: counts.upvote_count + counts.downvote_count,
          net_count: counts.upvote_count - counts.downvote_count,
          current_user_vote: mine,
        };
      },
    },
  };
});
