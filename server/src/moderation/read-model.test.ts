/**
 * The moderation queue's pages held in memory (wishes/read-model.ts, moderation/queries.ts), write
 * path by write path: the queue is read first (so it is held), the write is made, and the queue
 * must show it — on one process on the very next read; on two processes on one database with a
 * real Redis between them (cluster mode) within 1 s of the write's answer. The caller's role is
 * still read on every call: a demoted moderator is refused at once even with the page held.
 */
import type { ReportedWish } from '@wishes/kit-contract/api';
import { DEFAULT_PASSWORD } from '../../test/kit/harness';
import { readModelKinds, startReadModelApps, type ReadModelApps, type TestUser } from '../../test/kit/read-model-apps';
import { loadOptions } from '../options/load';
import { runAdminCommand } from './admin-cli';

jest.setTimeout(120_000);

describe.each(readModelKinds)('moderation queue held in memory (%s, %i process(es))', (dialect, processes) => {
  let apps: ReadModelApps;
  let moderator: TestUser;
  let category: string;
  beforeAll(async () => {
    apps = await startReadModelApps(dialect, processes);
    category = loadOptions(apps.writer.deps.config.optionsPath).options.report_topic_config[0]!;
    moderator = await apps.createUser('Mod');
    expect((await runAdminCommand(apps.writer.deps.db, ['role', moderator.email, 'moderator'])).code).toBe(0);
  });
  afterAll(async () => apps?.close());
  const call: ReadModelApps['call'] = (...args) => apps.call(...args);
  const shows: ReadModelApps['shows'] = (what, check) => apps.shows(what, check);

  const save = async (user: TestUser, text: string) => {
    const res = await call(apps.writer, 'POST', '/api/base/save_wish/', user.access, { text, is_public: true });
    expect(res.statusCode).toBe(201);
    return res.json().wish_id as number;
  };
  const report = async (id: number, who?: TestUser) =>
    expect((await call(apps.writer, 'POST', '/api/complaints/submit/', who?.access, { category, wish_id: id })).statusCode).toBe(201);
  /** The queue's page 1, always read on the reader. */
  const queue = async (status: 'open' | 'resolved' = 'open', who: TestUser = moderator): Promise<ReportedWish[]> => {
    const res = await call(apps.reader, 'GET', `/api/moderation/reports/?status=${status}`, who.access);
    expect(res.statusCode).toBe(200);
    return res.json().items;
  };
  const item = (items: ReportedWish[], id: number) => items.find((x) => x.wish.id === id);
  const act = async (id: number, action: string) =>
    expect((await call(apps.writer, 'POST', `/api/moderation/wish/${id}/`, moderator.access, { action, reason: 'test' })).statusCode).toBe(200);
  const prime = async () => {
    await queue('open');
    await queue('resolved');
  };

  it('is held once read', async () => {
    await queue();
    expect([...apps.reader.deps.readModel.moderationPages.values()].some((entry) => entry.done)).toBe(true);
  });

  it('a new report, by a member and by a visitor: listed, then counted', async () => {
    const [author, reporter] = [await apps.createUser(), await apps.createUser()];
    const id = await save(author, 'reported once');
    await prime();
    await report(id, reporter);
    await shows('first report', async () => item(await queue(), id)?.report_count === 1);
    await report(id);
    await shows('a visitor\'s report', async () => item(await queue(), id)?.report_count === 2);
  });

  it('moderator actions: hide, restore, dismiss and delete move or drop the item', async () => {
    const [author, reporter] = [await apps.createUser(), await apps.createUser()];
    const id = await save(author, 'acted on');
    await report(id, reporter);
    await shows('reported', async () => item(await queue(), id) !== undefined);
    await prime();
    await act(id, 'hide');
    await shows('hide: out of the open queue', async () => item(await queue(), id) === undefined);
    await shows('hide: resolved, hidden', async () => {
      const it = item(await queue('resolved'), id);
      return it?.resolution === 'hide' && it.wish.moderation?.state === 'hidden';
    });
    await prime();
    await act(id, 'restore');
    // No open report left to resolve: the item stays resolved as 'hide', its wish now shown.
    await shows('restore: shown as restored', async () => {
      const it = item(await queue('resolved'), id);
      return it !== undefined && it.wish.moderation === undefined;
    });
    await report(id, await apps.createUser());
    await shows('reported again', async () => item(await queue(), id)?.report_count === 1);
    await prime();
    await act(id, 'dismiss');
    await shows('dismiss', async () => item(await queue(), id) === undefined && item(await queue('resolved'), id)?.resolution === 'dismiss');
    await report(id, await apps.createUser());
    await shows('reported a third time', async () => item(await queue(), id) !== undefined);
    await prime();
    await act(id, 'delete');
    await shows('delete', async () => item(await queue(), id) === undefined && item(await queue('resolved'), id) === undefined);
  });

  it('a listed wish changes: edit, votes, the moderator\'s own vote, the author\'s name, deletion by its author', async () => {
    const [author, reporter, voter] = [await apps.createUser('Before'), await apps.createUser(), await apps.createUser()];
    const id = await save(author, 'first words');
    await report(id, reporter);
    await shows('reported', async () => item(await queue(), id) !== undefined);
    expect((await call(apps.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { text: 'second words' })).statusCode).toBe(200);
    await shows('edit', async () => item(await queue(), id)?.wish.text === 'second words');
    expect((await call(apps.writer, 'POST', `/api/wish/${id}/vote/`, voter.access, { vote_type: 'upvote' })).statusCode).toBe(200);
    await shows('a vote', async () => item(await queue(), id)?.wish.upvote_count === 1);
    expect((await call(apps.writer, 'POST', `/api/wish/${id}/vote/`, moderator.access, { vote_type: 'downvote' })).statusCode).toBe(200);
    await shows('the moderator\'s own vote', async () => {
      const it = item(await queue(), id);
      return it?.wish.downvote_count === 1 && it.wish.vote_type === 'downvote';
    });
    expect((await call(apps.writer, 'PATCH', '/api/account/', author.access, { first_name: 'After' })).statusCode).toBe(200);
    await shows('the author\'s new name', async () => item(await queue(), id)?.wish.author === 'After Test');
    expect((await call(apps.writer, 'DELETE', `/api/base/wish/${id}/`, author.access)).statusCode).toBeLessThan(300);
    await shows('deleted by its author', async () => item(await queue(), id) === undefined);
  });

  it('a reporter\'s account deleted takes their resolved report', async () => {
    const [author, reporter] = [await apps.createUser(), await apps.createUser()];
    const id = await save(author, 'reported by a leaver');
    await report(id, reporter);
    await act(id, 'dismiss');
    await shows('resolved', async () => item(await queue('resolved'), id) !== undefined);
    expect((await call(apps.writer, 'DELETE', '/api/account/', reporter.access, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    await shows('reporter gone', async () => item(await queue('resolved'), id) === undefined);
  });

  it('the caller\'s role is read on every call: a demoted moderator is refused with the page held, a member always', async () => {
    const other = await apps.createUser();
    expect((await runAdminCommand(apps.writer.deps.db, ['role', other.email, 'moderator'])).code).toBe(0);
    await queue('open', other);
    expect((await runAdminCommand(apps.writer.deps.db, ['role', other.email, 'user'])).code).toBe(0);
    expect((await call(apps.reader, 'GET', '/api/moderation/reports/', other.access)).statusCode).toBe(403);
    expect((await call(apps.reader, 'GET', '/api/moderation/reports/', (await apps.createUser()).access)).statusCode).toBe(403);
    expect((await call(apps.reader, 'GET', '/api/moderation/reports/')).statusCode).toBe(401);
  });
});
