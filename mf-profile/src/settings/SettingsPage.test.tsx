import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAccessToken, getRefreshToken } from '@wishes/shared';
import { fakeJwt } from '@wishes/shared/testing';
import { signedInMemberEachTest } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import SettingsPage from './SettingsPage';

const member = signedInMemberEachTest();
beforeEach(() => {
  member.server.on('GET', '/api/account/', { body: { user_id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: '+44 1', role: 'user', created_at: '2026-01-01T00:00:00.000Z' } });
});

const renderPage = () => renderRoute('/settings', '/settings', <SettingsPage />);

it('edits the name: PATCH with the fields, a toast on success', async () => {
  member.server.on('PATCH', '/api/account/', (call) => ({ body: { user_id: 1, email: 'ada@example.com', phone: '+44 1', role: 'user', created_at: '', ...JSON.parse(String(call.init?.body)) } }));
  renderPage();
  const first = await screen.findByLabelText('First name');
  expect(first).toHaveValue('Ada');
  await userEvent.clear(first);
  await userEvent.type(first, 'Augusta');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByLabelText('First name')).toHaveValue('Augusta');
  expect(JSON.parse(String(member.server.callsTo('PATCH', '/api/account/')[0]!.init!.body))).toMatchObject({ first_name: 'Augusta', last_name: 'Lovelace' });
  expect(member.toasts.messages()).toContain('Your profile has been saved.');
});

it('changes the password and keeps this device signed in with the new tokens; a wrong current password is shown on its field', async () => {
  const access = fakeJwt();
  member.server.on('POST', '/api/account/password/', (call) =>
    String(call.init?.body).includes('wrong')
      ? { status: 400, body: { error: 'Your current password is incorrect.', fields: { current_password: 'Your current password is incorrect.' } } }
      : { body: { message: 'ok', access, refresh: 'new-refresh' } },
  );
  renderPage();
  await userEvent.type(await screen.findByLabelText('Current password'), 'wrong');
  await userEvent.type(screen.getByLabelText('New password'), 'Brand-New-Pass-77');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('Current password'));
  await userEvent.type(screen.getByLabelText('Current password'), 'right-one');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await screen.findByRole('button', { name: 'Change password' });
  expect(await screen.findByLabelText('Current password')).toHaveValue('');
  expect(getAccessToken()).toBe(access);
  expect(getRefreshToken()).toBe('new-refresh');
});

it('deletes the account only with the password typed, then signs out', async () => {
  member.server.on('DELETE', '/api/account/', (call) =>
    String(call.init?.body).includes('secret') ? { body: { message: 'Account deleted' } } : { status: 400, body: { error: 'The password is incorrect.' } },
  );
  renderPage();
  const button = await screen.findByRole('button', { name: 'Delete my account' });
  expect(button).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Your password'), 'nope');
  await userEvent.click(button);
  expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('Your password'));
  await userEvent.type(screen.getByLabelText('Your password'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  await screen.findByTestId('location').catch(() => undefined);
  expect(getAccessToken()).toBeNull();
  expect(member.toasts.messages()).toContain('Your account has been deleted.');
});
