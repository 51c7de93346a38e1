/** Vote, remove a vote, and list who voted (paged): HTTP only; the vote's rules are in service.ts, its writes in store.ts. */
import type { VoteType } from '@wishes/kit-contract/api';
import { DEFAULT_VOTE_TYPE } from '@wishes/kit-contract/constants';
import { defineRoutes } from '../app/deps';
import { HttpError } from '../platform/errors';
import { parseId } from '../platform/params';
import { requireUser } from '../platform/auth';
import { VOTE_TEXT, parseVotersLimit } from './schemas';
import * as q from './queries';
import { createVoteService, voteStoreOf } from './service';

const isVoteType = (v: unknown): v is VoteType => v === 'upvote' || v === 'downvote';

export default defineRoutes((app, deps) => {
  // The store of the app's database, behind the service that notifies and emits (service.ts).
  const votes = createVoteService(deps, voteStoreOf(deps, app.log), app.log);

  return {
    voteOnWish: {
      handler: async (request) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, VOTE_TEXT.notFound);
        const type = request.body.vote_type === undefined ? DEFAULT_VOTE_TYPE : request.body.vote_type;
        if (!isVoteType(type)) throw new HttpError(400, VOTE_TEXT.badType, { fields: { vote_type: VOTE_TEXT.badType } });
        const wish = await votes.change(wishId, userId, type);
        if (!wish) throw new HttpError(404, VOTE_TEXT.notFound);
        return { message: type === 'upvote' ? VOTE_TEXT.upvoted : VOTE_TEXT.downvoted, wish };
      },
    },

    removeVote: {
      handler: async (request) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, VOTE_TEXT.notFound);
        const wish = await votes.change(wishId, userId, null);
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
