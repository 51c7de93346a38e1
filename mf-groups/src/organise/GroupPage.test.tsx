/** /groups/:groupId and /groups over HTTP (MSW): the organiser's page and actions, the list, starting a group. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@wishes/kit-test';
import { account, contribution, group, sessionEachTest, withTopics } from '../test/fixtures';
import { groupsApi, refuse } from '../test/http';
import GroupPage from './GroupPage';
import GroupsPage from '../list/GroupsPage';
import NewGroupPage from '../new/NewGroupPage';

const state = sessionEachTest(1);
const ID = { group_id: 7 };
const renderGroup = () => renderRoutes([{ path: '/groups/:groupId', element: <GroupPage /> }], { url: '/groups/7' });

it('shows the link, the counts and every message, pending ones with Approve', async () => {
  const api = groupsApi();
  api.on('getGroup', ID, { group: group(), contributions: [contribution(1), contribution(2, { status: 'pending', guest: true, signer_name: 'Gus' })] });
  api.on('approveGroupContribution', { ...ID, contribution_id: 2 }, { message: 'ok' }, 200);
  renderGroup();
  expect(await screen.findByRole('heading', { level: 1, name: 'Group wish for Mila' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByLabelText('Invite link', { selector: 'input' })).toHaveValue('http://localhost/g/secret-invite');
  expect(screen.getByText(/2 messages, 1 waiting for approval/)).toBeInTheDocument();
  const pending = screen.getAllByTestId('message')[1]!;
  expect(within(pending).getByText('guest')).toBeInTheDocument();
  await userEvent.click(within(pending).getByRole('button', { name: 'Approve the message by Gus' }));
  await waitFor(() => expect(state.toasts.messages()).toEqual(['The message is visible now.']));
});

it('invites at most 50 addresses and says how many went', async () => {
  const api = groupsApi();
  api.on('getGroup', ID, { group: group(), contributions: [] });
  api.on('inviteToGroup', ID, { invited: ['a@example.com', 'b@example.com'], skipped: [{ email: 'c@example.com', reason: 'unsubscribed' }] });
  renderGroup();
  const box = await screen.findByLabelText('Email addresses', {}, { timeout: 5000 });
  await userEvent.type(box, Array.from({ length: 51 }, (_, i) => `p${i}@example.com`).join(','));
  await userEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
  expect(await screen.findByText('At most 50 addresses at a time.')).toBeInTheDocument();
  await userEvent.clear(box);
  await userEvent.type(box, 'a@example.com, b@example.com\nc@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
  await waitFor(() => expect(state.toasts.messages()).toEqual(['2 invitations sent, 1 skipped.']));
  expect(screen.getByRole('list', { name: 'Not sent' })).toHaveTextContent('c@example.com: unsubscribed');
  expect(api.sent('inviteToGroup', ID)[0]!.body).toEqual({ emails: ['a@example.com', 'b@example.com', 'c@example.com'] });
});

it('sends now after asking, and shows the refusal of an empty group', async () => {
  const api = groupsApi();
  api.on('getGroup', ID, { group: group(), contributions: [] });
  api.on('sendGroup', ID, refuse(409, 'This group has no messages yet'));
  renderGroup();
  await userEvent.click(await screen.findByRole('button', { name: 'Send now' }, { timeout: 5000 }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(state.toasts.messages()).toEqual(['This group has no messages yet']));
});

it('rotates the link', async () => {
  const api = groupsApi();
  api.on('getGroup', ID, { group: group(), contributions: [] });
  api.on('rotateGroupInvite', ID, { group: group({ invite_url: 'http://localhost/g/new' }) }, 200);
  renderGroup();
  await userEvent.click(await screen.findByRole('button', { name: 'Replace link' }, { timeout: 5000 }));
  await waitFor(() => expect(api.sent('rotateGroupInvite', ID)).toHaveLength(1));
});

it('says when the group is not the member\'s', async () => {
  const api = groupsApi();
  api.on('getGroup', ID, refuse(404, 'Not found.'));
  renderGroup();
  expect(await screen.findByText('This group does not exist, or it is not yours.', {}, { timeout: 5000 })).toBeInTheDocument();
});

it('lists my groups, newest first as the server gives them, with links to the ones I organise', async () => {
  const api = groupsApi();
  api.onQuery('listGroups', { query: { page: 1 } }, { groups: [group(), group({ group_id: 8, recipient_name: 'Noa', organiser: { user_id: 2, name: 'Bob' } })], page_number: 1, next_page_number: null });
  renderRoutes([{ path: '/groups', element: <GroupsPage /> }], { url: '/groups' });
  const rows = await screen.findAllByTestId('group', {}, { timeout: 5000 });
  expect(within(rows[0]!).getByRole('link', { name: 'Mila' })).toHaveAttribute('href', '/groups/7');
  expect(rows[1]).toHaveTextContent('Organised by Bob');
  expect(screen.getByRole('link', { name: 'Start a group wish' })).toHaveAttribute('href', '/groups/new');
});

it('shows the empty list', async () => {
  const api = groupsApi();
  api.onQuery('listGroups', { query: { page: 1 } }, { groups: [], page_number: 1, next_page_number: null });
  renderRoutes([{ path: '/groups', element: <GroupsPage /> }], { url: '/groups' });
  expect(await screen.findByText(/No group wishes yet/, {}, { timeout: 5000 })).toBeInTheDocument();
});

it('starts a group in the member\'s zone and puts the server\'s 400 on its field', async () => {
  withTopics();
  const api = groupsApi();
  api.on('getAccount', {}, account());
  let n = 0;
  api.on('createGroup', {}, () => (n++ === 0 ? refuse(400, 'deliver_at must be in the future') : new Response(JSON.stringify({ group: group({ group_id: 9 }) }), { status: 201, headers: { 'Content-Type': 'application/json' } })));
  renderRoutes([{ path: '/groups/new', element: <NewGroupPage /> }], { url: '/groups/new' });
  await waitFor(() => expect(screen.getByLabelText('Time zone')).toHaveValue('Asia/Tokyo'), { timeout: 5000 });
  await userEvent.type(screen.getByLabelText('Who is it for?'), 'Mila');
  await userEvent.selectOptions(screen.getByLabelText('Occasion'), 'Wedding');
  screen.getByLabelText('Deliver on').focus();
  await userEvent.paste('2020-01-01T09:00');
  await userEvent.click(screen.getByRole('radio', { name: 'Show after I approve them' }));
  await userEvent.click(screen.getByRole('button', { name: 'Start the group' }));
  expect(await screen.findByText('deliver_at must be in the future')).toBeInTheDocument();
  expect(screen.getByLabelText('Deliver on')).toHaveAttribute('aria-invalid', 'true');
  expect(api.sent('createGroup', {})[0]!.body).toEqual({ recipient_name: 'Mila', topic: 'Wedding', recipient_email: null, note: null, deliver_at: '2020-01-01T09:00', time_zone: 'Asia/Tokyo', approval: 'approve' });
  await userEvent.click(screen.getByRole('button', { name: 'Start the group' }));
  expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/groups/9');
});

it('changes the date and zone of a collecting group, then cancels it after asking', async () => {
  withTopics();
  const api = groupsApi();
  api.on('getGroup', ID, { group: group(), contributions: [] });
  api.on('updateGroup', ID, { group: group({ deliver_at: '2027-04-01T18:30', time_zone: 'America/New_York' }) });
  api.on('deleteGroup', ID, { group: group({ state: 'cancelled' }) });
  renderGroup();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }, { timeout: 5000 }));
  const form = screen.getByRole('form', { name: 'Save changes' });
  expect(within(form).getByLabelText('Who is it for?')).toHaveValue('Mila');
  expect(within(form).getByLabelText('Deliver on')).toHaveValue('2027-03-14T09:00');
  within(form).getByLabelText('Deliver on').focus();
  await userEvent.clear(within(form).getByLabelText('Deliver on'));
  await userEvent.paste('2027-04-01T18:30');
  await userEvent.selectOptions(within(form).getByLabelText('Time zone'), 'America/New_York');
  await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(api.sent('updateGroup', ID)).toHaveLength(1));
  expect(api.sent('updateGroup', ID)[0]!.body).toMatchObject({ deliver_at: '2027-04-01T18:30', time_zone: 'America/New_York', recipient_name: 'Mila', topic: 'Birthday' });
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Save changes' })).toBeNull());
  await userEvent.click(screen.getByRole('button', { name: 'Cancel group' }));
  // The question takes the focus: Enter answers it.
  expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(api.sent('deleteGroup', ID)).toHaveLength(1));
  await waitFor(() => expect(state.toasts.messages()).toEqual(['Saved.', 'The group was cancelled.']));
});
