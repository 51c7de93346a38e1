import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session$ } from '@wishes/kit-session';
import { fakeJwt, recordToasts } from '@wishes/kit-test';
import { renderAt, resetSession } from '../test/harness';
import { allSent, answer, held, operationUrl, refuse, unchecked, type Reply, type Sent } from '../test/http';

const LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  password: 'Password',
  confirm_password: 'Confirm password',
} as const;
type Field = keyof typeof LABELS;

const COMPLETE: Record<Field, string> = {
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  phone: '+1 555 0100',
  password: 'Str0ng-pass!',
  confirm_password: 'Str0ng-pass!',
};

async function fillAndSubmit(values: Partial<Record<Field, string>>, path = '/auth/sign_up') {
  const user = userEvent.setup();
  renderAt(path);
  for (const [field, value] of Object.entries(values) as Array<[Field, string]>) {
    if (value) await user.type(screen.getByLabelText(LABELS[field]), value);
  }
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return user;
}

const created: Reply<'createUser'> = { status: 201, body: { user_id: 5 } };

/** Answers sign-up with `signUp` and the automatic login with `login`; every request in order. */
function answerSignUp(signUp: Reply<'createUser'>, login: Reply<'obtainToken'> = { status: 200, body: { access: fakeJwt({ user_id: 5 }), refresh: 'refresh-5' } }): readonly Sent[] {
  answer('createUser', signUp);
  answer('obtainToken', login);
  return allSent;
}

let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  resetSession();
  toasts = recordToasts();
});
afterEach(() => toasts.stop());

describe('SignUpPage', () => {
  it('shows six labelled fields with autocomplete hints', () => {
    renderAt('/auth/sign_up');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(document.title).toBe('Sign Up | Wishes');
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('form', { name: 'Sign up' })).toHaveAttribute('novalidate');
    expect(screen.getByRole('link', { name: /sign in/i })).toHaveAttribute('href', '/auth/sign_in');
  });

  it('highlights every missing field and focuses the first, without calling the server', async () => {
    const sent = answerSignUp(created);
    await fillAndSubmit({});
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    for (const label of Object.values(LABELS)) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('highlights only the missing fields and focuses the first of them in form order', async () => {
    const sent = answerSignUp(created);
    await fillAndSubmit({ ...COMPLETE, phone: '', confirm_password: '' });
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('shows every field\'s error at once, beside its field (aria-describedby), and the password rules before submitting', async () => {
    const sent = answerSignUp(created);
    renderAt('/auth/sign_up');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters, not only digits, not a common password and not like your name or email.');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@nowhere');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter a valid phone number (digits, with an optional + and spaces).');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 8 characters long$/);
    // The mismatch too, in the same pass: not one more round after the password is fixed.
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription("Please edit the passwords as they don't match.");
    expect(screen.getByLabelText('Last name')).toHaveFocus();
    // Fixing the password leaves the mismatch, beside the confirmation, with the spec's text.
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Str0ng-pass!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription("Please edit the passwords as they don't match.");
    expect(sent).toEqual([]);
  });

  it('refuses passwords that do not match', async () => {
    const sent = answerSignUp(created);
    await fillAndSubmit({ ...COMPLETE, confirm_password: 'Different-1' });
    expect(screen.getByRole('alert')).toHaveTextContent("Please edit the passwords as they don't match.");
    // Only the confirmation is marked, and it has the focus: that is the field to fix.
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
  });

  it.each([
    ['This password is too common.', 400],
    ['A user with that email already exists.', 409],
  ])('shows the server error "%s"', async (message, status) => {
    answerSignUp(refuse(status, message));
    await fillAndSubmit(COMPLETE);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/sign_up');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('highlights and focuses the fields the server names', async () => {
    answerSignUp(refuse(400, 'Enter a valid email address.', { email: 'Enter a valid email address.' }));
    await fillAndSubmit(COMPLETE);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it.each([
    ['a 500 without an error text', unchecked(500, {})],
    ['a network failure', 'network-error' as const],
    ['a success without user_id', unchecked(201, {})],
  ])('falls back to "Could not create account" on %s', async (_case, reply: Reply<'createUser'>) => {
    answerSignUp(reply);
    await fillAndSubmit(COMPLETE);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not create account');
    expect(screen.getByRole('alert').textContent).toBe('Could not create account');
  });

  it('after sign-up, returns to the page the visitor was heading to (?next=), never off the site', async () => {
    answerSignUp(created);
    await fillAndSubmit(COMPLETE, '/auth/sign_up?next=%2Fcompose%2FBirthday');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/compose\/Birthday$/));
  });

  it('ignores an unsafe next after sign-up', async () => {
    answerSignUp(created);
    await fillAndSubmit(COMPLETE, '/auth/sign_up?next=%2F%2Fevil.com');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/feed$/));
  });

  it('creates the account, signs in automatically, goes to /feed and welcomes the user', async () => {
    const access = fakeJwt({ user_id: 5 });
    const sent = answerSignUp(created, { status: 200, body: { access, refresh: 'refresh-5' } });
    await fillAndSubmit(COMPLETE);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/feed'));
    expect(sent[0]).toEqual({
      url: operationUrl('createUser'),
      method: 'POST',
      body: { email: 'ann@example.com', password: 'Str0ng-pass!', first_name: 'Ann', last_name: 'Lee', phone: '+1 555 0100' },
    });
    expect(sent[1]).toEqual({
      url: operationUrl('obtainToken'),
      method: 'POST',
      body: { username: 'ann@example.com', password: 'Str0ng-pass!' },
    });
    expect(localStorage.getItem('access_token')).toBe(access);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-5');
    expect(session$.value.user).toEqual(expect.objectContaining({ username: 'ann@example.com', userId: 5 }));
    expect(toasts.toasts).toEqual([expect.objectContaining({ kind: 'success', text: 'Welcome to Wishes, Ann!' })]);
  });

  it.each([
    ['a rejected login', unchecked(401, { detail: 'No active account found with the given credentials' })],
    ['a login response without tokens', unchecked(200, {})],
  ])('after %s it goes to sign-in with "Login failed. Please try logging in manually."', async (_case, loginReply: Reply<'obtainToken'>) => {
    answerSignUp(created, loginReply);
    await fillAndSubmit(COMPLETE);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/sign_in'));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Login failed. Please try logging in manually.')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(session$.value.user).toBeNull();
    expect(toasts.toasts).toEqual([]);
  });

  it('disables the submit button while the account is being created', async () => {
    answerSignUp(held().reply);
    await fillAndSubmit(COMPLETE);
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  });
});
