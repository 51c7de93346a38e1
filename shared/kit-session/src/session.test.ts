import { SESSION } from '@wishes/kit-contract/constants';
import {
  configureSessionEnvironment,
  session$,
  signIn,
  signOut,
  isSignedIn,
  startSession,
  stopSession,
  checkSession,
  decodeTokenPayload,
  updateSessionUser,
  userDataKey,
  suspensionNotice,
  clearSuspensionNotice,
} from './session';
import { fakeToken, jsonResponse } from '@wishes/kit-test';

const NOW = 1_800_000_000_000;
let now = NOW;
const fetchMock = jest.fn();
const reloadHome = jest.fn();

beforeEach(() => {
  now = NOW;
  localStorage.clear();
  fetchMock.mockReset();
  reloadHome.mockReset();
  configureSessionEnvironment({ now: () => now, fetch: fetchMock, reloadHome });
  signOut();
});
afterEach(() => stopSession());

const secondsFromNow = (s: number) => Math.floor(now / 1000) + s;

it('decodes a token payload and rejects garbage', () => {
  expect(decodeTokenPayload(fakeToken({ exp: 5, user_id: 7 }))).toMatchObject({ exp: 5, user_id: 7 });
  expect(decodeTokenPayload('not-a-token')).toBeNull();
  expect(decodeTokenPayload(null)).toBeNull();
});

it('signs in: stores tokens and username in local storage and publishes the user', () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(900), user_id: 4 }), refresh: 'r' }, 'ada@example.com');
  expect(localStorage.getItem(SESSION.storageKeys.refresh)).toBe('r');
  expect(localStorage.getItem('username')).toBe('ada@example.com');
  expect(session$.value.user).toEqual({ username: 'ada@example.com', userId: 4, avatarThumbnail: undefined });
  expect(isSignedIn()).toBe(true);
});

it('is signed out once the access token has expired', () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(10) }), refresh: 'r' }, 'a@b.co');
  now += 11_000;
  expect(isSignedIn()).toBe(false);
});

it('signs out: clears tokens and user', () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(900) }), refresh: 'r' }, 'a@b.co');
  signOut();
  expect(localStorage.getItem('access_token')).toBeNull();
  expect(session$.value.user).toBeNull();
});

it('signs out: removes what was kept for the person on this device (drafts), nothing else', () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(900), user_id: 4 }), refresh: 'r' }, 'a@b.co');
  localStorage.setItem(userDataKey('composeDraft', 4), '{"text":"hi"}');
  localStorage.setItem(userDataKey('composeDraft', 5), '{"text":"other"}');
  localStorage.setItem('unrelated', 'kept');
  signOut();
  expect(localStorage.getItem(userDataKey('composeDraft', 4))).toBeNull();
  expect(localStorage.getItem(userDataKey('composeDraft', 5))).toBeNull();
  expect(localStorage.getItem('unrelated')).toBe('kept');
});

it('does not refresh while more than 120 s remain', async () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(121) }), refresh: 'r' }, 'a@b.co');
  await checkSession();
  expect(fetchMock).not.toHaveBeenCalled();
});

it('refreshes when fewer than 120 s remain and keeps the user signed in', async () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(119) }), refresh: 'r1' }, 'a@b.co');
  const fresh = fakeToken({ exp: secondsFromNow(900) });
  fetchMock.mockResolvedValue(jsonResponse({ access: fresh }));
  await checkSession();
  expect(fetchMock).toHaveBeenCalledWith('/api/token/refresh/', expect.objectContaining({ method: 'POST', body: JSON.stringify({ refresh: 'r1' }) }));
  expect(localStorage.getItem('access_token')).toBe(fresh);
  expect(session$.value.user?.username).toBe('a@b.co');
});

it('stores the rotated refresh token the server returns, and spends it on the next refresh', async () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(30) }), refresh: 'r1' }, 'a@b.co');
  fetchMock.mockResolvedValueOnce(jsonResponse({ access: fakeToken({ exp: secondsFromNow(60) }), refresh: 'r2' }));
  await checkSession();
  expect(localStorage.getItem('refresh_token')).toBe('r2');
  fetchMock.mockResolvedValueOnce(jsonResponse({ access: fakeToken({ exp: secondsFromNow(900) }), refresh: 'r3' }));
  await checkSession();
  expect(fetchMock).toHaveBeenLastCalledWith('/api/token/refresh/', expect.objectContaining({ body: JSON.stringify({ refresh: 'r2' }) }));
  expect(localStorage.getItem('refresh_token')).toBe('r3');
  expect(session$.value.user?.username).toBe('a@b.co');
});

