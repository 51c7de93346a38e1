import { screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { api, ApiError } from '@wishes/shared';
import ModerationLogPage from './ModerationLogPage';
import OffersPage from '../offers/OffersPage';
import { renderAt, resetSharedState, signInForTest } from '@wishes/shared/testing';

beforeEach(() => {
  resetSharedState();
  signInForTest(2);
});
afterEach(() => jest.restoreAllMocks());

it('lists the audit log newest first, axe-clean', async () => {
  jest.spyOn(api, 'getModerationLog').mockResolvedValue({
    entries: [
      { id: 2, actor_id: 2, actor_name: 'Mona Mod', action: 'ban', target_type: 'user', target_id: 9, reason: 'Harassment', created_at: '2026-11-23T10:00:00.000Z' },
      { id: 1, actor_id: null, actor_name: 'Automatic', action: 'auto_hide', target_type: 'wish', target_id: 41, reason: 'Hidden automatically after 5 reports, pending review.', created_at: '2026-11-22T10:00:00.000Z' },
    ],
    page_number: 1,
    next_page_number: null,
  });
  const { container } = renderAt(<ModerationLogPage />, { path: '/moderation/log' });
  const items = await screen.findAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Mona Mod banned user 9'), expect.stringContaining('Automatic hid (auto-hide) wish 41')]);
  expect((await axe(container)).violations.map((v) => v.id)).toEqual([]);
});

it('shows the admins-only not-allowed page to a moderator at /moderation/offers', async () => {
  jest.spyOn(api, 'getOffers').mockRejectedValue(new ApiError('Only an admin can do this.', 403));
  renderAt(<OffersPage />, { path: '/moderation/offers' });
  expect(await screen.findByText('This page is for admins. Your account does not have access to it.')).toBeInTheDocument();
});

it("lists the admins' offer inbox", async () => {
  jest.spyOn(api, 'getOffers').mockResolvedValue({ offers: [{ id: 1, user_id: 4, email: 'biz@example.com', message: 'Partnership?', created_at: '2026-11-23T10:00:00.000Z' }], page_number: 1, next_page_number: null });
  renderAt(<OffersPage />, { path: '/moderation/offers' });
  expect(await screen.findByRole('link', { name: 'biz@example.com' })).toHaveAttribute('href', 'mailto:biz@example.com');
  expect(screen.getByText('Partnership?')).toBeInTheDocument();
});
