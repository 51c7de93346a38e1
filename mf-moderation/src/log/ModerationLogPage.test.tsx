import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { ModerationLogEntry } from '@wishes/kit-contract';
import { renderAt, resetSharedState, signInForTest } from '@wishes/kit-test';
import ModerationLogPage, { LOG_TEXTS } from './ModerationLogPage';
import { answer, heldGet, pagedGet, refuse } from '../test/http';

const entry = (id: number, overrides: Partial<ModerationLogEntry> = {}): ModerationLogEntry => ({
  id,
  actor_id: 2,
  actor_name: 'Mona Mod',
  action: 'hide',
  target_type: 'wish',
  target_id: 40 + id,
  target_name: null,
  reason: `Reason ${id}`,
  created_at: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  resetSharedState();
  signInForTest(2);
});

describe('the moderation log', () => {
  it('lists the audit log newest first, each action in words with its reason, axe-clean', async () => {
    pagedGet('getModerationLog', {
      1: {
        entries: [
          entry(2, { action: 'ban', target_type: 'user', target_id: 9, target_name: 'Kai Berg', reason: 'Harassment' }),
          entry(1, { actor_id: null, actor_name: 'Automatic', action: 'auto_hide', target_id: 41, reason: 'Hidden automatically after 5 reports, pending review.', created_at: '2026-11-22T10:00:00.000Z' }),
        ],
        page_number: 1,
        next_page_number: null,
      },
    });
    const { container } = renderAt(<ModerationLogPage />, { path: '/moderation/log' });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Mona Mod banned Kai Berg'),
      expect.stringContaining('Automatic hid (auto-hide) wish 41'),
    ]);
    // What each entry is about is a link: the user's profile, the wish's page.
    expect(screen.getByRole('link', { name: 'Kai Berg' })).toHaveAttribute('href', '/user/9');
    expect(screen.getByRole('link', { name: 'wish 41' })).toHaveAttribute('href', '/wish/41');
    expect(items[0]).toHaveTextContent('Reason: Harassment');
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-23T10:00:00.000Z');
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation log' })).toBeInTheDocument();
    expect((await axe(container)).violations.map((v) => v.id)).toEqual([]);
  });

  it('words every action the server logs', async () => {
    const actions = ['hide', 'restore', 'dismiss', 'delete', 'ban', 'unban'];
    pagedGet('getModerationLog', { 1: { entries: actions.map((action, i) => entry(i + 1, { action })), page_number: 1, next_page_number: null } });
    renderAt(<ModerationLogPage />, { path: '/moderation/log' });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => /Mona Mod (.*?) wish/.exec(li.textContent ?? '')?.[1])).toEqual(['hid', 'restored', 'dismissed the reports on', 'deleted', 'banned', 'unbanned']);
  });

  it('shows the loading line first, and says so when the log is empty', async () => {
    const { release } = heldGet('getModerationLog', { entries: [], page_number: 1, next_page_number: null });
    renderAt(<ModerationLogPage />, { path: '/moderation/log' });
    expect(await screen.findByText(LOG_TEXTS.loading)).toBeInTheDocument();
    release();
    expect(await screen.findByText(LOG_TEXTS.empty)).toBeInTheDocument();
  });

  it('pages to older entries', async () => {
    const queries = pagedGet('getModerationLog', {
      1: { entries: [entry(2)], page_number: 1, next_page_number: 2 },
      2: { entries: [entry(1)], page_number: 2, next_page_number: null },
    });
    renderAt(<ModerationLogPage />, { path: '/moderation/log' });
    expect(await screen.findByText(/Reason: Reason 2/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText(/Reason: Reason 1/)).toBeInTheDocument();
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '2']);
  });

  it('offers Retry when the log fails to load', async () => {
    answer('getModerationLog', refuse(503, 'Unavailable.'), { body: { entries: [entry(1)], page_number: 1, next_page_number: null } });
    renderAt(<ModerationLogPage />, { path: '/moderation/log' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unavailable.');
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText(/Reason: Reason 1/)).toBeInTheDocument();
  });

  it('shows the not-allowed page to a member without the role (403)', async () => {
    answer('getModerationLog', refuse(403, 'You do not have permission to perform this action.'));
    renderAt(<ModerationLogPage />, { path: '/moderation/log' });
    expect(await screen.findByText('This page is for moderators. Your account does not have access to it.')).toBeInTheDocument();
  });
});
