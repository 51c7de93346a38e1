import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, recordToasts } from '@wishes/kit-test';
import { apiRoutes, refuse, unchecked, type ApiRoutes, type OperationAnswer } from '../test/http';
import { embed, makePage, makeProfile, signInAs, signOutForTest } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import ProfilePage from './ProfilePage';

const PROFILE = { params: { id: 5 } };
const SUBSCRIBE = PROFILE;
const wishesPage = (page: number) => ({ params: { id: 5, page } });

let server: ApiRoutes;
let toasts: ReturnType<typeof recordToasts>;

beforeEach(() => {
  server = apiRoutes();
  toasts = recordToasts();
  embed(null);
});
afterEach(() => {
  toasts.stop();
  signOutForTest();
  jest.restoreAllMocks();
});

const renderProfile = (path = '/user/5') => renderRoute('/user/:uid', path, <ProfilePage />);

function serveProfile(profile = makeProfile(), wishes = makePage([1, 2], null)) {
  server.operation('getProfile', PROFILE, { body: profile });
  server.operation('getUserWishesPage', wishesPage(1), { body: wishes });
}

describe('loading the profile', () => {
  it('shows a loading state, then the name, avatar placeholder and labelled counts; the title follows', async () => {
    const reply = deferred<OperationAnswer<'getProfile'>>();
    server.operation('getProfile', PROFILE, reply.promise);
    server.operation('getUserWishesPage', wishesPage(1), { body: makePage([1], null) });
    renderProfile();

    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    expect(document.title).toBe('Profile | Wishes');

    await act(async () => reply.resolve({ body: makeProfile({ followers: 7, following: 4, posts: 9 }) }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Ada Lovelace's avatar" })).toHaveTextContent('A');
    const countFor = (label: string) => {
      const term = screen.getByText(label);
      expect(term.tagName).toBe('DT');
      return term.nextElementSibling;
    };
    expect(countFor('Followers')).toHaveTextContent('7');
    expect(countFor('Following')).toHaveTextContent('4');
    expect(countFor('Posts')).toHaveTextContent('9');
    await waitFor(() => expect(document.title).toBe('Ada Lovelace | Wishes'));
  });

  it('shows the avatar image with alt text when there is one', async () => {
    serveProfile(makeProfile({ avatar_url: '/media/a.png', avatar_thumbnail: '/media/a_t.png' }));
    renderProfile();
    expect(await screen.findByRole('img', { name: "Ada Lovelace's avatar" })).toHaveAttribute('src', '/media/a.png');
  });

  it("says 'Invalid user ID.' for a non-numeric uid and makes no request", async () => {
    renderProfile('/user/abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid user ID.');
    expect(server.calls).toHaveLength(0);
  });

  it('says the profile was not found when the API has no such user', async () => {
    server.operation('getProfile', { params: { id: 404 } }, refuse(404, 'User not found'));
    renderProfile('/user/404');
    expect(await screen.findByRole('alert')).toHaveTextContent('User profile for ID 404 not found.');
    expect(server.callsOf('getUserWishesPage', { params: { id: 404, page: 1 } })).toHaveLength(0);
  });

  it('shows an error with a retry when the profile request fails', async () => {
    server.operation('getProfile', PROFILE, refuse(500, 'Database is asleep'));
    renderProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is asleep');

    serveProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('uses the data the server embedded in the page instead of requesting it', async () => {
    embed({ path: '/user/5', profile: { profile: makeProfile({ full_name: 'Embedded Ada' }), wishes: makePage([11, 12], null) } });
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Embedded Ada' })).toBeInTheDocument();
    expect(await screen.findByText('Wish number 11')).toBeInTheDocument();
    expect(screen.getByText('Wish number 12')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('ignores embedded data rendered for another profile', async () => {
    embed({ path: '/user/9', profile: { profile: makeProfile({ full_name: 'Someone Else' }), wishes: makePage([], null) } });
    serveProfile();
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(server.callsOf('getProfile', PROFILE)).toHaveLength(1);
  });
});

describe('own profile vs other profiles', () => {
  it("shows 'Your profile' and the avatar upload, and no subscribe button, on one's own profile", async () => {
    signInAs(5);
    serveProfile(makeProfile({ is_self: true }));
    renderProfile();
    expect(await screen.findByText('Your profile')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload avatar')).toHaveAttribute('accept', 'image/*');
    expect(screen.queryByRole('button', { name: /subscribe/i })).not.toBeInTheDocument();
  });

  it("shows a subscribe button and neither 'Your profile' nor the upload on someone else's", async () => {
    signInAs(1);
    serveProfile();
    renderProfile();
    const button = await screen.findByRole('button', { name: 'Subscribe' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Your profile')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Upload avatar')).not.toBeInTheDocument();
  });

  it("fills the header's avatar from one's own profile when the session has none yet", async () => {
    const { session$ } = await import('@wishes/kit-session');
    signInAs(5);
    serveProfile(makeProfile({ is_self: true, avatar_thumbnail: '/media/t.png' }));
    renderProfile();
    await screen.findByText('Your profile');
    expect(session$.value.user?.avatarThumbnail).toBe('/media/t.png');
  });
});

describe('subscribing', () => {
  const followers = () => screen.getByTestId('profile-followers');

  it("asks visitors to sign in first and sends nothing", async () => {
    serveProfile();
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(toasts.messages()).toEqual(['Please sign in first']);
    expect(server.callsOf('subscribe', SUBSCRIBE)).toHaveLength(0);
  });

  it("uses the profile the server returns, and disables the button while pending", async () => {
    signInAs(1);
    serveProfile(makeProfile({ followers: 3 }));
    const reply = deferred<OperationAnswer<'subscribe'>>();
    server.operation('subscribe', SUBSCRIBE, reply.promise);
    renderProfile();

    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();

    await act(async () => reply.resolve({ body: { message: 'Subscribed', profile: makeProfile({ followers: 10, is_subscribed: true }) } }));

    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toBeEnabled();
    expect(followers()).toHaveTextContent('10');
    expect(toasts.messages()).toEqual(['Successfully subscribed to Ada Lovelace']);
  });

  it('unsubscribes with the returned profile', async () => {
    signInAs(1);
    serveProfile(makeProfile({ followers: 4, is_subscribed: true }));
    server.operation('unsubscribe', SUBSCRIBE, { body: { message: 'Unsubscribed', profile: makeProfile({ followers: 8, is_subscribed: false }) } });
    renderProfile();

    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toHaveAttribute('aria-pressed', 'false');
    expect(followers()).toHaveTextContent('8');
    expect(toasts.messages()).toEqual(['Unsubscribed from Ada Lovelace']);
  });

  it('adjusts the followers count by one locally when the server returns no profile', async () => {
    signInAs(1);
    serveProfile(makeProfile({ followers: 3 }));
    // Outside the contract (it always sends the profile): the page copes without it.
    server.operation('subscribe', SUBSCRIBE, unchecked(200, { message: 'Subscribed' }));
    server.operation('unsubscribe', SUBSCRIBE, unchecked(200, { message: 'Unsubscribed' }));
    renderProfile();

    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('4');

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('3');
    expect(toasts.messages()).toEqual(['Successfully subscribed to Ada Lovelace', 'Unsubscribed from Ada Lovelace']);
  });

  it.each([
    ['subscribe', 'subscribe' as const, makeProfile(), 'Subscribe', 'Failed to subscribe. Please try again.'],
    ['unsubscribe', 'unsubscribe' as const, makeProfile({ is_subscribed: true }), 'Unsubscribe', 'Failed to unsubscribe. Please try again.'],
  ])('a failed %s (API error) says so and keeps the state', async (_what, operation, profile, label, message) => {
    signInAs(1);
    serveProfile(profile);
    server.operation(operation, SUBSCRIBE, refuse(400, 'Nope'));
    renderProfile();

    await userEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(toasts.messages()).toEqual([message]));
    expect(screen.getByRole('button', { name: label })).toBeEnabled();
    expect(followers()).toHaveTextContent('3');
  });

  it.each([
    ['subscribe', 'subscribe' as const, makeProfile(), 'Subscribe'],
    ['unsubscribe', 'unsubscribe' as const, makeProfile({ is_subscribed: true }), 'Unsubscribe'],
  ])('a %s that cannot reach the server says to try later', async (_what, operation, profile, label) => {
    signInAs(1);
    serveProfile(profile);
    server.operation(operation, SUBSCRIBE, 'network-error');
    renderProfile();

    await userEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(toasts.messages()).toEqual(['An error occurred. Please try again later.']));
    expect(screen.getByRole('button', { name: label })).toBeEnabled();
  });
});

describe("the user's wishes", () => {
  it('lists the first page through mf-feed\'s WishList and loads more pages with Load More', async () => {
    server.operation('getProfile', PROFILE, { body: makeProfile() });
    server.operation('getUserWishesPage', wishesPage(1), { body: makePage([1, 2], 2) });
    server.operation('getUserWishesPage', wishesPage(2), { body: makePage([3], null, 2) });
    renderProfile();

    const list = await screen.findByTestId('remote-wish-list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Wish number 1', 'Wish number 2']);

    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByText('Wish number 3')).toBeInTheDocument();
    // The last page has no next_page_number: no more button.
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('disables Load More while the next page loads', async () => {
    server.operation('getProfile', PROFILE, { body: makeProfile() });
    server.operation('getUserWishesPage', wishesPage(1), { body: makePage([1], 2) });
    const reply = deferred<OperationAnswer<'getUserWishesPage'>>();
    server.operation('getUserWishesPage', wishesPage(2), reply.promise);
    renderProfile();

    await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    expect(screen.getByRole('button', { name: 'Load More' })).toBeDisabled();
    expect(screen.getByText('Loading more wishes...')).toBeInTheDocument();
    await act(async () => reply.resolve({ body: makePage([2], null, 2) }));
    expect(await screen.findByText('Wish number 2')).toBeInTheDocument();
  });

  it("says 'No wishes yet.' when there are none", async () => {
    serveProfile(makeProfile(), makePage([], null));
    renderProfile();
    expect(await screen.findByText('No wishes yet.')).toBeInTheDocument();
  });

  it("toasts 'Could not load user's wishes' when the first page fails, with a retry", async () => {
    server.operation('getProfile', PROFILE, { body: makeProfile() });
    server.operation('getUserWishesPage', wishesPage(1), unchecked(500, {}));
    renderProfile();

    expect(await screen.findByRole('alert')).toHaveTextContent("Could not load user's wishes");
    expect(toasts.messages()).toEqual(["Could not load user's wishes"]);

    server.operation('getUserWishesPage', wishesPage(1), { body: makePage([1], null) });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Wish number 1')).toBeInTheDocument();
  });

  it("toasts 'Could not load more wishes' when a later page fails, keeping the list and the button", async () => {
    server.operation('getProfile', PROFILE, { body: makeProfile() });
    server.operation('getUserWishesPage', wishesPage(1), { body: makePage([1], 2) });
    server.operation('getUserWishesPage', wishesPage(2), 'network-error');
    renderProfile();

    await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(toasts.messages()).toEqual(['Could not load more wishes']));
    expect(screen.getByText('Wish number 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load More' })).toBeEnabled();
  });

  it('starts over when the route moves to another profile', async () => {
    serveProfile();
    server.operation('getProfile', { params: { id: 6 } }, { body: makeProfile({ user_id: 6, full_name: 'Grace Hopper' }) });
    server.operation('getUserWishesPage', { params: { id: 6, page: 1 } }, { body: makePage([], null) });
    const { rerender } = renderProfile();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    rerender(<></>);
    renderProfile('/user/6');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
  });
});
