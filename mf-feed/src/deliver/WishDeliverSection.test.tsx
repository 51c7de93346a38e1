import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, queryKeys, useQuery } from '@wishes/kit-client';
import { deferred, renderAt, signInForTest, toastsEachTest } from '@wishes/kit-test';
import { WishDeliverSection } from './WishDeliverSection';
import { makeWish } from '../test/fixtures';
import { answer, API, refuse } from '../test/http';

const toasts = toastsEachTest();

const THEMES = [
  { name: 'classic', title: 'Classic' },
  { name: 'sunset', title: 'Sunset' },
];

/** The wish page's cached copy of the wish (any app showing it reads the same entry). */
function CachedTheme() {
  const query = useQuery({ queryKey: queryKeys.wish(1), queryFn: () => call('getWish', { params: { id: 1 } }) });
  return <p data-testid="cached">{query.data ? String(query.data.wish.card_theme) : 'loading'}</p>;
}

beforeEach(() => {
  signInForTest(7);
  answer('get', API.themes, THEMES);
  // No preview in these tests (jsdom draws no images).
  answer('get', API.card, refuse(404, 'Not found.'));
});

it('a chosen theme is saved and patches every cached copy of the wish', async () => {
  answer('get', API.wish, { wish: makeWish({ user_id: 7, card_theme: 'classic' }) });
  const saves = answer('patch', API.wish, { wish: makeWish({ user_id: 7, card_theme: 'sunset' }) });
  renderAt(
    <>
      <WishDeliverSection wish={makeWish({ user_id: 7, card_theme: 'classic' })} />
      <CachedTheme />
    </>,
  );
  await waitFor(() => expect(screen.getByTestId('cached')).toHaveTextContent('classic'));
  await screen.findByRole('option', { name: 'Sunset' });
  await userEvent.selectOptions(screen.getByLabelText('Theme'), 'sunset');
  await waitFor(() => expect(screen.getByTestId('cached')).toHaveTextContent('sunset'));
  expect(saves.map((r) => r.body)).toEqual([{ card_theme: 'sunset' }]);
  expect(toasts.texts()).toEqual(['success: Card theme saved.']);
});

it('shows nothing to anyone but the author, and asks for nothing', async () => {
  signInForTest(8);
  const themes = answer('get', API.themes, THEMES);
  renderAt(<WishDeliverSection wish={makeWish({ user_id: 7 })} />);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(screen.queryByRole('heading', { name: 'Card' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Send to…' })).toBeNull();
  expect(themes).toHaveLength(0);
});

describe('Send to…', () => {
  const openForm = async () => {
    renderAt(<WishDeliverSection wish={makeWish({ user_id: 7 })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send to…' }));
    return screen.getByRole('form', { name: 'Send to…' });
  };

  it('checks the email first and sends nothing until it is valid', async () => {
    const sends = answer('post', API.send, { delivery_id: 1, status: 'sent', send_at: '2026-11-25T10:00:00.000Z' });
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Their email'), 'not-an-email');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter a valid email address.');
    expect(sends).toHaveLength(0);
  });

  it('keeps Send busy while the wish goes (a second press sends nothing), then says it is on its way', async () => {
    const held = deferred<{ delivery_id: number; status: string; send_at: string }>();
    const sends = answer('post', API.send, held.promise);
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Their name'), 'Grace');
    await userEvent.type(within(form).getByLabelText('Their email'), 'grace@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send' })).toBeDisabled());
    await userEvent.type(within(form).getByLabelText('Their email'), '{Enter}');
    held.resolve({ delivery_id: 1, status: 'sent', send_at: '2026-11-25T10:00:00.000Z' });
    await waitFor(() => expect(toasts.texts()).toEqual(['success: Your wish is on its way to Grace.']));
    expect(sends.map((r) => r.body)).toEqual([{ recipient_email: 'grace@example.com', recipient_name: 'Grace', note: '' }]);
  });

  it('says plainly when the site only wrote the wish to its outbox (nothing was mailed)', async () => {
    answer('post', API.send, { delivery_id: 2, status: 'outbox', send_at: '2026-11-25T10:00:00.000Z' });
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Their name'), 'Grace');
    await userEvent.type(within(form).getByLabelText('Their email'), 'grace@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts.texts()).toEqual(["info: Your wish for Grace was written to this site's outbox: this site does not send mail, so it was not mailed."]));
  });

  it("shows the server's refusal in the form", async () => {
    answer('post', API.send, refuse(429, 'Too many wishes sent today.'));
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Their email'), 'grace@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many wishes sent today.');
    expect(within(form).getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
