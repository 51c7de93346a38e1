import { signIn, signOut } from '../session';
import { fakeJwt } from '../testing/session';
import { createQueryClient, followSession } from './queryClient';

const signInAs = (userId: number) => signIn({ access: fakeJwt({ user_id: userId }), refresh: fakeJwt({ user_id: userId, token_type: 'refresh' }) }, `user${userId}`);

describe('the page cache follows the session', () => {
  afterEach(() => signOut());

  it('signing in from signed out keeps what is shown and marks it stale', () => {
    signOut();
    const client = followSession(createQueryClient());
    client.setQueryData(['wishes', 'feed', 1], { results: ['a card'] });
    signInAs(7);
    expect(client.getQueryData(['wishes', 'feed', 1])).toEqual({ results: ['a card'] });
    expect(client.getQueryState(['wishes', 'feed', 1])?.isInvalidated).toBe(true);
  });

  it("signing out or another member signing in drops everything the last member's pages held", () => {
    signInAs(7);
    const client = followSession(createQueryClient());
    client.setQueryData(['account'], { username: 'user7' });
    client.setQueryData(['wishes', 'user', 7, 1], { results: ['a private wish'] });
    signInAs(8);
    expect(client.getQueryData(['account'])).toBeUndefined();
    expect(client.getQueryData(['wishes', 'user', 7, 1])).toBeUndefined();
    client.setQueryData(['account'], { username: 'user8' });
    signOut();
    expect(client.getQueryData(['account'])).toBeUndefined();
  });

  it('a token refresh for the same member changes nothing', () => {
    signInAs(7);
    const client = followSession(createQueryClient());
    client.setQueryData(['account'], { username: 'user7' });
    signInAs(7);
    expect(client.getQueryData(['account'])).toEqual({ username: 'user7' });
    expect(client.getQueryState(['account'])?.isInvalidated).toBe(false);
  });
});
