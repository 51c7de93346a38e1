import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import WishCardRemote from '../wish/WishCard';
import { makeWish } from '../test/fixtures';
import { call, queryKeys, useQuery } from '@wishes/kit-client';
import { deferred, renderAt, signInForTest, toastsEachTest } from '@wishes/kit-test';
import { answer, API, refuse } from '../test/http';

const toasts = toastsEachTest();

const openMenu = async () => userEvent.click(screen.getByRole('button', { name: 'More options' }));
const menuLabels = () => within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);

describe("the author's menu", () => {
  it('offers Edit, Make private and Delete to the author only', async () => {
    signInForTest(7);
    renderAt(<WishCardRemote wish={makeWish({ user_id: 7 })} />);
    await openMenu();
    expect(menuLabels()).toEqual(['View', 'Share', 'Edit', 'Make private', 'Delete']);
  });

  it('keeps the plain menu for everyone else', async () => {
    signInForTest(8);
    renderAt(<WishCardRemote wish={makeWish({ user_id: 7 })} />);
    await openMenu();
    expect(menuLabels()).toEqual(['View', 'Share', 'Report']);
  });

  it('edits the text in a labelled dialog and shows the wish as edited', async () => {
    signInForTest(7);
    const updated = makeWish({ user_id: 7, text: 'Happy birthday, Grace!', edited_at: '2026-11-23T10:00:00.000Z' });
    const update = answer('patch', API.wish, { wish: updated });
    renderAt(<WishCardRemote wish={makeWish({ user_id: 7, text: 'Happy birthday, Grase!' })} />);
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit wish' });
    const field = within(dialog).getByLabelText('Wish text');
    expect((await axe(dialog)).violations.map((v) => v.id)).toEqual([]);
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Wish text cannot be empty.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(update).toHaveLength(0);
    await userEvent.type(field, 'Happy birthday, Grace!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(update.map((r) => [r.params.id, r.body])).toEqual([['1', { text: 'Happy birthday, Grace!' }]]);
    expect(screen.getByText('Happy birthday, Grace!')).toBeInTheDocument();
    expect(screen.getByText(/Edited/)).toBeInTheDocument();
    expect(toasts.texts()).toContain('success: Wish updated');
  });

  it("shows the server's refusal inside the dialog", async () => {
    signInForTest(7);
    answer('patch', API.wish, refuse(403, 'You can only change your own wishes.'));
    renderAt(<WishCardRemote wish={makeWish({ user_id: 7 })} />);
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit wish' });
    await userEvent.type(within(dialog).getByLabelText('Wish text'), ' more');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can only change your own wishes.');
  });

  it('makes the wish private and public again, with a Private flag in between', async () => {
    signInForTest(7);
    const update = answer('patch', API.wish, { wish: makeWish({ user_id: 7, is_public: false }) }, { wish: makeWish({ user_id: 7, is_public: true }) });
    renderAt(<WishCardRemote wish={makeWish({ user_id: 7 })} />);
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Make private' }));
    await waitFor(() => expect(screen.getByText('Private')).toBeInTheDocument());
    expect(update.map((r) => r.body)).toEqual([{ is_public: false }]);
    expect(toasts.texts()).toContain('success: Only you can see this wish now');
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Make public' }));
    await waitFor(() => expect(screen.queryByText('Private')).toBeNull());
    expect(update.map((r) => r.body)).toEqual([{ is_public: false }, { is_public: true }]);
  });

  it('deletes only after the confirmation; Cancel keeps it', async () => {
    signInForTest(7);
    const remove = answer('delete', API.wish, { message: 'Wish deleted' });
    const onDeleted = jest.fn();
    const { WishCard } = await import('../wish/WishCard');
    renderAt(<WishCard wish={makeWish({ user_id: 7, text: 'Going soon' })} onDeleted={onDeleted} />);
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete wish' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect((await axe(dialog)).violations.map((v) => v.id)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(remove).toHaveLength(0);
    expect(screen.getByText('Going soon')).toBeInTheDocument();

    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete wish' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Going soon')).toBeNull());
    expect(remove.map((r) => r.params.id)).toEqual(['1']);
    expect(onDeleted).toHaveBeenCalled();
    expect(toasts.texts()).toContain('success: Wish deleted');
  });
});

describe('moderation state', () => {
  it("shows its author the moderators' reason on a hidden wish", () => {
    signInForTest(7);
    renderAt(<WishCardRemote wish={makeWish({ user_id: 7, moderation: { state: 'hidden', reason: 'Personal data' } })} />);
    expect(screen.getByRole('note')).toHaveTextContent('Hidden by moderators: Personal data');
  });
});

describe('the site cache', () => {
  /** Another app's copy of the same wish: the wish page's query (mf-profile's lists work alike). */
  function CachedWish({ id }: { id: number }) {
    const query = useQuery({ queryKey: queryKeys.wish(id), queryFn: () => call('getWish', { params: { id } }) });
    return <p data-testid="cached">{query.data ? `${query.data.wish.text}|${query.data.wish.is_public ? 'public' : 'private'}` : 'loading'}</p>;
  }

  it('an edit shows "Saving..." while it is sent, then patches every cached copy of the wish', async () => {
    signInForTest(7);
    answer('get', API.wish, { wish: makeWish({ user_id: 7, text: 'Old text' }) });
    const held = deferred<{ wish: ReturnType<typeof makeWish> }>();
    answer('patch', API.wish, held.promise);
    renderAt(
      <>
        <WishCardRemote wish={makeWish({ user_id: 7, text: 'Old text' })} />
        <CachedWish id={1} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('cached')).toHaveTextContent('Old text|public'));
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit wish' });
    await userEvent.clear(within(dialog).getByLabelText('Wish text'));
    await userEvent.type(within(dialog).getByLabelText('Wish text'), 'New text');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    held.resolve({ wish: makeWish({ user_id: 7, text: 'New text' }) });
    await waitFor(() => expect(screen.getByTestId('cached')).toHaveTextContent('New text|public'));
  });

  it('making a wish private patches the cached copies too', async () => {
    signInForTest(7);
    const get = answer('get', API.wish, { wish: makeWish({ user_id: 7 }) });
    answer('patch', API.wish, { wish: makeWish({ user_id: 7, is_public: false }) });
    renderAt(
      <>
        <WishCardRemote wish={makeWish({ user_id: 7 })} />
        <CachedWish id={1} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('cached')).toHaveTextContent('|public'));
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Make private' }));
    await waitFor(() => expect(screen.getByTestId('cached')).toHaveTextContent('|private'));
    expect(get).toHaveLength(1);
  });
});
