/**
 * A member's notifications page 1 held in memory (wishes/read-model.ts, notifications/service.ts),
 * write path by write path: the page is read first (so it is held), the write is made, and the page
 * must show it — on one process on the very next read; on two processes on one database with a real
 * Redis between them (cluster mode) within 1 s of the write's answer. Mark-read is the member's own
 * acknowledged write: its answer and their next read agree at once, even with reads in flight.
 */
import type { Notification } from '@wishes/kit-contract/api';
import { DEFAULT_PASSWORD } from '../../test/kit/harness';
import { readModelKinds, startReadModelApps, type ReadModelApps, type TestUser as User } from '../../test/kit/read-model-apps';
import { runAdminCommand } from '../moderation/admin-cli';
import { CAPS } from '../wishes/read-model';

jest.setTimeout(120_000);

interface Page {
  notifications: Notification[];
  unread_count: number;
}

describe.each(readModelKinds)('notifications page 1 held in memory (%s, %i process(es))', (dialect, processes) => {
  let apps: ReadModelApps;
  beforeAll(async () => {
    apps = await startReadModelApps(dialect, processes);
  });
  afterAll(async () => apps?.close());
  const call: ReadModelApps['call'] = (...args) => apps.call(...args);
  const createUser = (first?: string) => apps.createUser(first);
  const shows: ReadModelApps['shows'] = (what, check) => apps.shows(what, check);

  const save = async (user: User, text: string) => {
    const res = await call(apps.writer, 'POST', '/api/base/save_wish/', user.access, { text, is_public: true });
    expect(res.statusCode).toBe(201);
    return res.json().wish_id as number;
  };
  /** Page 1, always read on the reader (the token is valid on either process: one database). */
  const page = async (who: User): Promise<Page> => {
    const res = await call(apps.reader, 'GET', '/api/notifications/', who.access);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const vote = async (voter: User, id: number, type: 'upvote' | 'downvote' | null) =>
    expect((await call(apps.writer, type ? 'POST' : 'DELETE', `/api/wish/${id}/vote/`, voter.access, type ? { vote_type: type } : undefined)).statusCode).toBe(200);
  const follow = async (follower: User, target: User, on = true) =>
    expect((await call(apps.writer, on ? 'POST' : 'DELETE', `/api/profile/${target.id}/subscribe/`, follower.access)).statusCode).toBeLessThan(300);
  const of = (p: Page, kind: string, wishId: number | null = null) => p.notifications.find((x) => x.kind === kind && (wishId === null || x.wish_id === wishId));

  it('is held once read', async () => {
    const me = await createUser();
    await page(me);
    expect(apps.reader.deps.readModel.notificationPages.get(me.id)?.done).toBe(true);
  });

  it('upvote, a second voter, switch to a downvote and unvote', async () => {
    const [author, a, b] = [await createUser(), await createUser('Ada'), await createUser('Bea')];
    const id = await save(author, 'notify me');
    await page(author);
    await vote(a, id, 'upvote');
    await shows('upvote', async () => {
      const p = await page(author);
      return of(p, 'vote', id)?.actor_count === 1 && p.unread_count === 1;
    });
    await vote(b, id, 'upvote');
    await shows('second upvote', async () => of(await page(author), 'vote', id)?.actor_count === 2);
    await vote(b, id, 'downvote');
    await shows('switched to a downvote', async () => of(await page(author), 'vote', id)?.actor_count === 1);
    await vote(a, id, null);
    await shows('unvoted', async () => {
      const p = await page(author);
      return of(p, 'vote', id) === undefined && p.unread_count === 0;
    });
  });

  it('follow and unfollow', async () => {
    const [target, follower] = [await createUser(), await createUser()];
    await page(target);
    await follow(follower, target);
    await shows('follow', async () => of(await page(target), 'follow')?.actor_count === 1);
    await follow(follower, target, false);
    await shows('unfollow', async () => of(await page(target), 'follow') === undefined);
  });

  it('an actor\'s new name and account deletion; a deleted wish takes its notifications', async () => {
    const [author, actor, voter] = [await createUser(), await createUser('Oldname'), await createUser()];
    const id = await save(author, 'named');
    await vote(actor, id, 'upvote');
    await shows('upvote', async () => of(await page(author), 'vote', id)?.actors[0]?.name === 'Oldname Test');
    expect((await call(apps.writer, 'PATCH', '/api/account/', actor.access, { first_name: 'Newname' })).statusCode).toBe(200);
    await shows('rename', async () => of(await page(author), 'vote', id)?.actors[0]?.name === 'Newname Test');
    expect((await call(apps.writer, 'DELETE', '/api/account/', actor.access, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    await shows('account deleted', async () => of(await page(author), 'vote', id) === undefined);
    await vote(voter, id, 'upvote');
    await shows('upvote', async () => of(await page(author), 'vote', id) !== undefined);
    expect((await call(apps.writer, 'DELETE', `/api/base/wish/${id}/`, author.access)).statusCode).toBeLessThan(300);
    await shows('wish deleted', async () => (await page(author)).notifications.every((x) => x.wish_id !== id));
  });

  it('a moderator hides a wish: the author is told', async () => {
    const [author, moderator] = [await createUser(), await createUser()];
    expect((await runAdminCommand(apps.writer.deps.db, ['role', moderator.email, 'moderator'])).code).toBe(0);
    moderator.access = await apps.signIn(apps.writer, moderator.email);
    const id = await save(author, 'to be hidden');
    await page(author);
    expect((await call(apps.writer, 'POST', `/api/moderation/wish/${id}/`, moderator.access, { action: 'hide', reason: 'test' })).statusCode).toBe(200);
    await shows('hidden', async () => of(await page(author), 'wish_hidden', id) !== undefined);
  });

  it('notify (moderation, deliveries): a one-off notification', async () => {
    const me = await createUser();
    await page(me);
    // The entry point other modules call (moderation's and deliveries' routes), without any other write.
    await apps.writer.deps.notifications.notify({ userId: me.id, kind: 'delivery_opened', text: 'Someone opened it.' });
    await shows('notified', async () => {
      const p = await page(me);
      return of(p, 'delivery_opened')?.text === 'Someone opened it.' && p.unread_count === 1;
    });
  });

  it('mark read: the member reads their own acknowledged change at once, even with reads in flight', async () => {
    const [author, voter] = [await createUser(), await createUser()];
    const ids = [await save(author, 'one'), await save(author, 'two')];
    for (let i = 0; i < 6; i++) {
      await vote(voter, ids[i % 2]!, i % 4 < 2 ? 'upvote' : null);
      await vote(voter, ids[(i + 1) % 2]!, 'upvote');
      // The votes' notifications are queued on the writer's process and written just after the votes'
      // answers; one written after the mark-read is news (unread) then. Here they are written first.
      await apps.writer.deps.notifications.flush();
      // The author's own write (mark read) on the process they read from: answered, then read at once.
      const before = page(author);
      const res = await call(apps.reader, 'POST', '/api/notifications/read/', author.access, {});
      const during = page(author);
      expect(res.statusCode).toBe(200);
      expect(res.json().unread_count).toBe(0);
      await Promise.all([before, during]);
      const p = await page(author);
      expect(p.unread_count).toBe(0);
      expect(p.notifications.every((x) => x.read)).toBe(true);
    }
  });

  it('keeps at most CAPS.notificationPages pages', () => {
    expect(apps.reader.deps.readModel.notificationPages.size).toBeLessThanOrEqual(CAPS.notificationPages);
  });
});
