import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { ReportQueuePage, ReportedWish } from '@wishes/kit-contract';
import ModerationPage from './ModerationPage';
import { item, wish } from '../test/fixtures';
import { answer, recordPosts, refuse, type OperationAnswer } from '../test/http';
import { recordToasts, renderAt, resetSharedState, signInForTest } from '@wishes/kit-test';

const page = (items: ReportedWish[], next: number | null = null): ReportQueuePage => ({ items, page_number: 1, next_page_number: next });

/** Answers the queue with `answer(status)` and records each request's query. */
function queue(reply: (status: string, call: number) => OperationAnswer<'getReportQueue'>) {
  const queries: URLSearchParams[] = [];
  answer('getReportQueue', ({ query }) => {
    queries.push(query);
    return reply(query.get('status') ?? '', queries.length);
  });
  return queries;
}

let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  resetSharedState();
  signInForTest(2);
  toasts = recordToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

describe('the report queue', () => {
  it('lists grouped reports with per-category counts and is axe-clean', async () => {
    queue(() => ({ body: page([item(), item({ wish: wish({ id: 42, moderation: { state: 'hidden', reason: 'Hidden automatically after 5 reports, pending review.' } }) })]) }));
    const { container } = renderAt(<ModerationPage />, { path: '/moderation' });
    const first = await screen.findByRole('article', { name: /Wish 41 by Rex Reported/ });
    expect(first).toHaveTextContent('5 reports');
    expect(within(first).getByRole('list', { name: 'Reports per reason' })).toHaveTextContent('Spam or advertising: 3');
    expect(within(first).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    const second = screen.getByRole('article', { name: /Wish 42/ });
    expect(within(second).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Hidden automatically after 5 reports');
    expect((await axe(container)).violations.map((v) => v.id)).toEqual([]);
  });

  it('switches to resolved with the keyboard (arrow keys between tabs)', async () => {
    const queries = queue((status) => ({ body: page(status === 'open' ? [] : [item({ status: 'resolved', resolution: 'restore' })]) }));
    renderAt(<ModerationPage />, { path: '/moderation' });
    expect(await screen.findByText('No open reports. Nothing to review.')).toBeInTheDocument();
    screen.getByRole('tab', { name: 'Open' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Resolved' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Resolved' })).toHaveFocus();
    expect(await screen.findByText('Restored')).toBeInTheDocument();
    expect(queries.map((q) => q.toString()).at(-1)).toBe('status=resolved&page=1');
  });

  it('requires a reason, then hides and reloads', async () => {
    const queries = queue(() => ({ body: page([item()]) }));
    const hide = recordPosts('moderateWish', () => ({ body: { message: 'Wish hidden', wish: wish({ moderation: { state: 'hidden', reason: 'Spam' } }) } }));
    renderAt(<ModerationPage />, { path: '/moderation' });
    await userEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide wish 41' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
    expect(hide).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hide).toEqual([{ id: '41', body: { action: 'hide', reason: 'Spam' } }]);
    expect(toasts.texts()).toContain('success: Wish hidden');
    await waitFor(() => expect(queries).toHaveLength(2));
  });

  it("bans the wish's author with a reason and shows the server's refusal", async () => {
    queue(() => ({ body: page([item()]) }));
    const bans = recordPosts('moderateUser', () => refuse(403, 'Only an admin can ban a moderator or an admin.'));
    renderAt(<ModerationPage />, { path: '/moderation' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ban author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Rex Reported' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Harassment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only an admin can ban a moderator or an admin.');
    expect(bans).toEqual([{ id: '9', body: { action: 'ban', reason: 'Harassment' } }]);
  });

  it('shows the not-allowed page to a member without the role (403)', async () => {
    queue(() => refuse(403, 'You do not have permission to perform this action.'));
    renderAt(<ModerationPage />, { path: '/moderation' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('offers Retry when the list fails to load', async () => {
    const queries = queue((_, n) => (n === 1 ? refuse(500, 'Could not load this list. Please try again.') : { body: page([]) }));
    renderAt(<ModerationPage />, { path: '/moderation' });
    await userEvent.click(await screen.findByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('No open reports. Nothing to review.')).toBeInTheDocument();
    expect(queries).toHaveLength(2);
  });
});
