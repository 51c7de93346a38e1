import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app/app';
import { describe as notificationText, wishQuote } from './service';
import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';

/** Opens the real SSE stream over HTTP and collects the unread counts it sends. */
function openStream(base: string, token: string, viaQuery = true) {
  const counts: number[] = [];
  const waiters: Array<() => void> = [];
  let status = 0;
  let contentType = '';
  const url = viaQuery ? `${base}/api/notifications/stream/?access_token=${encodeURIComponent(token)}` : `${base}/api/notifications/stream/`;
  const req = http.get(url, { headers: viaQuery ? {} : { authorization: `Bearer ${token}` } }, (res) => {
    status = res.statusCode ?? 0;
    contentType = String(res.headers['content-type']);
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: unread\ndata: (.*)$/m.exec(event);
        if (data) counts.push(JSON.parse(data[1]!).unread_count);
        for (const w of waiters.splice(0)) w();
      }
    });
  });
  req.on('error', () => undefined);
  const until = async (predicate: (c: number[]) => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!predicate(counts)) {
      if (Date.now() > deadline) throw new Error(`stream counts ${JSON.stringify(counts)} never matched`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  };
  return { counts, until, close: () => req.destroy(), status: () => status, contentType: () => contentType };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each(dialects)('notifications (%s)', (dialect) => {
  let t: TestContext;
  let ada: TestUser;
  let ben: TestUser;
  let cy: TestUser;
  let dee: TestUser;
  let wish: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
    ben = await t.createUser({ first_name: 'Ben', last_name: 'Baker' });
    cy = await t.createUser({ first_name: 'Cy', last_name: 'Cole' });
    dee = await t.createUser({ first_name: 'Dee', last_name: 'Dunn' });
    wish = await t.saveWish(ada, 'Happy birthday!');
  });
  afterAll(async () => t.close());

  const list = (user: TestUser, page?: number) => t.request({ url: `/api/notifications/${page ? `?page=${page}` : ''}`, token: user.access });
  const vote = (user: TestUser, id: number, type: 'upvote' | 'downvote') => t.request({ method: 'POST', url: `/api/wish/${id}/vote/`, token: user.access, payload: { vote_type: type } });
  const unvote = (user: TestUser, id: number) => t.request({ method: 'DELETE', url: `/api/wish/${id}/vote/`, token: user.access });
  const readAll = (user: TestUser, ids?: number[]) => t.request({ method: 'POST', url: '/api/notifications/read/', token: user.access, payload: ids ? { ids } : {} });

  it('gathers upvotes of one wish into one entry, newest first, ignores downvotes and self-votes', async () => {
    expect((await list(ada)).json()).toEqual({ notifications: [], unread_count: 0, page_number: 1, next_page_number: null });
    expect((await vote(ada, wish, 'upvote')).statusCode).toBe(200); // own vote: nothing
    expect((await vote(ben, wish, 'downvote')).statusCode).toBe(200); // downvote: nothing
    expect((await list(ada)).json().unread_count).toBe(0);

    await vote(ben, wish, 'upvote');
    await vote(cy, wish, 'upvote');
    await vote(dee, wish, 'upvote');
    await vote(dee, wish, 'upvote'); // a repeat changes nothing
    const body = (await list(ada)).json();
    expect(body.unread_count).toBe(1);
    expect(body.notifications).toHaveLength(1);
    expect(body.notifications[0]).toMatchObject({
      kind: 'vote',
      wish_id: wish,
      actor_count: 3,
      actors: [
        { id: dee.id, name: 'Dee Dunn' },
        { id: cy.id, name: 'Cy Cole' },
        { id: ben.id, name: 'Ben Baker' },
      ],
      text: 'Dee Dunn and 2 others upvoted your wish “Happy birthday!”',
      read: false,
    });
    // Voters hear nothing about their own votes.
    for (const u of [ben, cy, dee]) expect((await list(u)).json().unread_count).toBe(0);
  });

  it('takes a voter out when the vote is removed or turned down before it is read', async () => {
    await unvote(dee, wish);
    let n = (await list(ada)).json().notifications[0];
    expect(n).toMatchObject({ actor_count: 2, text: 'Cy Cole and 1 other upvoted your wish “Happy birthday!”' });
    await vote(cy, wish, 'downvote');
    n = (await list(ada)).json().notifications[0];
    expect(n).toMatchObject({ actor_count: 1, text: 'Ben Baker upvoted your wish “Happy birthday!”', actors: [{ id: ben.id, name: 'Ben Baker' }] });
    await unvote(ben, wish);
    expect((await list(ada)).json()).toMatchObject({ notifications: [], unread_count: 0 });
  });

  it('marks some or all read; a read entry keeps its people and a new upvote starts a new one', async () => {
    await vote(ben, wish, 'upvote');
    const second = await t.saveWish(ada, 'Second wish');
    await vote(ben, second, 'upvote');
    const before = (await list(ada)).json();
    expect(before.unread_count).toBe(2);
    const [newest, older] = before.notifications;
    expect(newest.wish_id).toBe(second);

    // Someone else's id is ignored.
    const benWish = await t.saveWish(ben, 'Ben wish');
    await vote(cy, benWish, 'upvote');
    const benNote = (await list(ben)).json().notifications[0].id;
    expect((await readAll(ada, [benNote])).json()).toEqual({ unread_count: 2 });
    expect((await list(ben)).json().unread_count).toBe(1);

    expect((await readAll(ada, [older.id])).json()).toEqual({ unread_count: 1 });
    expect((await readAll(ada)).json()).toEqual({ unread_count: 0 });
    // Removing a vote after it was read leaves the read entry as it was.
    await unvote(ben, wish);
    expect((await list(ada)).json().notifications.find((x: { id: number }) => x.id === older.id)).toMatchObject({ read: true, actor_count: 1 });
    await vote(cy, wish, 'upvote');
    const after = (await list(ada)).json();
    expect(after.unread_count).toBe(1);
    expect(after.notifications[0]).toMatchObject({ wish_id: wish, actor_count: 1, read: false, text: 'Cy Cole upvoted your wish “Happy birthday!”' });
    await readAll(ada);
  });

  it('tells a member about new followers (gathered, withdrawn on unfollow)', async () => {
    const follow = (u: TestUser, target: TestUser, method = 'POST') => t.request({ method: method as 'POST', url: `/api/profile/${target.id}/subscribe/`, token: u.access });
    await follow(ben, dee);
    await follow(ben, dee); // already following: nothing new
    await follow(cy, dee);
    let body = (await list(dee)).json();
    expect(body.unread_count).toBe(1);
    expect(body.notifications[0]).toMatchObject({ kind: 'follow', wish_id: null, actor_count: 2, text: 'Cy Cole and 1 other started following you' });
    await follow(cy, dee, 'DELETE');
    body = (await list(dee)).json();
    expect(body.notifications[0]).toMatchObject({ actor_count: 1, text: 'Ben Baker started following you' });
    expect((await t.request({ method: 'POST', url: `/api/profile/${dee.id}/subscribe/`, token: dee.access })).statusCode).toBe(400);
    expect((await list(dee)).json().unread_count).toBe(1);
  });

  it('notify() records moderation kinds as they come (the moderation module calls it)', async () => {
    await t.app.deps.notifications.notify({ userId: cy.id, kind: 'wish_hidden', wishId: null, text: 'Your wish was hidden: spam.' });
    await t.app.deps.notifications.notify({ userId: cy.id, kind: 'report_resolved' });
    await t.app.deps.notifications.notify({ userId: cy.id, kind: 'vote', actorId: cy.id, wishId: wish }); // self: nothing
    const body = (await list(cy)).json();
    expect(body.notifications.map((n: { kind: string; text: string }) => [n.kind, n.text])).toEqual([
      ['report_resolved', 'A wish you reported has been reviewed.'],
      ['wish_hidden', 'Your wish was hidden: spam.'],
    ]);
    expect(body.notifications[0]).toMatchObject({ actors: [], actor_count: 0 });
  });

  it('pages 20 entries at a time', async () => {
    const many = await t.createUser({ first_name: 'Many', last_name: 'Notes' });
    for (let i = 0; i < 21; i++) await t.app.deps.notifications.notify({ userId: many.id, kind: 'report_resolved', text: `n${i}` });
    const one = (await list(many)).json();
    expect(one.notifications).toHaveLength(20);
    expect(one.notifications[0].text).toBe('n20');
    expect(one.next_page_number).toBe(2);
    const two = (await list(many, 2)).json();
    expect(two.notifications.map((n: { text: string }) => n.text)).toEqual(['n0']);
    expect(two.next_page_number).toBeNull();
  });

  it('validates input and requires a member', async () => {
    expectJsonClientError(await t.request({ url: '/api/notifications/' }), 401);
    expectJsonClientError(await t.request({ method: 'POST', url: '/api/notifications/read/', payload: {} }), 401);
    expectJsonClientError(await t.request({ url: '/api/notifications/stream/' }), 401);
    expectJsonClientError(await t.request({ url: '/api/notifications/stream/?access_token=nope' }), 401);
    expectJsonClientError(await t.request({ url: '/api/notifications/stream/?access_token=' + ada.refresh }), 401);
    for (const payload of [{ ids: 'all' }, { ids: ['1'] }, { ids: [0] }, { ids: [1.5] }, { ids: null }]) {
      expectJsonClientError(await t.request({ method: 'POST', url: '/api/notifications/read/', token: ada.access, payload }), 400);
    }
    for (const page of ['0', 'abc', '-1']) expectJsonClientError(await t.request({ url: `/api/notifications/?page=${page}`, token: ada.access }), 404);
  });

  it('streams the unread count at once and on every change (Authorization header or ?access_token=)', async () => {
    const live = await createTestApp(dialect);
    try {
      const owner = await live.createUser({ first_name: 'Olive', last_name: 'Owner' });
      const fan = await live.createUser({ first_name: 'Fay', last_name: 'Fan' });
      const id = await live.saveWish(owner, 'Live wish');
      const base = await listen(live.app);
      const viaQuery = openStream(base, owner.access);
      const viaHeader = openStream(base, owner.access, false);
      await viaQuery.until((c) => c.length >= 1);
      await viaHeader.until((c) => c.length >= 1);
      expect(viaQuery.status()).toBe(200);
      expect(viaQuery.contentType()).toMatch(/^text\/event-stream/);
      expect(viaQuery.counts).toEqual([0]);
      await live.request({ method: 'POST', url: `/api/wish/${id}/vote/`, token: fan.access, payload: { vote_type: 'upvote' } });
      await viaQuery.until((c) => c.at(-1) === 1);
      await viaHeader.until((c) => c.at(-1) === 1);
      await live.request({ method: 'POST', url: '/api/notifications/read/', token: owner.access, payload: {} });
      await viaQuery.until((c) => c.at(-1) === 0);
      viaQuery.close();
      viaHeader.close();
    } finally {
      await live.close();
    }
  });

  if (dialect === 'postgres') {
    it('a change made by another server process on the same database reaches this one\'s stream (LISTEN/NOTIFY)', async () => {
      const one = await createTestApp('postgres');
      // A second app instance on the same database: another "process" for the bus's purposes.
      const two = await buildApp({ ...one.config, logLevel: 'silent' }, { mailer: { send: async () => undefined } });
      try {
        const owner = await one.createUser({ first_name: 'Pat', last_name: 'Pg' });
        const fan = await one.createUser({ first_name: 'Fin', last_name: 'Fan' });
        const id = await one.saveWish(owner, 'Across processes');
        const base = await listen(one.app);
        const stream = openStream(base, owner.access);
        await stream.until((c) => c.length >= 1);
        const res = await two.inject({ method: 'POST', url: `/api/wish/${id}/vote/`, headers: { authorization: `Bearer ${fan.access}` }, payload: { vote_type: 'upvote' } });
        expect(res.statusCode).toBe(200);
        await stream.until((c) => c.at(-1) === 1);
        await two.inject({ method: 'POST', url: '/api/notifications/read/', headers: { authorization: `Bearer ${owner.access}` }, payload: {} });
        await stream.until((c) => c.at(-1) === 0);
        stream.close();
      } finally {
        await two.close();
        await one.close();
      }
    });
  }
});

describe('wishQuote: which wish a vote is about', () => {
  it('quotes a short wish whole and cuts a long one at a word with an ellipsis', () => {
    expect(wishQuote('  Happy\n birthday!  ')).toBe('Happy birthday!');
    expect(wishQuote('Happy birthday, dear Ana, may this year bring you everything you hoped for')).toBe('Happy birthday, dear Ana, may this year…');
    expect(notificationText('vote', 'Kai Berg', 1, 'Happy birthday!')).toBe('Kai Berg upvoted your wish “Happy birthday!”');
    expect(notificationText('vote', 'Kai Berg', 1, null)).toBe('Kai Berg upvoted your wish');
  });
});