it('keeps the refresh token when the server does not rotate it (v1 response: access only)', async () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(30) }), refresh: 'r1' }, 'a@b.co');
  fetchMock.mockResolvedValueOnce(jsonResponse({ access: fakeToken({ exp: secondsFromNow(900) }) }));
  await checkSession();
  expect(localStorage.getItem('refresh_token')).toBe('r1');
});

it('two refreshes at once (one tab) share one request, so the spent token is not sent twice', async () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(30) }), refresh: 'r1' }, 'a@b.co');
  fetchMock.mockResolvedValueOnce(jsonResponse({ access: fakeToken({ exp: secondsFromNow(900) }), refresh: 'r2' }));
  await Promise.all([checkSession(), checkSession()]);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(localStorage.getItem('refresh_token')).toBe('r2');
});

it('checks at start and then every 60 seconds', async () => {
  jest.useFakeTimers();
  try {
    signIn({ access: fakeToken({ exp: secondsFromNow(300) }), refresh: 'r' }, 'a@b.co');
    fetchMock.mockImplementation(async () => jsonResponse({ access: fakeToken({ exp: secondsFromNow(900) }) }));
    startSession();
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled(); // 300 s left at start
    now += 120_000; // 180 s left: still fine at the first tick
    jest.advanceTimersByTime(SESSION.refreshCheckIntervalMs);
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    now += 60_000; // 120 s left... and a little more time passes
    now += 1_000;
    jest.advanceTimersByTime(SESSION.refreshCheckIntervalMs - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  } finally {
    jest.useRealTimers();
  }
});

it('a refused refresh clears the tokens, goes to / and reloads', async () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(30) }), refresh: 'stale' }, 'a@b.co');
  fetchMock.mockResolvedValue(jsonResponse({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, 401));
  await checkSession();
  expect(localStorage.getItem('access_token')).toBeNull();
  expect(localStorage.getItem('refresh_token')).toBeNull();
  expect(session$.value.user).toBeNull();
  expect(reloadHome).toHaveBeenCalledTimes(1);
});

it('a refresh refused for a suspension signs out, reloads to / and keeps the reason for this tab to show', async () => {
  clearSuspensionNotice();
  signIn({ access: fakeToken({ exp: secondsFromNow(30) }), refresh: 'banned' }, 'a@b.co');
  fetchMock.mockResolvedValue(jsonResponse({ detail: 'This account has been suspended.', code: 'token_not_valid', suspension: { reason: 'Spam links' } }, 401));
  await checkSession();
  expect(session$.value.user).toBeNull();
  expect(localStorage.getItem('refresh_token')).toBeNull();
  expect(reloadHome).toHaveBeenCalledTimes(1);
  expect(suspensionNotice()).toEqual({ reason: 'Spam links' });
  clearSuspensionNotice();
  expect(suspensionNotice()).toBeNull();
});

it('a refresh response without an access token counts as failure', async () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(30) }), refresh: 'r' }, 'a@b.co');
  fetchMock.mockResolvedValue(jsonResponse({ nope: true }));
  await checkSession();
  expect(session$.value.user).toBeNull();
  expect(reloadHome).toHaveBeenCalled();
});

it('a network error during refresh keeps the session for the next check', async () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(30) }), refresh: 'r' }, 'a@b.co');
  fetchMock.mockRejectedValue(new TypeError('offline'));
  await checkSession();
  expect(localStorage.getItem('refresh_token')).toBe('r');
  expect(reloadHome).not.toHaveBeenCalled();
});

it('updates the avatar of the signed-in user', () => {
  signIn({ access: fakeToken({ exp: secondsFromNow(900), user_id: 2 }), refresh: 'r' }, 'a@b.co');
  updateSessionUser({ avatarThumbnail: '/media/avatars/x.webp' });
  expect(session$.value.user?.avatarThumbnail).toBe('/media/avatars/x.webp');
});
