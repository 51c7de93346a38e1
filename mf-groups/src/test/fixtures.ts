/** Groups, messages and members as the API sends them, for the suites. */
import { cleanup } from '@testing-library/react';
import { session$ } from '@wishes/kit-session';
import { recordToasts, signOutForTest } from '@wishes/kit-test';
import type { Account, Group, GroupContribution, GroupInvite, Options, OrganiserContribution } from '@wishes/kit-contract';
import { setOptions } from '@wishes/kit-client';

export const group = (overrides: Partial<Group> = {}): Group => ({
  group_id: 7,
  recipient_name: 'Mila',
  recipient_email: 'mila@example.com',
  topic: 'Birthday',
  note: 'She turns 30!',
  deliver_at: '2027-03-14T09:00',
  time_zone: 'Europe/Berlin',
  deliver_at_utc: '2027-03-14T08:00:00.000Z',
  approval: 'open',
  state: 'collecting',
  invite_url: 'http://localhost/g/secret-invite',
  contribution_count: 2,
  organiser: { user_id: 1, name: 'Ada Lovelace' },
  created_at: '2026-12-01T10:00:00.000Z',
  ...overrides,
});

export const contribution = (id: number, overrides: Partial<OrganiserContribution> = {}): OrganiserContribution => ({
  contribution_id: id,
  signer_name: `Signer ${id}`,
  guest: false,
  text: `Message number ${id}`,
  status: 'visible',
  reported: false,
  created_at: '2026-12-02T10:00:00.000Z',
  ...overrides,
});

export const publicContribution = (id: number, overrides: Partial<GroupContribution> = {}): GroupContribution => {
  const { status: _status, reported: _reported, ...rest } = contribution(id);
  return { ...rest, ...overrides };
};

export const groupInvite = (overrides: Partial<GroupInvite> = {}): GroupInvite => ({
  recipient_name: 'Mila',
  topic: 'Birthday',
  note: 'She turns 30!',
  organiser_name: 'Ada Lovelace',
  deliver_at: '2027-03-14T09:00',
  time_zone: 'Europe/Berlin',
  state: 'collecting',
  contributions: [publicContribution(1), publicContribution(2, { signer_name: 'Guest Gus', guest: true })],
  ...overrides,
});

export const account = (overrides: Partial<Account> = {}): Account => ({
  user_id: 1,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '',
  role: 'user',
  created_at: '2026-01-01T00:00:00.000Z',
  time_zone: 'Asia/Tokyo',
  ...overrides,
});

/** The site options with the topics the form offers (and the writer's styles). */
export function withTopics(topics = ['Birthday', 'Wedding', 'Farewell'], styles: string[] = []) {
  setOptions({ greeting_config_params: { topics: topics.map((topic) => ({ topic })), audiences: [], styles } } as unknown as Options);
}

/** Each test of the calling suite signed in (or not) with a toast recorder; signs out after. */
export function sessionEachTest(userId: number | null = 1) {
  const state = {} as { toasts: ReturnType<typeof recordToasts> };
  beforeEach(() => {
    state.toasts = recordToasts();
    if (userId !== null) session$.next({ user: { username: 'ada@example.com', userId } });
    localStorage.clear();
  });
  afterEach(() => {
    // Unmount first: signing out re-renders the pages that read the session, outside the test.
    cleanup();
    state.toasts.stop();
    signOutForTest();
    setOptions(null);
    jest.restoreAllMocks();
  });
  return state;
}
