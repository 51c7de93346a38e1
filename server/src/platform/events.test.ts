/**
 * The domain events (platform/events.ts): every event a write emits reaches each of its
 * subscribers, in the writer's process and (cluster mode) in another process sharing the database
 * through Redis; a subscriber that acts once per write (a notification) runs on the writer's process
 * only.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PASSWORD } from '../../test/kit/harness';
import { readModelKinds, startReadModelApps, type ReadModelApps, type TestUser } from '../../test/kit/read-model-apps';
import { loadOptions } from '../options/load';
import { runAdminCommand } from '../moderation/admin-cli';
import { EVENT_FIELDS, createEventBus, parseDomainEvent, type DomainEvent, type EventKind } from './events';

jest.setTimeout(120_000);

describe('event bus', () => {
  it('runs synchronous subscribers within emit, awaits asynchronous ones, and keeps a failing one from the others', async () => {
    const errors: string[] = [];
    const bus = createEventBus((_error, event) => errors.push(event.kind));
    const seen: string[] = [];
    bus.on('wish.deleted', () => void seen.push('sync'));
    bus.on('wish.deleted', () => {
      throw new Error('boom');
    });
    bus.on('wish.deleted', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push('async');
    });
    const done = bus.emit({ kind: 'wish.deleted', wishId: 1 });
    expect(seen).toEqual(['sync']);
    await done;
    expect(seen).toEqual(['sync', 'async']);
    expect(errors).toEqual(['wish.deleted']);
  });

  it('sends its own events to the remote link, and gives another process\'s only to everyProcess subscribers', async () => {
    const bus = createEventBus(() => undefined);
    const sent: DomainEvent[] = [];
    bus.setRemote((event) => sent.push(event));
    const local: string[] = [];
    const every: string[] = [];
    bus.on('vote.changed', (e) => void local.push(`${e.wishId}`));
    bus.on('vote.changed', (e) => void every.push(`${e.wishId}`), { everyProcess: true });
    await bus.emit({ kind: 'vote.changed', wishId: 1, userId: 2, vote: 'upvote' });
    bus.deliverRemote({ kind: 'vote.changed', wishId: 3, userId: 2, vote: null });
    expect(sent).toEqual([{ kind: 'vote.changed', wishId: 1, userId: 2, vote: 'upvote' }]);
    expect(local).toEqual(['1']);
    expect(every).toEqual(['1', '3']);
  });

  it('accepts from another process only the events it knows, with their fields', () => {
    expect(parseDomainEvent({ kind: 'follow.changed', followerId: 1, targetId: 2, following: true, extra: 'x' })).toEqual({ kind: 'follow.changed', followerId: 1, targetId: 2, following: true });
    for (const bad of [null, 'x', { kind: 'nope' }, { kind: 'toString' }, { kind: 'wish.deleted', wishId: -1 }, { kind: 'vote.changed', wishId: 1, userId: 1, vote: 'sideways' }, { kind: 'wish.edited', wishId: 1, fields: ['owner'] }]) {
      expect(parseDomainEvent(bad)).toBeNull();
    }
  });
});

describe.each(readModelKinds)('each event reaches its subscribers (%s, %i process(es))', (dialect, processes) => {
  let apps: ReadModelApps;
  let moderator: TestUser;
  let category: string;
  /** Per app: the events its bus delivered (an everyProcess recorder, like the read model's subscriber). */
  const seen = new Map<FastifyInstance, DomainEvent[]>();
  beforeAll(async () => {
    apps = await startReadModelApps(dialect, processes);
    category = loadOptions(apps.writer.deps.config.optionsPath).options.report_topic_config[0]!;
    moderator = await apps.createUser('Mod');
    expect((await runAdminCommand(apps.writer.deps.db, ['role', moderator.email, 'moderator'])).code).toBe(0);
    for (const app of new Set([apps.writer, apps.reader])) {
      const events: DomainEvent[] = [];
      seen.set(app, events);
      for (const kind of Object.keys(EVENT_FIELDS) as EventKind[]) app.deps.events.on(kind, (event) => void events.push(event), { everyProcess: true });
    }
  });
  afterAll(async () => apps?.close());
  const call: ReadModelApps['call'] = (...args) => apps.call(...args);

  const save = async (user: TestUser, text: string) => {
    const res = await call(apps.writer, 'POST', '/api/base/save_wish/', user.access, { text, is_public: true });
    expect(res.statusCode).toBe(201);
    return res.json().wish_id as number;
  };
  /**
   * Runs `write` on the writer and checks `expected` (or what it returns once the write is done)
   * reached both buses (the writer's at once; the reader's, on another process, within the
   * cross-process bound), and that the read model of each process applied it (its generation moved:
   * the writer's before the answer, the reader's as the event arrives).
   */
  const expectEvent = async (expected: DomainEvent | (() => DomainEvent), write: () => Promise<void>) => {
    const models = [...new Set([apps.writer.deps.readModel, apps.reader.deps.readModel])];
    const gens = models.map((model) => model.gen);
    await write();
    const event = typeof expected === 'function' ? expected() : expected;
    const matches = (e: DomainEvent) => JSON.stringify(e) === JSON.stringify(event);
    expect(seen.get(apps.writer)!.some(matches)).toBe(true);
    expect(apps.writer.deps.readModel.gen).toBeGreaterThan(gens[0]!);
    await apps.shows(`${event.kind} on the reader`, async () => seen.get(apps.reader)!.some(matches) && models.every((model, i) => model.gen > gens[i]!));
  };

  it('wish.saved, wish.edited, wish.visibility-changed, wish.deleted', async () => {
    const author = await apps.createUser('Author');
    let id = 0;
    await expectEvent(
      () => ({ kind: 'wish.saved', wishId: id, authorId: author.id }),
      async () => {
        id = await save(author, 'an event');
      },
    );
    await expectEvent({ kind: 'wish.edited', wishId: id, fields: ['text'] }, async () => {
      expect((await call(apps.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { text: 'new words' })).statusCode).toBe(200);
    });
    await expectEvent({ kind: 'wish.edited', wishId: id, fields: ['card_theme'] }, async () => {
      expect((await call(apps.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { card_theme: 'midnight' })).statusCode).toBe(200);
    });
    await expectEvent({ kind: 'wish.visibility-changed', wishId: id, isPublic: false }, async () => {
      expect((await call(apps.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { is_public: false })).statusCode).toBe(200);
    });
    await expectEvent({ kind: 'wish.deleted', wishId: id }, async () => {
      expect((await call(apps.writer, 'DELETE', `/api/base/wish/${id}/`, author.access)).statusCode).toBe(200);
    });
  });

  it('vote.changed, and notifications.changed for the author', async () => {
    const [author, voter] = [await apps.createUser('Author'), await apps.createUser('Voter')];
    const id = await save(author, 'vote on me');
    // The author's notifications page 1, held by each process's read model until the event drops it.
    const models = [...new Set([apps.writer, apps.reader])].map((app) => app.deps.readModel);
    for (const app of new Set([apps.writer, apps.reader])) expect((await call(app, 'GET', '/api/notifications/', author.access)).statusCode).toBe(200);
    expect(models.every((model) => model.notificationPages.get(author.id)?.done)).toBe(true);
    await expectEvent({ kind: 'vote.changed', wishId: id, userId: voter.id, vote: 'upvote' }, async () => {
      expect((await call(apps.writer, 'POST', `/api/wish/${id}/vote/`, voter.access, { vote_type: 'upvote' })).statusCode).toBe(200);
    });
    // The author's notification is written after the answer (awaited here); its change is an event too.
    await apps.writer.deps.notifications.settledFor(author.id);
    await apps.shows('notifications.changed, and page 1 dropped in every process', async () =>
      [apps.writer, apps.reader].every((app) => seen.get(app)!.some((e) => e.kind === 'notifications.changed' && e.userId === author.id)) &&
      models.every((model) => !model.notificationPages.has(author.id)),
    );
    await expectEvent({ kind: 'vote.changed', wishId: id, userId: voter.id, vote: null }, async () => {
      expect((await call(apps.writer, 'DELETE', `/api/wish/${id}/vote/`, voter.access)).statusCode).toBe(200);
    });
  });

  it('follow.changed: the read model in every process, the notification once', async () => {
    const [follower, target] = [await apps.createUser('Follower'), await apps.createUser('Target')];
    await expectEvent({ kind: 'follow.changed', followerId: follower.id, targetId: target.id, following: true }, async () => {
      expect((await call(apps.writer, 'POST', `/api/profile/${target.id}/subscribe/`, follower.access)).statusCode).toBe(200);
    });
    // The notifications subscriber saw it: one "started following you", not one per process.
    await apps.shows('the follow notification', async () => {
      const res = await call(apps.reader, 'GET', '/api/notifications/', target.access);
      const follows = (res.json().notifications as Array<{ kind: string; actor_count: number }>).filter((n) => n.kind === 'follow');
      return follows.length === 1 && follows[0]!.actor_count === 1;
    });
    await expectEvent({ kind: 'follow.changed', followerId: follower.id, targetId: target.id, following: false }, async () => {
      expect((await call(apps.writer, 'DELETE', `/api/profile/${target.id}/subscribe/`, follower.access)).statusCode).toBe(200);
    });
  });

  it('report.filed, report.resolved, member.banned', async () => {
    const [author, reporter] = [await apps.createUser('Author'), await apps.createUser('Reporter')];
    const id = await save(author, 'report me');
    await expectEvent({ kind: 'report.filed', wishId: id }, async () => {
      expect((await call(apps.writer, 'POST', '/api/complaints/submit/', reporter.access, { category, wish_id: id })).statusCode).toBe(201);
    });
    await expectEvent({ kind: 'report.resolved', wishId: id, action: 'hide' }, async () => {
      expect((await call(apps.writer, 'POST', `/api/moderation/wish/${id}/`, moderator.access, { action: 'hide', reason: 'test' })).statusCode).toBe(200);
    });
    await expectEvent({ kind: 'member.banned', userId: author.id, banned: true }, async () => {
      expect((await call(apps.writer, 'POST', `/api/moderation/user/${author.id}/`, moderator.access, { action: 'ban', reason: 'test' })).statusCode).toBe(200);
    });
  });

  it('people.changed: the held people list dropped in every process, the writer\'s before the answer', async () => {
    const member = await apps.createUser('Keeper');
    const names = async (app: FastifyInstance) => ((await call(app, 'GET', '/api/people/', member.access)).json().people as Array<{ name: string }>).map((p) => p.name);
    // Held in each process's people lists.
    for (const app of new Set([apps.writer, apps.reader])) expect(await names(app)).toEqual([]);
    const res = await call(apps.writer, 'POST', '/api/people/', member.access, { name: 'Lena', occasions: [{ topic: 'Birthday', month: 3, day: 14 }] });
    expect(res.statusCode).toBe(201);
    const matches = (e: DomainEvent) => e.kind === 'people.changed' && e.userId === member.id;
    expect(seen.get(apps.writer)!.some(matches)).toBe(true);
    expect(await names(apps.writer)).toEqual(['Lena']);
    await apps.shows('people.changed on the reader', async () => seen.get(apps.reader)!.some(matches) && (await names(apps.reader)).includes('Lena'));
  });

  it('member.changed, account.deleted', async () => {
    const member = await apps.createUser('Member');
    await expectEvent({ kind: 'member.changed', userId: member.id }, async () => {
      expect((await call(apps.writer, 'PATCH', '/api/account/', member.access, { first_name: 'Renamed' })).statusCode).toBe(200);
    });
    await expectEvent({ kind: 'account.deleted', userId: member.id }, async () => {
      expect((await call(apps.writer, 'DELETE', '/api/account/', member.access, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    });
  });
});
