/** The report queue's actions over HTTP (MSW): what each button sends, and what the page shows after. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportedWish } from '@wishes/kit-contract';
import { recordToasts, renderAt, resetSharedState, signInForTest } from '@wishes/kit-test';
import ModerationPage, { QUEUE_TEXTS, wishStateText } from './ModerationPage';
import { REASON_MAX } from '../common/ReasonDialog';
import { item as reported, wish } from '../test/fixtures';
import { answer, heldGet, pagedGet, recordPosts, refuse } from '../test/http';

const BANNED = "The author's account is suspended.";

/** One report, as the queue's fixture has five. */
const item = (overrides: Partial<ReportedWish> = {}) => reported({ report_count: 1, categories: { 'Spam or advertising': 1 }, last_reported_at: '2026-11-21T10:00:00.000Z', ...overrides });
const onePage = (items: ReportedWish[]) => ({ 1: { items, page_number: 1, next_page_number: null } });
const hiddenWish = (reason = 'Spam') => wish({ moderation: { state: 'hidden', reason } });

let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  resetSharedState();
  signInForTest(2);
  toasts = recordToasts();
});
afterEach(() => toasts.stop());

/** Opens the action's dialog, gives the reason and confirms; resolves when the dialog has closed. */
async function act(button: string, dialogName: string | RegExp, confirm: string, reason: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await userEvent.type(within(dialog).getByRole('textbox'), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
  return dialog;
}

describe('the report queue over HTTP', () => {
  it('asks for the open reports first and shows the loading line while they come', async () => {
    const { release, queries } = heldGet('getReportQueue', { items: [item()], page_number: 1, next_page_number: null });
    renderAt(<ModerationPage />, { path: '/moderation' });
    expect(await screen.findByText(QUEUE_TEXTS.loading)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('article', { name: /Wish 41/ })).toHaveTextContent('1 report');
    expect(queries.map((q) => q.get('status'))).toEqual(['open']);
  });

  it('restores a hidden wish: the body carries the action and the trimmed reason, the list reloads', async () => {
    const queries = pagedGet('getReportQueue', onePage([item({ wish: hiddenWish() })]));
    const posts = recordPosts('moderateWish', () => ({ body: { message: 'Wish restored', wish: wish() } }));
    renderAt(<ModerationPage />, { path: '/moderation' });
    expect(await screen.findByTestId('mod-wish-state')).toHaveTextContent('wish hidden now');
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
    await act('Restore', 'Restore wish 41', 'Restore', '  Not spam after all  ');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([{ id: '41', body: { action: 'restore', reason: 'Not spam after all' } }]);
    expect(toasts.texts()).toContain('success: Wish restored');
    await waitFor(() => expect(queries).toHaveLength(2));
  });

  it.each([
    ['Dismiss', 'Dismiss reports on wish 41', 'Dismiss', 'dismiss'],
    ['Delete', 'Delete wish 41', 'Delete', 'delete'],
  ])('%s sends its action for the wish', async (button, dialogName, confirm, action) => {
    pagedGet('getReportQueue', onePage([item()]));
    const posts = recordPosts('moderateWish', () => ({ body: { message: 'Done', wish: wish() } }));
    renderAt(<ModerationPage />, { path: '/moderation' });
    await act(button, dialogName, confirm, 'Reviewed');
    await waitFor(() => expect(posts).toEqual([{ id: '41', body: { action, reason: 'Reviewed' } }]));
  });

  it("a banned author's wish offers Unban (for the user) and no Restore", async () => {
    pagedGet('getReportQueue', onePage([item({ wish: hiddenWish(BANNED) })]));
    const posts = recordPosts('moderateUser', () => ({ body: { message: 'Member unbanned' } }));
    renderAt(<ModerationPage />, { path: '/moderation' });
    const article = await screen.findByRole('article', { name: /Wish 41/ });
    expect(within(article).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Ban author' })).toBeNull();
    await act('Unban author', 'Unban Rex Reported', 'Unban', 'Appeal accepted');
    await waitFor(() => expect(posts).toEqual([{ id: '9', body: { action: 'unban', reason: 'Appeal accepted' } }]));
    expect(toasts.texts()).toContain('success: Member unbanned');
  });

  it('Cancel closes the dialog and sends nothing; the reason is capped at the limit', async () => {
    pagedGet('getReportQueue', onePage([item()]));
    const posts = recordPosts('moderateWish', () => ({ body: { message: 'Done', wish: wish() } }));
    renderAt(<ModerationPage />, { path: '/moderation' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete wish 41' });
    expect(within(dialog).getByRole('textbox')).toHaveAttribute('maxLength', String(REASON_MAX));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it("keeps the dialog open with the server's words when an action is refused", async () => {
    pagedGet('getReportQueue', onePage([item()]));
    answer('moderateWish', refuse(404, 'Wish not found'));
    renderAt(<ModerationPage />, { path: '/moderation' });
    const dialog = await act('Hide', 'Hide wish 41', 'Hide', 'Spam');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wish not found');
    expect(within(dialog).getByRole('button', { name: 'Hide' })).toBeEnabled();
  });

  it('the resolved tab asks for resolved reports and shows how each was resolved, without Dismiss', async () => {
    const statuses: Array<string | null> = [];
    answer('getReportQueue', ({ query }) => {
      const status = query.get('status');
      statuses.push(status);
      const items = status === 'resolved' ? [item({ status: 'resolved', resolution: 'hide', wish: hiddenWish() })] : [];
      return { body: { items, page_number: 1, next_page_number: null } };
    });
    renderAt(<ModerationPage />, { path: '/moderation' });
    expect(await screen.findByText(QUEUE_TEXTS.emptyOpen)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    const article = await screen.findByRole('article', { name: /Wish 41/ });
    expect(article).toHaveTextContent('resolved as Hidden');
    expect(within(article).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(statuses).toEqual(['open', 'resolved']);
  });

  it('says so when nothing has been resolved yet', async () => {
    answer('getReportQueue', { body: { items: [], page_number: 1, next_page_number: null } });
    renderAt(<ModerationPage />, { path: '/moderation' });
    await screen.findByText(QUEUE_TEXTS.emptyOpen);
    await userEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    expect(await screen.findByText(QUEUE_TEXTS.emptyResolved)).toBeInTheDocument();
  });
});

describe('wishStateText', () => {
  it('says what the wish is now', () => {
    expect(wishStateText(true, true)).toBe('wish hidden now');
    expect(wishStateText(false, true)).toBe('wish public now');
    expect(wishStateText(false, false)).toBe('wish private');
  });
});

describe('reported replies in the queue', () => {
  const replyItem = (hidden = false) =>
    item({
      kind: 'reply',
      reply: { reply_id: 77, wish_id: 41, text: 'Buy <cheap> watches', created_at: '2026-11-20T10:00:00.000Z', user: { user_id: 12, first_name: 'Sam', last_name: 'Spam', avatar_thumbnail: null }, hidden },
    });

  it('shows the reply as text with the wish it is under, and hides it: the reply call carries the action and reason', async () => {
    pagedGet('getReportQueue', onePage([replyItem(), item()]));
    const posts = recordPosts('moderateReply', () => ({ body: { message: 'Reply hidden' } }));
    renderAt(<ModerationPage />, { path: '/moderation' });
    const article = await screen.findByRole('article', { name: /Reply 77 by Sam Spam/ });
    expect(within(article).getByText('Buy <cheap> watches')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: /wish 41/ })).toHaveAttribute('href', '/wish/41');
    expect(within(article).getByTestId('mod-reply-state')).toHaveTextContent('reply shown now');
    // The wish's own item is there too, with its own buttons.
    expect(screen.getByRole('article', { name: /Wish 41/ })).toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide reply 77' });
    await userEvent.type(within(dialog).getByRole('textbox'), '  Spam  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(posts.map((p) => p.body)).toEqual([{ action: 'hide', reason: 'Spam' }]));
    expect(posts[0]!.id).toBe('77');
  });

  it('a hidden reply offers Restore instead of Hide', async () => {
    pagedGet('getReportQueue', onePage([replyItem(true)]));
    renderAt(<ModerationPage />, { path: '/moderation' });
    const article = await screen.findByRole('article', { name: /Reply 77/ });
    expect(within(article).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Hide' })).toBeNull();
  });
});
