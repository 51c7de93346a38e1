/** /g/:invite over HTTP (MSW): the board, signing with "Help me write" (and what it sends the writer), the edit code, own messages, reports, delivered and not-found. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@wishes/kit-test';
import { groupInvite, publicContribution, sessionEachTest, withTopics } from '../test/fixtures';
import { groupsApi, refuse } from '../test/http';
import SignPage from './SignPage';

const INVITE = { invite: 'secret-invite' };
// The site's writer styles, as the main composer offers them.
const STYLES = ['Heartfelt', 'Funny', 'Formal'];
const renderPage = (url = '/g/secret-invite') => renderRoutes([{ path: '/g/:invite', element: <SignPage /> }], { url });

describe('as a visitor without an account', () => {
  const state = sessionEachTest(null);
  beforeEach(() => withTopics(undefined, STYLES));

  it('shows who it is for, the organiser, the note and the messages with guests marked', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, groupInvite());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'A group wish for Mila' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Organised by Ada Lovelace/)).toBeInTheDocument();
    expect(screen.getByText('She turns 30!')).toBeInTheDocument();
    const messages = screen.getAllByTestId('message');
    expect(messages).toHaveLength(2);
    expect(within(messages[1]!).getByText('guest')).toBeInTheDocument();
    expect(within(messages[0]!).queryByText('guest')).toBeNull();
    expect(document.title).toBe('A group wish for Mila | Wishes');
    void state;
  });

  it('signs with a suggested message, shows the edit code once and keeps it for this browser', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, groupInvite());
    api.on('suggestGroupMessage', INVITE, { text: 'Happy birthday, Mila! Thirty suits you.' }, 200);
    api.on('contributeToGroup', INVITE, { contribution_id: 3, status: 'visible', edit_token: 'tok-123' });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your name', {}, { timeout: 5000 }), 'Bea');
    await userEvent.click(screen.getByRole('button', { name: 'Help me write' }));
    await waitFor(() => expect(screen.getByLabelText('Your message')).toHaveValue('Happy birthday, Mila! Thirty suits you.'));
    // The board now holds the new message, which this browser can change.
    api.on('getGroupInvite', INVITE, groupInvite({ contributions: [...groupInvite().contributions, publicContribution(3, { signer_name: 'Bea', guest: true, text: 'Happy birthday, Mila! Thirty suits you.' })] }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByTestId('edit-code')).toHaveTextContent('tok-123');
    expect(api.sent('contributeToGroup', INVITE)[0]!.body).toEqual({ signer_name: 'Bea', text: 'Happy birthday, Mila! Thirty suits you.' });
    // Neither a style nor details given: the writer is asked with none (the server picks its own style).
    expect(api.sent('suggestGroupMessage', INVITE)[0]!.body).toEqual({});
    expect(JSON.parse(localStorage.getItem('wishes.groups.own.secret-invite')!)).toEqual([{ contribution_id: 3, edit_token: 'tok-123' }]);
    expect(await screen.findByRole('button', { name: 'Edit your message' })).toBeInTheDocument();
  });

  it('sends the style and details the signer gives to the writer, as the composer does', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, groupInvite());
    api.on('suggestGroupMessage', INVITE, { text: 'Mila, thirty and still the first on the dance floor!' }, 200);
    renderPage();
    const style = await screen.findByLabelText('Style', {}, { timeout: 5000 });
    expect(within(style).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a style', ...STYLES]);
    await userEvent.selectOptions(style, 'Funny');
    await userEvent.type(screen.getByLabelText('Details'), '  We met at salsa class in 2019.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Help me write' }));
    await waitFor(() => expect(screen.getByLabelText('Your message')).toHaveValue('Mila, thirty and still the first on the dance floor!'));
    expect(api.sent('suggestGroupMessage', INVITE)).toHaveLength(1);
    expect(api.sent('suggestGroupMessage', INVITE)[0]!.body).toEqual({ style: 'Funny', details: 'We met at salsa class in 2019.' });
  });

  it('puts the server\'s refusal of the details on the Details field', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, groupInvite());
    api.on('suggestGroupMessage', INVITE, refuse(400, 'details: must be at most 500 characters', { details: 'Use at most 500 characters.' }));
    renderPage();
    await userEvent.type(await screen.findByLabelText('Details', {}, { timeout: 5000 }), 'Salsa');
    await userEvent.click(screen.getByRole('button', { name: 'Help me write' }));
    expect(await screen.findByText('Use at most 500 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Details')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your message')).toHaveValue('');
  });

  it('changes and takes back an own message with the kept code', async () => {
    localStorage.setItem('wishes.groups.own.secret-invite', JSON.stringify([{ contribution_id: 2, edit_token: 'tok-2' }]));
    const api = groupsApi();
    const params = { ...INVITE, contribution_id: 2 };
    api.on('getGroupInvite', INVITE, groupInvite());
    api.on('updateGroupContribution', params, { contribution: publicContribution(2, { text: 'Changed my mind' }) });
    api.on('deleteGroupContribution', params, { message: 'ok' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit your message' }, { timeout: 5000 }));
    const box = screen.getByLabelText('Your message', { selector: 'li textarea' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Changed my mind');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('updateGroupContribution', params)).toHaveLength(1));
    expect(api.sent('updateGroupContribution', params)[0]!.body).toEqual({ text: 'Changed my mind' });
    await userEvent.click(await screen.findByRole('button', { name: 'Take back your message' }));
    await waitFor(() => expect(api.sent('deleteGroupContribution', params)).toHaveLength(1));
    expect(localStorage.getItem('wishes.groups.own.secret-invite')).toBe('[]');
  });

  it('checks the message before sending and shows the server\'s field error', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, groupInvite());
    api.on('contributeToGroup', INVITE, refuse(400, 'signer_name: must be at most 80 characters', { signer_name: 'Use at most 80 characters.' }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign' }, { timeout: 5000 }));
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Write a message (up to 1000 characters).')).toBeInTheDocument();
    expect(api.sent('contributeToGroup', INVITE)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Your name'), 'Bea');
    await userEvent.type(screen.getByLabelText('Your message'), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Use at most 80 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reports a message to the organiser', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, groupInvite());
    api.on('reportGroupContribution', { ...INVITE, contribution_id: 1 }, () => new Response(null, { status: 204 }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Report the message by Signer 1' }, { timeout: 5000 }));
    await waitFor(() => expect(state.toasts.messages()).toEqual(['Thank you. The organiser was told about this message.']));
  });

  it('shows a delivered group read-only', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, groupInvite({ state: 'delivered' }));
    renderPage();
    expect(await screen.findByText(/This group wish was delivered/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('says clearly when the link is unknown or the group cancelled', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, refuse(404, 'Not found.'));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('passes an invitee\'s token from a mailed link on when signing', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, groupInvite());
    api.onQuery('getGroupInvite', { params: { invite: 'secret-invite' }, query: { i: 'inv-9' } }, groupInvite());
    api.onQuery('contributeToGroup', { params: { invite: 'secret-invite' }, query: { i: 'inv-9' } }, { contribution_id: 4, status: 'pending', edit_token: 'tok-4' });
    renderPage('/g/secret-invite?i=inv-9');
    await userEvent.type(await screen.findByLabelText('Your name', {}, { timeout: 5000 }), 'Bea');
    await userEvent.type(screen.getByLabelText('Your message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(/waits for the organiser’s approval/)).toBeInTheDocument();
  });
});

describe('as a member', () => {
  sessionEachTest(1);
  beforeEach(() => withTopics(undefined, STYLES));

  it('fixes the name to the member\'s own', async () => {
    const api = groupsApi();
    api.on('getGroupInvite', INVITE, groupInvite());
    api.on('getAccount', {}, { user_id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: '', role: 'user', created_at: '2026-01-01T00:00:00Z' });
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Ada Lovelace'), { timeout: 5000 });
    expect(screen.getByLabelText('Your name')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Your email (optional)')).toBeNull();
  });
});
