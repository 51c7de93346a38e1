import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, session$, updateSessionUser } from '@wishes/shared';
import { renderApp, resetSessionAndOptions, signInAs } from '../test/render';
import { mockViewportWidth } from '../test/viewport';

const ALL_ENTRIES = ['Feed', 'Business', 'Search', 'Compose Wish', 'Subscriptions', 'Settings'];

beforeEach(() => {
  resetSessionAndOptions();
  mockViewportWidth(1024);
  jest.spyOn(api, 'getProfile').mockResolvedValue(null);
});
afterEach(() => jest.restoreAllMocks());

function mainNavLinks() {
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));
}

describe('header navigation by session state', () => {
  it('shows a visitor only Feed and a Sign In link', async () => {
    renderApp('/feed');
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf_feed/FeedPage');
    expect(mainNavLinks()).toEqual(['Feed']);
    expect(screen.getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/feed');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/sign_in');
    expect(screen.queryByRole('button', { name: /sign out/i })).not.toBeInTheDocument();
  });

  it('shows a signed-in user every entry (Settings too), the notification bell and a sign-out button with the username', async () => {
    signInAs('ada@example.com', 7);
    renderApp('/feed');
    await screen.findByTestId('remote-page');
    expect(mainNavLinks()).toEqual(ALL_ENTRIES);
    const hrefs = ALL_ENTRIES.map((name) => screen.getByRole('link', { name }).getAttribute('href'));
    expect(hrefs).toEqual(['/feed', '/business', '/search', '/compose', '/subscriptions', '/settings']);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('button', { name: /ada@example\.com/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('signs out: clears the tokens and the user, then goes to /', async () => {
    signInAs('ada@example.com', 7);
    renderApp('/feed');
    await userEvent.click(screen.getByRole('button', { name: /ada@example\.com/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(session$.value.user).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(mainNavLinks()).toEqual(['Feed']);
  });

  it('links the site name from the options to /', async () => {
    renderApp('/feed');
    expect(screen.getByRole('link', { name: 'Wishes' })).toHaveAttribute('href', '/');
  });

  it('shows the own avatar from the profile and follows live updates from the session', async () => {
    jest.spyOn(api, 'getProfile').mockResolvedValue({ user_id: 7, avatar_thumbnail: '/media/a-thumb.webp' } as never);
    signInAs('ada@example.com', 7);
    renderApp('/feed');
    const avatar = await screen.findByRole('img', { name: 'Your avatar' });
    expect(avatar).toHaveAttribute('src', '/media/a-thumb.webp');
    expect(api.getProfile).toHaveBeenCalledWith(7);
    act(() => updateSessionUser({ avatarThumbnail: '/media/b-thumb.webp' }));
    expect(screen.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', '/media/b-thumb.webp');
  });

  it('has a skip link, a main landmark and footer links', () => {
    renderApp('/feed');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/page/terms');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/page/privacy_policy');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});

describe('mobile bar', () => {
  it('at 430 px, signed in: the icons move to the bottom bar', async () => {
    mockViewportWidth(430);
    signInAs();
    renderApp('/feed');
    const bar = screen.getByTestId('mobile-bar');
    expect(within(bar).getAllByRole('link').map((l) => l.getAttribute('aria-label'))).toEqual([...ALL_ENTRIES, 'Notifications']);
    // Only one "Main" navigation: the header no longer carries the icons.
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Feed' })).not.toBeInTheDocument();
  });

  it('at 431 px the icons stay in the header and there is no bottom bar', () => {
    mockViewportWidth(431);
    signInAs();
    renderApp('/feed');
    expect(screen.queryByTestId('mobile-bar')).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Compose Wish' })).toBeInTheDocument();
  });

  it('at 430 px, signed out: no bottom bar', () => {
    mockViewportWidth(430);
    renderApp('/feed');
    expect(screen.queryByTestId('mobile-bar')).not.toBeInTheDocument();
  });

  it('lifts above the footer when the footer is in view', () => {
    mockViewportWidth(430);
    signInAs();
    const rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    rect.mockImplementation(function (this: HTMLElement) {
      const top = this.tagName === 'FOOTER' ? window.innerHeight - 60 : 0;
      return { top, bottom: top + 80, left: 0, right: 0, width: 0, height: 80, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
    renderApp('/feed');
    expect(screen.getByTestId('mobile-bar')).toHaveStyle({ bottom: '60px' });
  });
});
