import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { queryKeys, useQueryClient } from '@wishes/kit-client';
import { session$, signIn } from '@wishes/kit-session';
import { fakeJwt, renderRoutes } from '@wishes/kit-test';
import SignInPage from './SignInPage';
import { renderAt, resetSession } from '../test/harness';
import { answer, held, operationUrl, refuse, unchecked, type Reply } from '../test/http';

const INCORRECT = 'The email or password you entered is incorrect. Please try again or reset your password.';
const UNABLE = 'Unable to sign in. Please check your credentials.';

async function submitCredentials(email = 'ann@example.com', password = 'secret-pass', path = '/auth/sign_in') {
  const user = userEvent.setup();
  renderAt(path);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

beforeEach(resetSession);

describe('SignInPage', () => {
  it('shows the form with labels, autocomplete hints and links to sign up and reset', () => {
    renderAt('/auth/sign_in');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(document.title).toBe('Sign In | Wishes');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('form', { name: 'Sign in' })).toHaveAttribute('novalidate');
    expect(screen.getByRole('link', { name: /sign up/i })).toHaveAttribute('href', '/auth/sign_up');
    expect(screen.getByRole('link', { name: /forgot your password/i })).toHaveAttribute('href', '/auth/reset_password');
  });

  it('requires both fields, highlights them and focuses the first missing one without calling the server', async () => {
    const sent = answer('obtainToken', unchecked(200, {}));
    await submitCredentials('', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('focuses the password when only the password is missing', async () => {
    const sent = answer('obtainToken', unchecked(200, {}));
    await submitCredentials('ann@example.com', '');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
  });

  it('signs in: stores the tokens, publishes the user and goes to /feed', async () => {
    const access = fakeJwt({ user_id: 42 });
    const sent = answer('obtainToken', { status: 200, body: { access, refresh: 'refresh-token' } });
    await submitCredentials('ann@example.com', 'secret-pass');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/feed'));
    expect(sent[0]).toEqual({
      url: operationUrl('obtainToken'),
      method: 'POST',
      body: { username: 'ann@example.com', password: 'secret-pass' },
    });
    expect(localStorage.getItem('access_token')).toBe(access);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-token');
    expect(localStorage.getItem('username')).toBe('ann@example.com');
    expect(session$.value.user).toEqual(expect.objectContaining({ username: 'ann@example.com', userId: 42 }));
  });

  it("drops what the cache held for the visitor: the feed another remote cached reloads as the member's", async () => {
    answer('obtainToken', { status: 200, body: { access: fakeJwt({ user_id: 42 }), refresh: 'r' } });
    const visitorsFeed = { wishes: [{ id: 1, text: 'Public wish', user_vote: null }], page_number: 1 };
    // mf-feed's cached first page, as the visitor saw it before signing in.
    function WithFeedCached() {
      const client = useQueryClient();
      useState(() => client.setQueryData(queryKeys.feed(1), visitorsFeed));
      return <SignInPage />;
    }
    function FeedCache() {
      const state = useQueryClient().getQueryState(queryKeys.feed(1));
      return <p>{state ? `cached: ${state.data === undefined ? 'nothing' : 'the visitor feed'}` : 'no query'}</p>;
    }
    renderRoutes([{ path: '/auth/sign_in', element: <WithFeedCached /> }, { path: '/feed', element: <FeedCache /> }], { url: '/auth/sign_in' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/feed'));
    expect(screen.getByText('cached: nothing')).toBeInTheDocument();
  });

  it('returns to the page the visitor was heading to (?next=), and carries it to sign-up', async () => {
    answer('obtainToken', { status: 200, body: { access: fakeJwt({ user_id: 42 }), refresh: 'r' } });
    renderAt('/auth/sign_in?next=%2Fcompose%2FBirthday');
    expect(screen.getByRole('link', { name: /sign up/i })).toHaveAttribute('href', '/auth/sign_up?next=%2Fcompose%2FBirthday');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/compose\/Birthday$/));
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])('ignores an unsafe next %s and goes to /feed', async (next) => {
    answer('obtainToken', { status: 200, body: { access: fakeJwt({ user_id: 42 }), refresh: 'r' } });
    await submitCredentials('ann@example.com', 'secret-pass', `/auth/sign_in?next=${encodeURIComponent(next)}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/feed$/));
  });

  it('disables the submit button while the request is pending', async () => {
    const { reply, release } = held();
    answer('obtainToken', reply);
    await submitCredentials();
    const button = screen.getByRole('button', { name: 'Signing In...' });
    expect(button).toBeDisabled();
    release(500, {});
    expect(await screen.findByRole('alert')).toHaveTextContent(UNABLE);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it.each([
    ['the server detail', { detail: 'Account is locked.' }, 'Account is locked.'],
    ['the first non_field_errors entry', { non_field_errors: ['Too many attempts.', 'second'] }, 'Too many attempts.'],
    ['the friendly text for "No active account"', { detail: 'No active account found with the given credentials' }, INCORRECT],
    ['the friendly text for "Invalid credentials"', { non_field_errors: ['Invalid credentials provided.'] }, INCORRECT],
    ['the default when the 401 carries no text', {}, 'Invalid email or password'],
  ])('a 401 shows %s', async (_case, body, expected) => {
    answer('obtainToken', unchecked(401, body));
    await submitCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(screen.getByRole('alert').textContent).toBe(expected);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(session$.value.user).toBeNull();
  });

  it.each([
    ['a server error', refuse(500, 'Database down')],
    ['a network failure', 'network-error' as const],
    ['a 400', refuse(400, 'username: required')],
  ])('%s shows the generic sign-in failure', async (_case, reply: Reply<'obtainToken'>) => {
    answer('obtainToken', reply);
    await submitCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent(UNABLE);
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/sign_in');
  });

  it.each([
    ['without a refresh token', { access: 'abc' }],
    ['with empty tokens', { access: '', refresh: '' }],
  ])('a success response %s shows "Authentication failed"', async (_case, body) => {
    answer('obtainToken', unchecked(200, body));
    await submitCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/sign_in');
  });

  it('shows a message handed over in the router state', () => {
    renderAt('/auth/sign_in', { message: 'Login failed. Please try logging in manually.' });
    expect(screen.getByText('Login failed. Please try logging in manually.')).toBeInTheDocument();
  });

  it('offers a link to the feed when already signed in', () => {
    signIn({ access: fakeJwt(), refresh: 'r' }, 'ann@example.com');
    renderAt('/auth/sign_in');
    expect(screen.getByText(/signed in as ann@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '/feed');
  });
});
