import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session$, updateSessionUser } from '@wishes/kit-session';
import { http, HttpResponse, server } from '../test/http';
import { renderApp, resetSessionAndOptions, signInAs } from '../test/render';
import { mockViewportWidth } from '../test/viewport';

const ALL_ENTRIES = ['Feed', 'Business', 'Search', 'Compose Wish', 'Subscriptions'];

beforeEach(() => {
  resetSessionAndOptions();
  mockViewportWidth(1024);
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
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
  });

  it('sends the Sign In button back to the page it was pressed on, and hides it on the sign-in page', async () => {
    const { unmount } = renderApp('/wish/12');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/sign_in?next=%2Fwish%2F12');
    unmount();
    renderApp('/auth/sign_in');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows a signed-in user all five entries, the notification bell and an account menu button with the username', async () => {
    signInAs('ada@example.com', 7);
    renderApp('/feed');
    await screen.findByTestId('remote-page');
    expect(mainNavLinks()).toEqual(ALL_ENTRIES);
    const hrefs = ALL_ENTRIES.map((name) => screen.getByRole('link', { name }).getAttribute('href'));
    expect(hrefs).toEqual(['/feed', '/business', '/search', '/compose', '/subscriptions']);
    expect(screen.getByRole('button', { name: 'Account menu, ada@example.com' })).toBeVisible();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('the account menu opens on the username with Your profile, Notifications, Sent wishes, People, Group wishes, Settings and Sign out, keyboard operable', async () => {
    signInAs('ada@example.com', 7);
    renderApp('/feed');
    const button = screen.getByRole('button', { name: 'Account menu, ada@example.com' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Your profile' })).not.toBeInTheDocument();
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const profile = screen.getByRole('link', { name: 'Your profile' });
    expect(profile).toHaveAttribute('href', '/user/7');
    expect(profile).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    // The bell (also named Notifications) stays next to the menu; the menu's entry is the focused one.
    expect(document.activeElement).toHaveTextContent('Notifications');
    expect(document.activeElement).toHaveAttribute('href', '/notifications');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Sent wishes' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sent wishes' })).toHaveAttribute('href', '/deliveries');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'People' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'People' })).toHaveAttribute('href', '/people');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Group wishes' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Group wishes' })).toHaveAttribute('href', '/groups');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(profile).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(session$.value.user).not.toBeNull();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('link', { name: 'Your profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/user\/7$/);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Many keystrokes through userEvent: more than the default 5 s on a loaded machine.
  }, 20_000);

  it('signs out from the account menu: clears the tokens and the user, then goes to /', async () => {
    signInAs('ada@example.com', 7);
    renderApp('/feed');
    await userEvent.click(screen.getByRole('button', { name: /ada@example\.com/ }));
    expect(session$.value.user).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
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
    const asked: string[] = [];
    server.use(
      http.get('*/api/profile/:id/', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ user_id: 7, avatar_thumbnail: '/media/a-thumb.webp' });
      }),
    );
    signInAs('ada@example.com', 7);
    renderApp('/feed');
    const avatar = await screen.findByRole('img', { name: 'Your avatar' });
    expect(avatar).toHaveAttribute('src', '/media/a-thumb.webp');
    expect(asked).toEqual(['7']);
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
  it('at 430 px, signed in: the five entries stay in the bottom bar; Profile and Notifications fold into More', async () => {
    mockViewportWidth(430);
    signInAs('ada@example.com', 7);
    renderApp('/feed');
    const bar = screen.getByTestId('mobile-bar');
    const links = within(bar).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(ALL_ENTRIES);
    expect(links.map((l) => l.textContent)).toEqual(['Feed', 'Business', 'Search', 'Compose', 'Subscriptions']);
    const more = within(bar).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const list = within(bar).getByRole('list', { name: 'More' });
    expect(within(list).getAllByRole('link').map((l) => l.textContent)).toEqual(['Profile', 'Notifications']);
    expect(within(list).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/7');
    expect(within(list).getByRole('link', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
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

  it('at 430 px, signed out: no bottom bar, the header keeps Feed with its label', () => {
    mockViewportWidth(430);
    renderApp('/');
    expect(screen.queryByTestId('mobile-bar')).not.toBeInTheDocument();
    const feed = within(screen.getByRole('banner')).getByRole('link', { name: 'Feed' });
    expect(feed).toHaveAttribute('href', '/feed');
    expect(feed).toHaveTextContent('Feed');
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
