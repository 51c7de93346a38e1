/** /deliveries over HTTP (MSW): loading, the list, older pages appended, cancel, and errors with Retry. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Delivery } from '@wishes/kit-contract';
import { deferred } from '@wishes/kit-test';
import { signedInMemberEachTest } from '../test/fixtures';
import { refuse, unchecked, type OperationAnswer } from '../test/http';
import { renderRoute } from '../test/renderRoute';
import DeliveriesPage from './DeliveriesPage';

const member = signedInMemberEachTest();
const PAGE = (n: number) => ({ query: { page: n } });

const delivery = (id: number, overrides: Partial<Delivery> = {}): Delivery => ({
  delivery_id: id,
  wish_id: 40 + id,
  recipient_email: `friend${id}@example.com`,
  recipient_name: `Friend ${id}`,
  send_at: '2026-12-01T09:00:00.000Z',
  status: 'scheduled',
  sent_at: null,
  opened_at: null,
  error: null,
  failure_reason: null,
  replies: [],
  ...overrides,
});
const page = (items: Delivery[], next: number | null, n = 1) => ({ body: { deliveries: items, page_number: n, next_page_number: next } });

const renderPage = () => renderRoute('/deliveries', '/deliveries', <DeliveriesPage />);

it('shows loading, then the deliveries; Show older appends the next page', async () => {
  const first = deferred<OperationAnswer<'listDeliveries'>>();
  member.server.operation('listDeliveries', PAGE(1), first.promise);
  member.server.operation('listDeliveries', PAGE(2), page([delivery(3, { status: 'opened', opened_at: '2026-11-02T10:00:00.000Z' })], null, 2));
  renderPage();
  expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  expect(document.title).toBe('Sent wishes | Wishes');
  await act(async () => first.resolve(page([delivery(1), delivery(2, { status: 'sent', sent_at: '2026-11-01T10:00:00.000Z' })], 2)));

  expect(await screen.findAllByTestId('delivery')).toHaveLength(2);
  await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
  await waitFor(() => expect(screen.getAllByTestId('delivery')).toHaveLength(3));
  expect(screen.getAllByTestId('delivery')[2]).toHaveTextContent('Opened');
  expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
});

it('cancels a scheduled delivery: DELETE, the row says Cancelled, a toast', async () => {
  member.server.operation('listDeliveries', PAGE(1), page([delivery(1)], null));
  member.server.operation('cancelDelivery', { params: { id: 1 } }, { body: { message: 'Delivery cancelled' } });
  renderPage();
  const row = await screen.findByTestId('delivery');
  await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));

  await waitFor(() => expect(within(row).getByText('Cancelled')).toBeInTheDocument());
  expect(within(row).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  expect(member.toasts.messages()).toEqual(['Delivery cancelled.']);
  expect(member.server.callsOf('cancelDelivery', { params: { id: 1 } })).toHaveLength(1);
});

it("a refused cancel toasts the server's text and keeps the row", async () => {
  member.server.operation('listDeliveries', PAGE(1), page([delivery(1)], null));
  member.server.operation('cancelDelivery', { params: { id: 1 } }, refuse(409, 'This wish has already gone out.'));
  renderPage();
  const row = await screen.findByTestId('delivery');
  await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(member.toasts.messages()).toEqual(['This wish has already gone out.']));
  expect(within(row).getByText('Scheduled')).toBeInTheDocument();
});

it("says why a delivery failed or bounced, why the last try of one still scheduled did not go, and that an outbox one was never mailed", async () => {
  const refused = "The recipient's mail server refused the message (SMTP 554 5.7.1).";
  const gone = "The recipient's mail server refused the address (SMTP 550 5.1.1).";
  member.server.operation(
    'listDeliveries',
    PAGE(1),
    page(
      [
        delivery(1, { status: 'failed', error: refused, failure_reason: refused }),
        delivery(2, { error: 'The mail server could not be reached.' }),
        delivery(3, { status: 'bounced', error: gone, failure_reason: gone }),
        delivery(4, { status: 'outbox', sent_at: '2026-11-01T10:00:00.000Z' }),
      ],
      null,
    ),
  );
  renderPage();
  const [failed, retrying, bounced, outbox] = await screen.findAllByTestId('delivery');
  expect(failed).toHaveTextContent(`Failed`);
  expect(failed).toHaveTextContent(`Not delivered: ${refused}`);
  expect(retrying).toHaveTextContent('Scheduled');
  expect(retrying).toHaveTextContent('Last try did not go through: The mail server could not be reached. Trying again soon.');
  expect(bounced).toHaveTextContent('Bounced');
  expect(bounced).toHaveTextContent(`Not delivered: ${gone}`);
  expect(outbox).toHaveTextContent('In the outbox');
  expect(outbox).toHaveTextContent('Not mailed: this site keeps its mail in a folder instead of sending it.');
  expect(outbox).not.toHaveTextContent(/\bSent\b/);
});

it('a refused cancel reloads the list, which shows what became of the delivery', async () => {
  member.server.operation('listDeliveries', PAGE(1), page([delivery(1)], null));
  member.server.operation('cancelDelivery', { params: { id: 1 } }, refuse(409, 'This delivery can no longer be cancelled.'));
  renderPage();
  const row = await screen.findByTestId('delivery');
  member.server.operation('listDeliveries', PAGE(1), page([delivery(1, { status: 'sent', sent_at: '2026-12-01T09:00:05.000Z' })], null));
  await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(within(screen.getByTestId('delivery')).getByText('Sent')).toBeInTheDocument());
  expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
});

it('shows the empty state, and an error with Retry when the first page fails; a later page that fails toasts', async () => {
  member.server.operation('listDeliveries', PAGE(1), 'network-error');
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your sent wishes.');

  member.server.operation('listDeliveries', PAGE(1), page([delivery(1)], 2));
  member.server.operation('listDeliveries', PAGE(2), unchecked(500, {}));
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('delivery')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
  await waitFor(() => expect(member.toasts.messages()).toEqual(['Could not load your sent wishes.']));
  expect(screen.getAllByTestId('delivery')).toHaveLength(1);
});

it('says how to send one when there are none', async () => {
  member.server.operation('listDeliveries', PAGE(1), page([], null));
  renderPage();
  expect(await screen.findByText(/You have not sent a wish to anyone yet/)).toBeInTheDocument();
});

it("shows a replied delivery with the recipient's replies as text", async () => {
  const replies = [{ reply_id: 7, text: 'Thank you! <b>so</b> kind', created_at: '2026-11-03T10:00:00.000Z' }];
  member.server.operation('listDeliveries', PAGE(1), page([delivery(5, { status: 'replied', opened_at: '2026-11-02T10:00:00.000Z', replies })], null));
  renderPage();
  const item = await screen.findByTestId('delivery');
  expect(within(item).getByText('Replied')).toBeInTheDocument();
  expect(within(within(item).getByTestId('delivery-replies')).getByText('Thank you! <b>so</b> kind')).toBeInTheDocument();
});
