import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { act } from '@testing-library/react';
import { formatDate } from '@wishes/kit-ui';
import { setOptions } from '@wishes/kit-client';
import { updateSessionUser } from '@wishes/kit-session';
import WishCardRemote from './WishCard';
import WishList from './WishList';
import { makeWish, OPTIONS, voteResponse } from '../test/fixtures';
import { renderAt, signInForTest, toastsEachTest } from '@wishes/kit-test';
import { answer, API } from '../test/http';

toastsEachTest();

const location = () => screen.getByTestId('location').textContent;

describe('author header', () => {
  it('shows the avatar, the name linking to the profile and the date linking to the wish', () => {
    const wish = makeWish({ id: 5, user_id: 9, user: { id: 9, full_name: 'Grace Hopper', first_name: 'Grace', last_name: 'Hopper', avatar_url: '/media/a.png', avatar_thumbnail: '/media/a_t.png' } });
    const { container } = renderAt(<WishCardRemote wish={wish} />);
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/user/9');
    expect(screen.getByRole('link', { name: formatDate(wish.published_at) })).toHaveAttribute('href', '/wish/5');
    const avatar = container.querySelector('img.feed-card__avatar');
    expect(avatar).toHaveAttribute('src', '/media/a_t.png');
    expect(avatar?.closest('a')).toHaveAttribute('href', '/user/9');
  });

  it("shows one's new avatar on one's own cards at once (the session's), and leaves other authors' alone", () => {
    signInForTest(9);
    const own = makeWish({ id: 5, user_id: 9, user: { id: 9, full_name: 'Grace Hopper', first_name: 'Grace', last_name: 'Hopper', avatar_url: '/media/old.png', avatar_thumbnail: '/media/old_t.png' } });
    const other = makeWish({ id: 6, user_id: 4, user: { id: 4, full_name: 'Alan Turing', first_name: 'Alan', last_name: 'Turing', avatar_url: null, avatar_thumbnail: '/media/alan_t.png' } });
    const { container } = renderAt(
      <>
        <WishCardRemote wish={own} />
        <WishCardRemote wish={other} />
      </>,
    );
    const avatars = () => [...container.querySelectorAll('img.feed-card__avatar')].map((img) => img.getAttribute('src'));
    expect(avatars()).toEqual(['/media/old_t.png', '/media/alan_t.png']);
    act(() => updateSessionUser({ avatarThumbnail: '/media/new_t.png' }));
    expect(avatars()).toEqual(['/media/new_t.png', '/media/alan_t.png']);
  });

  it("shows an initial placeholder without an avatar, and 'Anonymous' without a name", () => {
    const wish = makeWish({ author: '', user: { id: 7, full_name: '', first_name: '', last_name: '', avatar_url: null, avatar_thumbnail: null } });
    const { container } = renderAt(<WishCardRemote wish={wish} />);
    expect(screen.getByRole('link', { name: 'Anonymous' })).toHaveAttribute('href', '/user/7');
    expect(container.querySelector('.feed-card__avatar--initial')).toHaveTextContent('A');
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('wish text', () => {
  it('opens /wish/{id} on click', async () => {
    renderAt(<WishCardRemote wish={makeWish({ id: 12, text: 'Happy birthday, Sam!' })} />);
    await userEvent.click(screen.getByText('Happy birthday, Sam!'));
    expect(location()).toBe('/wish/12');
  });

  it('opens /wish/{id} with the keyboard', async () => {
    renderAt(<WishCardRemote wish={makeWish({ id: 12, text: 'Happy birthday, Sam!' })} />);
    screen.getByRole('link', { name: 'Happy birthday, Sam!' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(location()).toBe('/wish/12');
  });
});

describe('private and hidden wishes, own wishes', () => {
  const menuButton = () => screen.getByRole('button', { name: 'More options' });
  const menuEntries = async () => {
    await userEvent.click(menuButton());
    return within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
  };

  it("marks the author's private wish, offers no Share (nobody else could open it) and no Report", async () => {
    signInForTest(7);
    renderAt(<WishCardRemote wish={makeWish({ id: 3, user_id: 7, is_public: false })} />);
    expect(screen.getByTestId('visibility-badge')).toHaveTextContent('Private');
    expect(screen.getByTestId('visibility-badge')).toHaveTextContent('Only you can see this wish.');
    expect(await menuEntries()).toEqual(['View', 'Edit', 'Make public', 'Delete']);
  });

  it('offers no Report on an own public wish, and no mark', async () => {
    signInForTest(7);
    renderAt(<WishCardRemote wish={makeWish({ id: 3, user_id: 7, is_public: true })} />);
    expect(screen.queryByTestId('visibility-badge')).toBeNull();
    expect(await menuEntries()).toEqual(['View', 'Share', 'Edit', 'Make private', 'Delete']);
  });

  it('marks a wish hidden by moderation for its author, with the reason', async () => {
    signInForTest(7);
    const wish = { ...makeWish({ id: 3, user_id: 7, is_public: true }), moderation: { state: 'hidden' as const, reason: 'Spam' } };
    renderAt(<WishCardRemote wish={wish} />);
    expect(screen.getByTestId('visibility-badge')).toHaveTextContent('Hidden');
    expect(screen.getByTestId('visibility-badge')).toHaveTextContent('Hidden by moderation: Spam');
    expect(await menuEntries()).toEqual(['View', 'Edit', 'Make private', 'Delete']);
  });

  it("keeps View, Share and Report on someone else's public wish", async () => {
    signInForTest(8);
    renderAt(<WishCardRemote wish={makeWish({ id: 3, user_id: 7 })} />);
    expect(await menuEntries()).toEqual(['View', 'Share', 'Report']);
  });
});

describe('context menu', () => {
  const menuButton = () => screen.getByRole('button', { name: 'More options' });

  it('opens with View, Share and Report; View goes to the wish', async () => {
    renderAt(<WishCardRemote wish={makeWish({ id: 3 })} />);
    expect(menuButton()).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View', 'Share', 'Report']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'View' }));
    expect(location()).toBe('/wish/3');
  });

  it('is keyboard navigable: focus on the first item, arrows move, Escape closes and returns focus', async () => {
    renderAt(<WishCardRemote wish={makeWish()} />);
    menuButton().focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'View' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Share' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'View' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton()).toHaveFocus();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on an outside click', async () => {
    renderAt(
      <div>
        <WishCardRemote wish={makeWish()} />
        <p>outside</p>
      </div>,
    );
    await userEvent.click(menuButton());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("Share opens the 'Share' modal with the wish link; closing returns focus to the menu button", async () => {
    renderAt(<WishCardRemote wish={makeWish({ id: 8 })} />);
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    expect(within(dialog).getByLabelText('Link to this wish')).toHaveValue(`${window.location.origin}/wish/8`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it("marks a wish the member reported 'Reported' (from their reports, and at once after a report); the menu stays View, Share, Report", async () => {
    signInForTest(8);
    setOptions(OPTIONS);
    answer('get', API.myReports, { reports: [{ wish_id: 4, category: 'Spam', created_at: '2026-11-21T09:30:00.000Z', status: 'open', resolution: null }], page_number: 1, next_page_number: null });
    answer('post', API.complaint, { message: 'Complaint received' });
    renderAt(
      <>
        <WishCardRemote wish={makeWish({ id: 4, user_id: 7 })} />
        <WishCardRemote wish={makeWish({ id: 5, user_id: 7, text: 'Another wish' })} />
      </>,
    );
    const [first, second] = screen.getAllByRole('article');
    expect(await within(first!).findByTestId('reported-badge')).toHaveTextContent('Reported');
    expect(within(second!).queryByTestId('reported-badge')).toBeNull();
    await userEvent.click(within(second!).getByRole('button', { name: 'More options' }));
    expect(within(second!).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View', 'Share', 'Report']);
    await userEvent.click(within(second!).getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report options' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spam' }));
    expect(await within(second!).findByTestId('reported-badge')).toHaveTextContent('Reported');
  });

  it('gives staff Hide and Ban author after a separator, each with a required reason; Restore once hidden', async () => {
    signInForTest(8);
    act(() => updateSessionUser({ role: 'moderator' } as never));
    const hide = answer('post', API.moderateWish, { message: 'Wish hidden', wish: makeWish({ id: 4, user_id: 7, moderation: { state: 'hidden', reason: 'Spam link' } }) });
    renderAt(<WishCardRemote wish={makeWish({ id: 4, user_id: 7 })} />);
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View', 'Share', 'Report', 'Hide', 'Ban author']);
    const separator = within(menu).getByRole('separator');
    expect(separator.nextElementSibling).toHaveTextContent('Hide');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide wish 4' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
    expect(hide).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Spam link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hide.map((r) => r.body)).toEqual([{ action: 'hide', reason: 'Spam link' }]);
    expect(screen.getByTestId('visibility-badge')).toHaveTextContent('Hidden');
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View', 'Report', 'Restore', 'Ban author']);
  });

  it('gives a member no staff entries', async () => {
    signInForTest(8);
    renderAt(<WishCardRemote wish={makeWish({ id: 4, user_id: 7 })} />);
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect(within(screen.getByRole('menu')).queryByRole('separator')).toBeNull();
  });

  it('shows no Reported mark to a visitor', () => {
    renderAt(<WishCardRemote wish={makeWish({ id: 4, user_id: 7 })} />);
    expect(screen.queryByTestId('reported-badge')).toBeNull();
  });

  it("Report opens the 'Report options' modal", async () => {
    setOptions(OPTIONS);
    renderAt(<WishCardRemote wish={makeWish()} />);
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report options' });
    expect(within(dialog).getByRole('button', { name: 'Spam' })).toBeInTheDocument();
  });
});

describe('votes on a card', () => {
  it('update the card and call onChange with the whole updated wish', async () => {
    signInForTest();
    answer('post', API.vote, voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' }, 4));
    const onChange = jest.fn();
    renderAt(<WishCardRemote wish={makeWish({ id: 4, text: 'Keep going' })} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upvote' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 4, text: 'Keep going', upvote_count: 1, vote_count: 1, vote_type: 'upvote' })));
    expect(screen.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('show a new wish prop from the parent', async () => {
    function Parent() {
      const [wish, setWish] = useState(makeWish({ vote_count: 1 }));
      return (
        <>
          <button type="button" onClick={() => setWish(makeWish({ vote_count: 6 }))}>
            refresh
          </button>
          <WishCardRemote wish={wish} />
        </>
      );
    }
    renderAt(<Parent />);
    expect(screen.getByRole('button', { name: /show voters/i })).toHaveTextContent('+1');
    await userEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(screen.getByRole('button', { name: /show voters/i })).toHaveTextContent('+6');
  });
});

describe('WishList', () => {
  it('renders one card per wish in a list', () => {
    renderAt(<WishList wishes={[makeWish({ id: 1, text: 'First' }), makeWish({ id: 2, text: 'Second' })]} />);
    const items = within(screen.getAllByRole('list')[0]).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('First');
    expect(items[1]).toHaveTextContent('Second');
  });

  it('renders an empty list without cards', () => {
    renderAt(<WishList wishes={[]} />);
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('reply count', () => {
  it("shows a public wish's replies as a link to them on its page, and none on a private wish", () => {
    renderAt(<WishCardRemote wish={makeWish({ id: 5, reply_count: 1 })} />);
    expect(screen.getByTestId('reply-count')).toHaveTextContent('1 reply');
    expect(screen.getByTestId('reply-count')).toHaveAttribute('href', '/wish/5#replies');
  });

  it('says "N replies" and shows nothing for a private wish or a wish without a count', () => {
    const { unmount } = renderAt(<WishCardRemote wish={makeWish({ id: 6, reply_count: 3 })} />);
    expect(screen.getByTestId('reply-count')).toHaveTextContent('3 replies');
    unmount();
    const second = renderAt(<WishCardRemote wish={makeWish({ id: 7, reply_count: 2, is_public: false })} />);
    expect(screen.queryByTestId('reply-count')).toBeNull();
    second.unmount();
    renderAt(<WishCardRemote wish={makeWish({ id: 8 })} />);
    expect(screen.queryByTestId('reply-count')).toBeNull();
  });
});
