import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { renderAt, resetSharedState, signInForTest } from '@wishes/kit-test';
import OffersPage, { OFFERS_TEXTS } from './OffersPage';
import { answer, heldGet, pagedGet, refuse } from '../test/http';

const offer = (id: number, message = `Offer ${id}`) => ({ id, user_id: 4, email: `biz${id}@example.com`, message, created_at: '2026-11-23T10:00:00.000Z' });

beforeEach(() => {
  resetSharedState();
  signInForTest(1);
});

describe("the admins' offer inbox", () => {
  it('shows the loading line, then the offers with a mail link, axe-clean', async () => {
    const { release } = heldGet('getOfferInbox', { offers: [offer(1, 'Partnership?')], page_number: 1, next_page_number: null });
    const { container } = renderAt(<OffersPage />, { path: '/moderation/offers' });
    expect(await screen.findByText(OFFERS_TEXTS.loading)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: 'biz1@example.com' })).toHaveAttribute('href', 'mailto:biz1@example.com');
    expect(screen.getByText('Partnership?')).toBeInTheDocument();
    expect(document.title).toMatch(/Business offers/);
    expect((await axe(container)).violations.map((v) => v.id)).toEqual([]);
  });

  it('says so when there are none', async () => {
    pagedGet('getOfferInbox', { 1: { offers: [], page_number: 1, next_page_number: null } });
    renderAt(<OffersPage />, { path: '/moderation/offers' });
    expect(await screen.findByText(OFFERS_TEXTS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('pages forward and back through the inbox', async () => {
    const queries = pagedGet('getOfferInbox', {
      1: { offers: [offer(1)], page_number: 1, next_page_number: 2 },
      2: { offers: [offer(2)], page_number: 2, next_page_number: null },
    });
    renderAt(<OffersPage />, { path: '/moderation/offers' });
    expect(await screen.findByText('Offer 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Offer 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('Offer 1')).toBeInTheDocument();
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '2', '1']);
  });

  it('shows the error with Retry when the inbox fails, then the offers', async () => {
    const calls = answer('getOfferInbox', refuse(500, 'Server error.'), { body: { offers: [offer(3)], page_number: 1, next_page_number: null } });
    renderAt(<OffersPage />, { path: '/moderation/offers' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error.');
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Offer 3')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('shows the admins-only page to a moderator (403)', async () => {
    answer('getOfferInbox', refuse(403, 'Only an admin can do this.'));
    renderAt(<OffersPage />, { path: '/moderation/offers' });
    expect(await screen.findByText('This page is for admins. Your account does not have access to it.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list')).toBeNull());
    expect(screen.getByRole('link', { name: 'Back to the feed' })).toHaveAttribute('href', '/feed');
  });
});
