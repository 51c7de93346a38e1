import { screen, waitFor } from '@testing-library/react';
import { preloadRoutePage, routesFor } from './routes';
import { loadCalls } from './test/federationRuntime';
import { renderApp, resetSessionAndOptions, signInAs } from './test/render';

beforeEach(() => {
  resetSessionAndOptions();
});
afterEach(() => jest.restoreAllMocks());

const PROTECTED: Array<[string, string]> = [
  ['/compose', 'mf_compose/ComposePage'],
  ['/compose/Birthday', 'mf_compose/ComposePage'],
  ['/subscriptions', 'mf_profile/SubscriptionsPage'],
  ['/business', 'mf_compose/BusinessPage'],
];

describe('sign-in guard', () => {
  it.each(PROTECTED)('sends a visitor from %s to /auth/sign_in', async (path) => {
    renderApp(path);
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf_auth/SignInPage');
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/sign_in');
  });

  it.each(PROTECTED)('remembers %s as the page to return to after signing in', async (path) => {
    renderApp(path);
    await screen.findByTestId('remote-page');
    expect(screen.getByTestId('location-search')).toHaveTextContent(`?next=${encodeURIComponent(path)}`);
  });

  it.each(PROTECTED)('lets a signed-in user open %s', async (path, module) => {
    signInAs();
    renderApp(path);
    expect(await screen.findByTestId('remote-page')).toHaveTextContent(module);
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  it('marks exactly the protected routes of the spec (and the social layer\'s /notifications and /settings)', () => {
    const paths = routesFor()
      .filter((r) => r.protected)
      .map((r) => r.path);
    expect(paths.sort()).toEqual(['/business', '/compose', '/compose/:topic', '/deliveries', '/groups', '/groups/:groupId', '/groups/new', '/moderation', '/moderation/log', '/moderation/offers', '/moderation/releases', '/my/reports', '/notifications', '/people', '/settings', '/subscriptions']);
  });
});

describe('route table', () => {
  it.each([
    ['/', 'mf_feed/HomePage'],
    ['/feed', 'mf_feed/FeedPage'],
    ['/wish/5', 'mf_feed/WishPage'],
    ['/user/3', 'mf_profile/ProfilePage'],
    ['/search', 'mf_feed/SearchPage'],
    ['/auth/sign_in', 'mf_auth/SignInPage'],
    ['/auth/sign_up', 'mf_auth/SignUpPage'],
    ['/auth/reset_password', 'mf_auth/ResetRequestPage'],
    ['/auth/reset_password_confirm/4/abc-123', 'mf_auth/ResetConfirmPage'],
    ['/auth/reset_password_confirm/4/abc-123/', 'mf_auth/ResetConfirmPage'],
    ['/auth/reset_password_confirm/4', 'mf_auth/ResetConfirmPage'],
    ['/auth/reset_password_confirm', 'mf_auth/ResetConfirmPage'],
  ])('%s shows %s', async (path, module) => {
    renderApp(path);
    expect(await screen.findByTestId('remote-page')).toHaveTextContent(module);
  });

  it('rewrites /feed/{n} to /feed', async () => {
    renderApp('/feed/3');
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf_feed/FeedPage');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/feed$/);
  });

  it('rewrites /user/{n}/{page} to /user/{n}', async () => {
    renderApp('/user/3/2');
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf_profile/ProfilePage');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/user\/3$/);
  });

  it('shows the not-found page with an illustration for any other path', async () => {
    renderApp('/no/such/place');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /illustration/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page Not Found | Wishes'));
  });

  it('uses the site name from the options in the document title', async () => {
    const { setOptions } = await import('@wishes/kit-client');
    setOptions({ site_name: 'WISHES', greeting_config_params: { styles: [], audiences: [], topics: [] }, report_topic_config: [] });
    renderApp('/nowhere');
    await waitFor(() => expect(document.title).toBe('Page Not Found | WISHES'));
    expect(screen.getByRole('link', { name: 'WISHES' })).toHaveAttribute('href', '/');
  });
});

describe('preloadRoutePage (start-up)', () => {
  it('starts loading the page module the router will render for the address', async () => {
    expect(preloadRoutePage('/feed')).toBe('mf_feed/FeedPage');
    await waitFor(() => expect(loadCalls).toContain('mf_feed/FeedPage'));
  });

  it('does not load a sign-in page for a visitor (the guard redirects), but does for a member', () => {
    expect(preloadRoutePage('/compose')).toBeNull();
    signInAs();
    expect(preloadRoutePage('/compose')).toBe('mf_compose/ComposePage');
  });

  it('loads nothing for a path no remote declares', () => {
    expect(preloadRoutePage('/page/about')).toBeNull();
  });
});
