import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordToasts } from '@wishes/kit-test';
import { renderAt, resetSession } from '../test/harness';
import { answer, held, operationUrl, refuse, unchecked, type Reply } from '../test/http';

const NOT_SENT = 'Could not send reset link. Please try again later.';
const SENT = 'If an account exists for this email, a reset link has been sent.';

async function requestFor(email: string) {
  const user = userEvent.setup();
  renderAt('/auth/reset_password');
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return user;
}

let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  resetSession();
  toasts = recordToasts();
});
afterEach(() => toasts.stop());

describe('ResetRequestPage', () => {
  it('shows a labelled email field and a way back to sign in', () => {
    renderAt('/auth/reset_password');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(document.title).toBe('Reset Password | Wishes');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('form', { name: 'Reset password' })).toHaveAttribute('novalidate');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth/sign_in');
  });

  it.each([
    ['empty', ''],
    ['without @', 'ann.example.com'],
    ['only spaces', '   '],
  ])('refuses an email that is %s', async (_case, email) => {
    const sent = answer('requestPasswordReset', { status: 200, body: { message: SENT } });
    await requestFor(email);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('confirms with the server message inline, once (no toast repeating it)', async () => {
    const sent = answer('requestPasswordReset', { status: 200, body: { message: SENT } });
    await requestFor('ann@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(sent[0]).toEqual({ url: operationUrl('requestPasswordReset'), method: 'POST', body: { email: 'ann@example.com' } });
    expect(toasts.toasts).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeInTheDocument();
  });

  it('sends one request however often it is clicked or submitted while pending', async () => {
    const { reply, release } = held();
    const sent = answer('requestPasswordReset', reply);
    const user = await requestFor('ann@example.com');
    const button = screen.getByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    await user.click(button);
    // Submitting the form directly bypasses the disabled button; the in-flight guard still holds.
    fireEvent.submit(screen.getByRole('form', { name: 'Reset password' }));
    fireEvent.submit(screen.getByRole('form', { name: 'Reset password' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    release(200, { message: SENT });
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['the server error', refuse(400, 'Enter a valid email address.'), 'Enter a valid email address.'],
    ['the server error of a 429', refuse(429, 'Too many reset requests. Please wait.'), 'Too many reset requests. Please wait.'],
    ['the default when the server gives none', unchecked(500, {}), 'Password reset request failed. Please try again.'],
    ['the default on a network failure', 'network-error' as const, 'Password reset request failed. Please try again.'],
  ])('on failure toasts the failure and shows %s inline', async (_case, reply: Reply<'requestPasswordReset'>, inline) => {
    answer('requestPasswordReset', reply);
    await requestFor('ann@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(inline);
    expect(toasts.toasts).toEqual([expect.objectContaining({ kind: 'error', text: NOT_SENT })]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled());
  });
});
