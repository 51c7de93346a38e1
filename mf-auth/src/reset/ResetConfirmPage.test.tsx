import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordToasts } from '@wishes/kit-test';
import { renderAt, resetSession } from '../test/harness';
import { answer, held, operationUrl, refuse, type Reply } from '../test/http';

const LINK = '/auth/reset_password_confirm/MQ/abc-123';
const INVALID_LINK = 'Invalid password reset link. Please request a new one.';
const RESET_OK: Reply<'confirmPasswordReset'> = { status: 200, body: { message: 'Password has been reset successfully.' } };

async function submitPasswords(path: string, password: string, confirm: string, user = userEvent.setup()) {
  renderAt(path);
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
  return user;
}

let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  resetSession();
  toasts = recordToasts();
});
afterEach(() => {
  toasts.stop();
  jest.useRealTimers();
});

describe('ResetConfirmPage', () => {
  it('shows two labelled new-password fields for a complete link', () => {
    renderAt(LINK);
    expect(screen.getByRole('heading', { level: 1, name: 'Set New Password' })).toBeInTheDocument();
    expect(document.title).toBe('Set New Password | Wishes');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('form', { name: 'Set new password' })).toHaveAttribute('novalidate');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a missing token', '/auth/reset_password_confirm/MQ'],
    ['missing uid and token', '/auth/reset_password_confirm/'],
    ['extra path parts', '/auth/reset_password_confirm/MQ/abc/extra'],
  ])('refuses a link with %s at once and offers a new one', (_case, path) => {
    const sent = answer('confirmPasswordReset', RESET_OK);
    renderAt(path);
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_LINK);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/auth/reset_password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses passwords that do not match and focuses the confirmation', async () => {
    const sent = answer('confirmPasswordReset', RESET_OK);
    await submitPasswords(LINK, 'long-enough-1', 'long-enough-2');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('refuses a password shorter than 8 characters and focuses it', async () => {
    const sent = answer('confirmPasswordReset', RESET_OK);
    await submitPasswords(LINK, 'short7!', 'short7!');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it.each([
    ['a trailing slash', `${LINK}/`],
    ['an encoded trailing slash', `${LINK}%2F`],
  ])('strips %s from the token in the request', async (_case, path) => {
    const sent = answer('confirmPasswordReset', RESET_OK);
    await submitPasswords(path, 'new-password-1', 'new-password-1');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: operationUrl('confirmPasswordReset'),
      method: 'POST',
      body: { uid: 'MQ', token: 'abc-123', new_password: 'new-password-1' },
    });
  });

  it('toasts the success and goes to sign-in after exactly 1.5 s', async () => {
    jest.useFakeTimers();
    answer('confirmPasswordReset', RESET_OK);
    await submitPasswords(LINK, 'new-password-1', 'new-password-1', userEvent.setup({ advanceTimers: jest.advanceTimersByTime }));
    // Let the response settle without moving the clock.
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(toasts.toasts).toEqual([expect.objectContaining({ kind: 'success', text: 'Password has been reset successfully!' })]);
    // Said once: the toast; the page says what comes next.
    expect(screen.getByRole('status')).toHaveTextContent(/^Redirecting to Sign In\.\.\.$/);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();

    await act(() => jest.advanceTimersByTimeAsync(1499));
    expect(screen.getByTestId('location')).toHaveTextContent(LINK);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/sign_in');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });

  it.each([
    ['the server error', refuse(400, 'This password reset link has expired.'), 'This password reset link has expired.'],
    ['a weak-password error', refuse(400, 'This password is too common.'), 'This password is too common.'],
    ['the default on a network failure', 'network-error' as const, 'Password reset failed. Please try again.'],
  ])('on failure toasts it and shows %s inline', async (_case, reply: Reply<'confirmPasswordReset'>, inline) => {
    answer('confirmPasswordReset', reply);
    await submitPasswords(LINK, 'new-password-1', 'new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(inline);
    expect(toasts.toasts).toEqual([expect.objectContaining({ kind: 'error', text: 'Failed to reset password. Please try again.' })]);
    expect(screen.getByTestId('location')).toHaveTextContent(LINK);
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeEnabled();
  });

  it('disables the submit button while the new password is being saved, and sends it once', async () => {
    const { reply, release } = held();
    const sent = answer('confirmPasswordReset', reply);
    const user = await submitPasswords(LINK, 'new-password-1', 'new-password-1');
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toBeDisabled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    release(400, { error: 'This password reset link has expired.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has expired.');
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeEnabled();
    expect(sent).toHaveLength(1);
  });
});
