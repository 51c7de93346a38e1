import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import MyReportsPage from './MyReportsPage';
import { renderRoute } from '../test/renderRoute';
import { signInAs, signOutForTest } from '../test/fixtures';
import { answer, refuse } from '../test/http';

beforeEach(() => signInAs(3));
afterEach(() => signOutForTest());
afterEach(() => jest.restoreAllMocks());

it("lists the member's reports with their outcome, axe-clean", async () => {
  answer('listMyReports', {
    body: {
      reports: [
        { wish_id: 12, category: 'Spam or advertising', created_at: '2026-11-23T10:00:00.000Z', status: 'resolved', resolution: 'hide' },
        { wish_id: 9, category: 'Something else', created_at: '2026-11-22T10:00:00.000Z', status: 'open', resolution: null },
      ],
      page_number: 1,
      next_page_number: null,
    },
  });
  const { container } = renderRoute('/my/reports', '/my/reports', <MyReportsPage />);
  const items = await screen.findAllByRole('listitem');
  expect(items[0]).toHaveTextContent('Wish 12: Spam or advertising');
  expect(items[0]).toHaveTextContent('Hidden by moderators');
  expect(items[1]).toHaveTextContent('Waiting for a moderator');
  expect(screen.getByRole('link', { name: 'Wish 12' })).toHaveAttribute('href', '/wish/12');
  expect((await axe(container)).violations.map((v) => v.id)).toEqual([]);
});

it('says so when there are none, and offers Retry on a failure', async () => {
  answer('listMyReports', refuse(500, 'Could not load this list. Please try again.'), { body: { reports: [], page_number: 1, next_page_number: null } });
  renderRoute('/my/reports', '/my/reports', <MyReportsPage />);
  (await screen.findByRole('button', { name: /Retry/ })).click();
  expect(await screen.findByText("You haven't reported any wish.")).toBeInTheDocument();
});

it('pages with Previous / Next, asking for the page it shows', async () => {
  const report = (wish_id: number) => ({ wish_id, category: 'Spam or advertising', created_at: '2026-11-23T10:00:00.000Z', status: 'open' as const, resolution: null });
  const pages: string[] = [];
  answer('listMyReports', ({ query }) => {
    const n = Number(query.get('page'));
    pages.push(String(n));
    return { body: { reports: [report(n === 1 ? 12 : 13)], page_number: n, next_page_number: n === 1 ? 2 : null } };
  });
  renderRoute('/my/reports', '/my/reports', <MyReportsPage />);
  expect(await screen.findByRole('link', { name: 'Wish 12' })).toBeInTheDocument();
  await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('link', { name: 'Wish 13' })).toBeInTheDocument();
  expect(screen.getByText('Page 2')).toBeInTheDocument();
  expect(pages).toEqual(['1', '2']);
});
