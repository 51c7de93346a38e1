import { signIn, signOut } from '@wishes/kit-session';
import { fakeJwt } from '@wishes/kit-test';
import { createQueryClient } from './queryClient';

const signInAs = (userId: number) => signIn({ access: fakeJwt({ user_id: userId }), refresh: fakeJwt({ user_id: userId, token_type: 'refresh' }) }, `user${userId}`);

describe('the page cache follows the session', () => {
  afterEach(() => signOut());

  it('signing in drops what was fetched for the visitor (cards without their votes)', () => {
    signOut();
    const client = createQueryClient();
    client.setQueryData(['wishes', 'feed', 1], { results: ['a card'] });
    signInAs(7);
    expect(client.getQueryData(['wishes', 'feed', 1])).toBeUndefined();
  });

  it("signing out or another member signing in drops everything the last member's pages held", () => {
    signInAs(7);
    const client = createQueryClient();
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
    const client = createQueryClient();
    client.setQueryData(['account'], { username: 'user7' });
    signInAs(7);
    expect(client.getQueryData(['account'])).toEqual({ username: 'user7' });
    expect(client.getQueryState(['account'])?.isInvalidated).toBe(false);
  });
});
