/** The settings forms over HTTP (MSW): what each form sends, its errors beside its fields, its busy button. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResponseOf } from '@wishes/kit-client';
import { getAccessToken, getRefreshToken } from '@wishes/kit-session';
import { fakeJwt, toastsEachTest } from '@wishes/kit-test';
import { signInAs } from '../test/fixtures';
import { answer, held, refuse } from '../test/http';
import { renderRoute } from '../test/renderRoute';
import SettingsPage from './SettingsPage';

const ACCOUNT: ResponseOf<'getAccount'> = { user_id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: '+44 1', role: 'user', created_at: '2026-01-01T00:00:00.000Z' };

const toasts = toastsEachTest();
beforeEach(() => {
  signInAs(1);
  answer('getAccount', { body: ACCOUNT });
});

const renderPage = () => renderRoute('/settings', '/settings', <SettingsPage />);

it('edits the name: PATCH with the fields, a toast on success', async () => {
  const patches: unknown[] = [];
  answer('updateAccount', ({ body }) => {
    patches.push(body);
    return { body: { ...ACCOUNT, ...(body as Partial<typeof ACCOUNT>) } };
  });
  renderPage();
  const first = await screen.findByLabelText('First name');
  expect(first).toHaveValue('Ada');
  await userEvent.clear(first);
  await userEvent.type(first, 'Augusta');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByLabelText('First name')).toHaveValue('Augusta');
  await waitFor(() => expect(toasts.messages()).toContain('Your profile has been saved.'));
  expect(patches[0]).toMatchObject({ first_name: 'Augusta', last_name: 'Lovelace' });
});

it('shows the server’s refusal of the profile beside the phone field, and Save is busy meanwhile', async () => {
  const refusal = held(() => refuse(400, 'Enter a valid phone number.'));
  answer('updateAccount', refusal.answer);
  renderPage();
  const save = await screen.findByRole('button', { name: 'Save changes' });
  await userEvent.click(save);
  expect(save).toBeDisabled();
  refusal.release();
  expect(await screen.findByText('Enter a valid phone number.')).toBeInTheDocument();
  expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Enter a valid phone number.');
  expect(save).toBeEnabled();
});

it('changes the password and keeps this device signed in with the new tokens; a wrong current password is shown on its field', async () => {
  const access = fakeJwt();
  answer('changePassword', ({ body }) =>
    JSON.stringify(body).includes('wrong')
      ? refuse(400, 'Your current password is incorrect.', { current_password: 'Your current password is incorrect.' })
      : { body: { message: 'ok', access, refresh: 'new-refresh' } },
  );
  renderPage();
  await userEvent.type(await screen.findByLabelText('Current password'), 'wrong');
  await userEvent.type(screen.getByLabelText('New password'), 'Brand-New-Pass-77');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
  expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Your current password is incorrect.');
  await userEvent.clear(screen.getByLabelText('Current password'));
  await userEvent.type(screen.getByLabelText('Current password'), 'right-one');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await screen.findByRole('button', { name: 'Change password' });
  expect(await screen.findByLabelText('Current password')).toHaveValue('');
  expect(getAccessToken()).toBe(access);
  expect(getRefreshToken()).toBe('new-refresh');
});

it('disables Change password while the change is on its way, and shows the new password’s refusal beside it', async () => {
  const refusal = held(() => refuse(400, 'This password is too common.', { new_password: 'This password is too common.' }));
  answer('changePassword', refusal.answer);
  renderPage();
  await userEvent.type(await screen.findByLabelText('Current password'), 'right-one');
  await userEvent.type(screen.getByLabelText('New password'), 'password1');
  // Enter in a field submits the form.
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
  refusal.release();
  expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
  expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
});

it('deletes the account only with the password typed, then signs out', async () => {
  answer('deleteAccount', ({ body }) => (JSON.stringify(body).includes('secret') ? { body: { message: 'Account deleted' } } : refuse(400, 'The password is incorrect.')));
  renderPage();
  const button = await screen.findByRole('button', { name: 'Delete my account' });
  expect(button).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Your password'), 'nope');
  await userEvent.click(button);
  expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
  expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription('The password is incorrect.');
  await userEvent.clear(screen.getByLabelText('Your password'));
  await userEvent.type(screen.getByLabelText('Your password'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  await screen.findByTestId('location').catch(() => undefined);
  await waitFor(() => expect(toasts.messages()).toContain('Your account has been deleted.'));
  expect(getAccessToken()).toBeNull();
});

it('keeps Delete my account disabled while the deletion is on its way', async () => {
  const deletion = held(() => ({ body: { message: 'Account deleted' } }));
  answer('deleteAccount', deletion.answer);
  renderPage();
  await userEvent.type(await screen.findByLabelText('Your password'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  deletion.release();
  await waitFor(() => expect(toasts.messages()).toContain('Your account has been deleted.'));
});
