import { applyVoteSummary, failureText, nextVoteAction, successText } from './voteMachine';
import { makeWish } from '../test/fixtures';

it.each([
  [null, 'upvote', { kind: 'cast', voteType: 'upvote' }],
  [null, 'downvote', { kind: 'cast', voteType: 'downvote' }],
  ['upvote', 'upvote', { kind: 'remove' }],
  ['upvote', 'downvote', { kind: 'cast', voteType: 'downvote' }],
  ['downvote', 'downvote', { kind: 'remove' }],
  ['downvote', 'upvote', { kind: 'cast', voteType: 'upvote' }],
] as const)('from %s, pressing %s → %o', (current, pressed, expected) => {
  expect(nextVoteAction(current, pressed)).toEqual(expected);
});

it('maps actions to the spec texts', () => {
  expect(successText({ kind: 'cast', voteType: 'upvote' })).toBe('Upvoted');
  expect(successText({ kind: 'cast', voteType: 'downvote' })).toBe('Downvoted');
  expect(successText({ kind: 'remove' })).toBe('Vote removed');
  expect(failureText({ kind: 'cast', voteType: 'upvote' })).toBe('Failed to upvote. Please try again.');
  expect(failureText({ kind: 'cast', voteType: 'downvote' })).toBe('Failed to downvote. Please try again.');
  expect(failureText({ kind: 'remove' })).toBe('Failed to remove vote. Please try again.');
});

it("replaces the counts and vote_type with the server's, keeping the rest", () => {
  const wish = makeWish({ text: 'kept', upvote_count: 10, downvote_count: 10, vote_count: 0, vote_type: 'upvote' });
  const updated = applyVoteSummary(wish, { id: 1, upvote_count: 1, downvote_count: 2, vote_count: -1, vote_type: null });
  expect(updated).toEqual({ ...wish, upvote_count: 1, downvote_count: 2, vote_count: -1, vote_type: null });
});
