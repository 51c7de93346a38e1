/**
 * The read model's freshness (read-model.ts), write path by write path: every page a write touches
 * is read first (so it is held), the write is made, and the page must show it:
 * - one process (SQLite and PostgreSQL): on the very next read;
 * - two processes on one database with a real Redis between them (cluster mode; PostgreSQL, and
 *   SQLite as two apps on one file): within 1 s of the write's answer (the stated bound);
 * and a member always reads their own acknowledged write at once, even with reads in flight while
 * it is written; a lost pub/sub message is repaired by the version check within the bound.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PASSWORD, dialects, type TestDialect } from '../../test/kit/harness';
import { CROSS_PROCESS_MS, hasRedis, startReadModelApps } from '../../test/kit/read-model-apps';
import { runAdminCommand } from '../moderation/admin-cli';
import { CAPS, VERSION_CHECK_MS, createReadModel, renderPage, sharedPageOf, type SharedPage } from './read-model';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface User {
  id: number;
  email: string;
  access: string;
}
type Wish = { id: number; text: string; vote_type: string | null; upvote_count: number; downvote_count: number; author: string; card_theme?: string };

interface Setup {
  writer: FastifyInstance;
  reader: FastifyInstance;
  /** 0: the next read must show the write; else the most ms it may take. */
  bound: number;
  close: () => Promise<void>;
}

let address = 0;
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, payload, remoteAddress: `10.8.${Math.floor(++address / 250) % 250}.${address % 250}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function setUp(dialect: TestDialect, processes: 1 | 2): Promise<Setup> {
  const { writer, reader, bound, close } = await startReadModelApps(dialect, processes);
  return { writer, reader, bound, close };
}

/** Waits for `check` on the reader: at once when bound is 0, else within bound ms of now; returns the ms it took. */
async function shows(bound: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  if (bound === 0) {
    if (!(await check())) throw new Error(`${what}: not on the next read`);
    return 0;
  }
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > bound) throw new Error(`${what}: not within ${bound} ms`);
    await sleep(10);
  }
}

const kinds: Array<[TestDialect, 1 | 2]> = [];
for (const dialect of dialects) {
  kinds.push([dialect, 1]);
  if (hasRedis) kinds.push([dialect, 2]);
}

describe.each(kinds)('read model freshness (%s, %i process(es))', (dialect, processes) => {
  let s: Setup;
  let n = 0;
  const slowest: number[] = [];
  beforeAll(async () => {
    s = await setUp(dialect, processes);
  });
  afterAll(async () => {
    await s?.close();
    if (processes === 2) console.info(`read model ${dialect}, two processes: slowest write → read ${Math.max(0, ...slowest)} ms (bound ${CROSS_PROCESS_MS} ms)`);
  });

  const createUser = async (first = `Reader${++n}`): Promise<User> => {
    const email = `rm${n}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await call(s.writer, 'POST', '/api/base/create_user/', undefined, { email, password: DEFAULT_PASSWORD, first_name: first, last_name: 'Test', phone: '1' });
    expect(created.statusCode).toBe(201);
    return { id: created.json().user_id, email, access: await signIn(s.writer, email) };
  };
  const signIn = async (app: FastifyInstance, email: string) => {
    const res = await call(app, 'POST', '/api/token/', undefined, { username: email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    return res.json().access as string;
  };
  const save = async (user: User, text: string, isPublic = true) => {
    const term = word();
    const res = await call(s.writer, 'POST', '/api/base/save_wish/', user.access, { text: `${term} ${text}`, is_public: isPublic });
    expect(res.statusCode).toBe(201);
    const id = res.json().wish_id as number;
    searchWord.set(id, term);
    return id;
  };
  const searched = async (id: number, who?: User) => find(await search(searchWord.get(id)!, who), id);
  // Reads, always on the reader.
  const feed = async (who?: User): Promise<Wish[]> => (await call(s.reader, 'GET', '/api/base/feed/1/', who?.access)).json().wishes;
  const following = async (who: User): Promise<Wish[]> => (await call(s.reader, 'GET', '/api/base/feed/following/1/', who.access)).json().wishes;
  const userPage = async (author: User, who?: User): Promise<Wish[]> => (await call(s.reader, 'GET', `/api/base/user/${author.id}/wishes/`, who?.access)).json().wishes;
  const detail = async (id: number, who?: User): Promise<Wish | null> => {
    const res = await call(s.reader, 'GET', `/api/base/wish/${id}/`, who?.access);
    return res.statusCode === 200 ? res.json().wish : null;
  };
  type Voters = { voters: Array<{ voter_id: number; voter_name: string; vote_type: string }>; upvote_count: number; downvote_count: number; current_user_vote: string | null };
  const voters = async (id: number, who?: User): Promise<Voters | null> => {
    const res = await call(s.reader, 'GET', `/api/wish/${id}/voters/`, who?.access);
    return res.statusCode === 200 ? res.json() : null;
  };
  /** A word of its own per wish, so a search finds exactly that wish. */
  const word = () => `w${Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const search = async (query: string, who?: User): Promise<Wish[]> => {
    const res = await call(s.reader, 'POST', '/api/base/search/', who?.access, { query });
    expect(res.statusCode).toBe(200);
    return res.json().wishes;
  };
  /** The first word of the wish's text (each test's wishes start with their own word()). */
  const searchWord = new Map<number, string>();
  const find = (list: Wish[], id: number) => list.find((w) => w.id === id);
  const expectShown = async (what: string, check: () => Promise<boolean>) => slowest.push(await shows(s.bound, what, check));
  /** Reads every page once so the read model holds them before the write. */
  const prime = async (author: User, reader: User, id?: number) => {
    await feed();
    await feed(reader);
    await following(reader);
    await userPage(author);
    await userPage(author, reader);
    if (id !== undefined) {
      await detail(id);
      await detail(id, reader);
      await voters(id);
      await voters(id, reader);
      const term = searchWord.get(id);
      if (term) {
        await search(term);
        await search(term, reader);
      }
    }
  };
  const follow = async (follower: User, target: User, on = true) =>
    expect((await call(s.writer, on ? 'POST' : 'DELETE', `/api/profile/${target.id}/subscribe/`, follower.access)).statusCode).toBeLessThan(300);

  it('save: in the feed, the author\'s list and the followers\' feed', async () => {
    const [author, reader] = [await createUser(), await createUser()];
    await follow(reader, author);
    await prime(author, reader);
    const id = await save(author, 'saved while held');
    await expectShown('feed', async () => find(await feed(), id) !== undefined);
    await expectShown('feed, signed in', async () => find(await feed(reader), id) !== undefined);
    await expectShown('following', async () => find(await following(reader), id) !== undefined);
    await expectShown('author\'s list', async () => find(await userPage(author), id) !== undefined);
    await expectShown('author\'s list, signed in', async () => find(await userPage(author, reader), id) !== undefined);
    await expectShown('search', async () => (await searched(id)) !== undefined);
    await expectShown('search, signed in', async () => (await searched(id, reader)) !== undefined);
  });

  it('edit: the new text everywhere, detail included', async () => {
    const [author, reader] = [await createUser(), await createUser()];
    await follow(reader, author);
    const id = await save(author, 'before the edit');
    await prime(author, reader, id);
    const [before, after] = [searchWord.get(id)!, word()];
    await search(after);
    expect((await call(s.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { text: `${after} after the edit` })).statusCode).toBe(200);
    await expectShown('feed', async () => find(await feed(), id)?.text === `${after} after the edit`);
    await expectShown('following', async () => find(await following(reader), id)?.text === `${after} after the edit`);
    await expectShown('author\'s list', async () => find(await userPage(author), id)?.text === `${after} after the edit`);
    await expectShown('detail', async () => (await detail(id))?.text === `${after} after the edit`);
    await expectShown('detail, signed in', async () => (await detail(id, reader))?.text === `${after} after the edit`);
    await expectShown('search: not by the old word', async () => find(await search(before), id) === undefined);
    await expectShown('search: by the new word, new text', async () => find(await search(after, reader), id)?.text === `${after} after the edit`);
  });

  it('visibility and card theme: private leaves every list and the detail; public brings it back', async () => {
    const [author, reader] = [await createUser(), await createUser()];
    await follow(reader, author);
    const id = await save(author, 'going private');
    await prime(author, reader, id);
    expect((await call(s.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { is_public: false })).statusCode).toBe(200);
    await expectShown('gone from the feed', async () => find(await feed(), id) === undefined);
    await expectShown('gone from following', async () => find(await following(reader), id) === undefined);
    await expectShown('gone from the author\'s list', async () => find(await userPage(author, reader), id) === undefined);
    await expectShown('detail 404', async () => (await detail(id)) === null);
    await expectShown('voters 404', async () => (await voters(id, reader)) === null);
    await expectShown('gone from search', async () => (await searched(id, reader)) === undefined);
    expect((await call(s.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { is_public: true })).statusCode).toBe(200);
    await expectShown('back in the feed', async () => find(await feed(reader), id) !== undefined);
    await expectShown('back in detail', async () => (await detail(id)) !== null);
    await expectShown('voters back', async () => (await voters(id)) !== null);
    await expectShown('back in search', async () => (await searched(id)) !== undefined);
    expect((await call(s.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { card_theme: 'midnight' })).statusCode).toBe(200);
    await expectShown('card theme', async () => (await detail(id))?.card_theme === 'midnight');
  });

  it('delete: gone from every list and the detail', async () => {
    const [author, reader] = [await createUser(), await createUser()];
    await follow(reader, author);
    const id = await save(author, 'to be deleted');
    await prime(author, reader, id);
    expect((await call(s.writer, 'DELETE', `/api/base/wish/${id}/`, author.access)).statusCode).toBe(200);
    await expectShown('feed', async () => find(await feed(reader), id) === undefined);
    await expectShown('following', async () => find(await following(reader), id) === undefined);
    await expectShown('author\'s list', async () => find(await userPage(author), id) === undefined);
    await expectShown('detail', async () => (await detail(id, reader)) === null);
    await expectShown('voters', async () => (await voters(id)) === null);
    await expectShown('search', async () => (await searched(id, reader)) === undefined);
  });

  it('hide, restore, ban and unban by a moderator', async () => {
    const [author, reader, moderator] = [await createUser(), await createUser(), await createUser()];
    expect((await runAdminCommand(s.writer.deps.db, ['role', moderator.email, 'moderator'])).code).toBe(0);
    moderator.access = await signIn(s.writer, moderator.email);
    await follow(reader, author);
    const id = await save(author, 'moderated wish');
    const act = async (url: string, action: string) => expect((await call(s.writer, 'POST', url, moderator.access, { action, reason: 'test' })).statusCode).toBe(200);
    const gone = async (what: string) => {
      await expectShown(`${what}: feed`, async () => find(await feed(), id) === undefined);
      await expectShown(`${what}: feed, signed in`, async () => find(await feed(reader), id) === undefined);
      await expectShown(`${what}: following`, async () => find(await following(reader), id) === undefined);
      await expectShown(`${what}: author's list`, async () => find(await userPage(author, reader), id) === undefined);
      await expectShown(`${what}: detail`, async () => (await detail(id, reader)) === null);
      await expectShown(`${what}: voters`, async () => (await voters(id, reader)) === null);
      await expectShown(`${what}: search`, async () => (await searched(id)) === undefined);
    };
    const back = async (what: string) => {
      await expectShown(`${what}: feed`, async () => find(await feed(), id) !== undefined);
      await expectShown(`${what}: following`, async () => find(await following(reader), id) !== undefined);
      await expectShown(`${what}: author's list`, async () => find(await userPage(author), id) !== undefined);
      await expectShown(`${what}: detail`, async () => (await detail(id)) !== null);
      await expectShown(`${what}: voters`, async () => (await voters(id, reader)) !== null);
      await expectShown(`${what}: search`, async () => (await searched(id, reader)) !== undefined);
    };
    await prime(author, reader, id);
    await act(`/api/moderation/wish/${id}/`, 'hide');
    await gone('hide');
    await prime(author, reader, id);
    await act(`/api/moderation/wish/${id}/`, 'restore');
    await back('restore');
    await prime(author, reader, id);
    await act(`/api/moderation/user/${author.id}/`, 'ban');
    await gone('ban');
    await prime(author, reader, id);
    await act(`/api/moderation/user/${author.id}/`, 'unban');
    await back('unban');
  });

  it('vote, switch and unvote: counts for everyone, the voter\'s own vote for the voter', async () => {
    const [author, voter] = [await createUser(), await createUser()];
    await follow(voter, author);
    const id = await save(author, 'vote on me');
    await prime(author, voter, id);
    const steps: Array<[string, 'POST' | 'DELETE', object | undefined, string | null, number, number]> = [
      ['upvote', 'POST', { vote_type: 'upvote' }, 'upvote', 1, 0],
      ['downvote', 'POST', { vote_type: 'downvote' }, 'downvote', 0, 1],
      ['unvote', 'DELETE', undefined, null, 0, 0],
    ];
    for (const [name, method, payload, mine, up, down] of steps) {
      expect((await call(s.writer, method, `/api/wish/${id}/vote/`, voter.access, payload)).statusCode).toBe(200);
      const counts = (w: Wish | null | undefined) => w?.upvote_count === up && w?.downvote_count === down;
      await expectShown(`${name}: feed counts`, async () => counts(find(await feed(), id)) && find(await feed(), id)?.vote_type === null);
      await expectShown(`${name}: voter's feed`, async () => {
        const w = find(await feed(voter), id);
        return counts(w) && w?.vote_type === mine;
      });
      await expectShown(`${name}: voter's following`, async () => {
        const w = find(await following(voter), id);
        return counts(w) && w?.vote_type === mine;
      });
      await expectShown(`${name}: author's list`, async () => {
        const w = find(await userPage(author, voter), id);
        return counts(w) && w?.vote_type === mine;
      });
      await expectShown(`${name}: detail`, async () => counts(await detail(id)));
      await expectShown(`${name}: voter's detail`, async () => (await detail(id, voter))?.vote_type === mine);
      const listed = (page: Voters | null) => page?.upvote_count === up && page.downvote_count === down && page.voters.find((v) => v.voter_id === voter.id)?.vote_type === (mine ?? undefined);
      await expectShown(`${name}: voters`, async () => listed(await voters(id)));
      await expectShown(`${name}: voters, the voter's own`, async () => {
        const page = await voters(id, voter);
        return listed(page) && page?.current_user_vote === mine;
      });
      await expectShown(`${name}: search counts`, async () => counts(await searched(id)));
      await expectShown(`${name}: voter's search`, async () => {
        const w = await searched(id, voter);
        return counts(w) && w?.vote_type === mine;
      });
    }
  });

  it('voters pages after the first (cursor): counts and each voter\'s vote after a vote', async () => {
    const [author, first, second, third] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const id = await save(author, 'paged voters');
    const vote = async (who: User, type: string) => expect((await call(s.writer, 'POST', `/api/wish/${id}/vote/`, who.access, { vote_type: type })).statusCode).toBe(200);
    await vote(first, 'upvote');
    await vote(second, 'upvote');
    const firstPage = await call(s.reader, 'GET', `/api/wish/${id}/voters/?limit=1`);
    const cursor = firstPage.json().next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const laterPage = async (who?: User): Promise<Voters & { next_cursor: string | null }> => (await call(s.reader, 'GET', `/api/wish/${id}/voters/?limit=1&cursor=${cursor}`, who?.access)).json();
    expect((await laterPage()).voters[0]?.voter_id).toBe(first.id);
    await laterPage(first);
    await vote(third, 'downvote');
    await expectShown('a new vote: the counts on a later page', async () => {
      const page = await laterPage();
      return page.upvote_count === 2 && page.downvote_count === 1;
    });
    await vote(first, 'downvote');
    // A switched vote is the voter's newest: it leaves the later page for the top of the first.
    await expectShown('a switched vote on a later page, and the voter\'s own', async () => {
      const page = await laterPage(first);
      return page.voters.length === 0 && page.current_user_vote === 'downvote' && page.upvote_count === 1 && page.downvote_count === 2;
    });
  });

  it('follow and unfollow: the follower\'s following feed', async () => {
    const [author, reader] = [await createUser(), await createUser()];
    const id = await save(author, 'followed wish');
    await prime(author, reader);
    expect(find(await following(reader), id)).toBeUndefined();
    await follow(reader, author);
    await expectShown('follow', async () => find(await following(reader), id) !== undefined);
    await follow(reader, author, false);
    await expectShown('unfollow', async () => find(await following(reader), id) === undefined);
  });

  it('an author\'s new name and a deleted account', async () => {
    const [author, reader] = [await createUser('Oldname'), await createUser()];
    await follow(reader, author);
    const id = await save(author, 'renamed author');
    await prime(author, reader, id);
    expect((await call(s.writer, 'PATCH', '/api/account/', author.access, { first_name: 'Newname' })).statusCode).toBe(200);
    await expectShown('feed', async () => find(await feed(), id)?.author === 'Newname Test');
    await expectShown('following', async () => find(await following(reader), id)?.author === 'Newname Test');
    await expectShown('detail', async () => (await detail(id))?.author === 'Newname Test');
    await expectShown('search', async () => (await searched(id, reader))?.author === 'Newname Test');
    expect((await call(s.writer, 'POST', `/api/wish/${id}/vote/`, reader.access, { vote_type: 'upvote' })).statusCode).toBe(200);
    await prime(author, reader, id);
    expect((await call(s.writer, 'PATCH', '/api/account/', reader.access, { first_name: 'Votername' })).statusCode).toBe(200);
    await expectShown('voter\'s new name in the voters', async () => (await voters(id))?.voters.find((v) => v.voter_id === reader.id)?.voter_name === 'Votername Test');
    await prime(author, reader, id);
    expect((await call(s.writer, 'DELETE', '/api/account/', author.access, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    await expectShown('account deleted: feed', async () => find(await feed(reader), id) === undefined);
    await expectShown('account deleted: following', async () => find(await following(reader), id) === undefined);
    await expectShown('account deleted: detail', async () => (await detail(id)) === null);
    await expectShown('account deleted: voters', async () => (await voters(id, reader)) === null);
    await expectShown('account deleted: search', async () => (await searched(id)) === undefined);
  });

  it('the held card (card.png): every write that changes it or who may have it, and never a private, hidden or deleted wish\'s', async () => {
    const [author, reader, moderator] = [await createUser('Cardname'), await createUser(), await createUser()];
    expect((await runAdminCommand(s.writer.deps.db, ['role', moderator.email, 'moderator'])).code).toBe(0);
    moderator.access = await signIn(s.writer, moderator.email);
    const id = await save(author, 'the card before');
    const card = (who?: User, etag?: string) =>
      s.reader.inject({ method: 'GET', url: `/api/base/wish/${id}/card.png`, headers: { ...(who ? { authorization: `Bearer ${who.access}` } : {}), ...(etag ? { 'if-none-match': etag } : {}) } });
    /** Asks for the card as everyone (so it is held), returns its ETag. */
    const held = async () => {
      const first = await card();
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect((await card(reader, etag)).statusCode).toBe(304);
      expect((await card(author)).headers.etag).toBe(etag);
      return etag;
    };
    const act = async (url: string, action: string) => expect((await call(s.writer, 'POST', url, moderator.access, { action, reason: 'test' })).statusCode).toBe(200);
    /** The card is drawn anew: a new ETag, and a client holding the old one gets the new card. */
    const redrawn = async (what: string, old: string) =>
      expectShown(what, async () => {
        const res = await card(undefined, old);
        return res.statusCode === 200 && res.headers.etag !== old;
      });
    /** Nobody gets the card (the author and a moderator neither), whatever ETag they hold: 404 (401 for a suspended author's own token). */
    const noCard = async (what: string, old: string) => {
      for (const who of [undefined, reader, author, moderator]) {
        const refused = (status: number) => status === 404 || (who === author && status === 401);
        await expectShown(`${what}: no card`, async () => refused((await card(who)).statusCode) && refused((await card(who, old)).statusCode));
      }
    };

    let etag = await held();
    expect((await call(s.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { text: 'the card after' })).statusCode).toBe(200);
    await redrawn('edited text', etag);
    etag = await held();
    expect((await call(s.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { card_theme: 'midnight' })).statusCode).toBe(200);
    await redrawn('card theme', etag);
    etag = await held();
    expect((await call(s.writer, 'PATCH', '/api/account/', author.access, { first_name: 'Renamed' })).statusCode).toBe(200);
    await redrawn('author renamed', etag);

    // Private: only its author, never in a shared cache.
    etag = await held();
    expect((await call(s.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { is_public: false })).statusCode).toBe(200);
    for (const who of [undefined, reader, moderator]) await expectShown('private: not for others', async () => (await card(who)).statusCode === 404 && (await card(who, etag)).statusCode === 404);
    await expectShown('private: its author', async () => {
      const own = await card(author);
      return own.statusCode === 200 && own.headers['cache-control'] === 'private, no-store';
    });
    expect((await call(s.writer, 'PATCH', `/api/base/wish/${id}/`, author.access, { is_public: true })).statusCode).toBe(200);
    await expectShown('public again', async () => {
      const res = await card();
      return res.statusCode === 200 && res.headers['cache-control'] === 'public, max-age=300';
    });

    // A vote changes no card: the held answer stays (same ETag).
    etag = await held();
    expect((await call(s.writer, 'POST', `/api/wish/${id}/vote/`, reader.access, { vote_type: 'upvote' })).statusCode).toBe(200);
    expect((await card(undefined, etag)).statusCode).toBe(304);

    // Moderation: hidden or banned, nobody's card; restored, back.
    await act(`/api/moderation/wish/${id}/`, 'hide');
    await noCard('hide', etag);
    await act(`/api/moderation/wish/${id}/`, 'restore');
    await expectShown('restore', async () => (await card(undefined, etag)).statusCode === 304);
    etag = await held();
    await act(`/api/moderation/user/${author.id}/`, 'ban');
    await noCard('ban', etag);
    await act(`/api/moderation/user/${author.id}/`, 'unban');
    await expectShown('unban', async () => (await card()).statusCode === 200);
    // The ban revoked the author's sessions.
    author.access = await signIn(s.writer, author.email);

    etag = await held();
    expect((await call(s.writer, 'DELETE', `/api/base/wish/${id}/`, author.access)).statusCode).toBe(200);
    await noCard('delete', etag);
  });

  if (processes === 1) {
    it('a member always reads their own acknowledged write, even with reads in flight as it is written', async () => {
      const [author, me] = [await createUser(), await createUser()];
      await follow(me, author);
      const ids = [await save(author, 'toggle one'), await save(author, 'toggle two')];
      const flight = () => Promise.all([feed(me), feed(), following(me), detail(ids[0]!, me), userPage(author, me)]);
      for (let i = 0; i < 20; i++) {
        const id = ids[i % 2]!;
        const type = i % 4 < 2 ? 'upvote' : 'downvote';
        // Reads started before the write and answered around it must not be kept past it.
        const before = flight();
        const done = call(s.writer, 'POST', `/api/wish/${id}/vote/`, me.access, { vote_type: type });
        const during = flight();
        expect((await done).statusCode).toBe(200);
        await Promise.all([before, during]);
        expect(find(await feed(me), id)?.vote_type).toBe(type);
        expect(find(await following(me), id)?.vote_type).toBe(type);
        expect(find(await userPage(author, me), id)?.vote_type).toBe(type);
        expect((await detail(id, me))?.vote_type).toBe(type);
        expect(find(await feed(), id)).toMatchObject({ vote_type: null, upvote_count: type === 'upvote' ? 1 : 0, downvote_count: type === 'downvote' ? 1 : 0 });
        // And the wish the member saves is in their first read.
        if (i % 5 === 0) {
          const pending = flight();
          const mine = await save(me, `mine ${i}`);
          await pending;
          expect(find(await feed(me), mine)).toBeDefined();
          expect(find(await userPage(me, me), mine)).toBeDefined();
        }
      }
    });
  }

  if (processes === 2) {
    it('a lost pub/sub message is repaired by the version check within the bound', async () => {
      const [author, voter] = [await createUser(), await createUser()];
      const id = await save(author, 'its message is lost');
      await prime(author, voter, id);
      // The writer stops telling the other process anything: only the version check is left.
      s.writer.deps.events.setRemote(null);
      expect((await call(s.writer, 'POST', `/api/wish/${id}/vote/`, voter.access, { vote_type: 'upvote' })).statusCode).toBe(200);
      const took = await shows(CROSS_PROCESS_MS, 'vote without a message', async () => find(await feed(voter), id)?.vote_type === 'upvote');
      const second = await save(author, 'saved without a message');
      const took2 = await shows(CROSS_PROCESS_MS, 'save without a message', async () => find(await feed(), second) !== undefined);
      // SQLite: data_version at most every SQLITE_VERSION_CHECK_MS; PostgreSQL: one check period and a query.
      const limit = dialect === 'sqlite' ? 100 : VERSION_CHECK_MS + 300;
      expect(Math.max(took, took2)).toBeLessThanOrEqual(limit);
      expect(s.reader.deps.readModel.enabled).toBe(true);
    });
  }
});

describe('read model: a read that overlaps a write', () => {
  const deferred = <T>() => {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  };
  const page = (text: string, ids = [1]): SharedPage => sharedPageOf(ids.map((id) => `{"id":${id},"text":"${text}","vote_type":null,"author":"A"}`), 1, 10, ids);

  it('is neither kept nor joined after the write: the next read loads afresh', async () => {
    const model = createReadModel({} as never);
    const stale = deferred<SharedPage>();
    const started = deferred<void>();
    const first = model.cached(model.feedPages, 'k', () => (started.resolve(), stale.promise));
    await started.promise;
    // The write lands while the first read is still out (it read the rows before the write).
    model.apply({ kind: 'vote', wishId: 99, userId: 5, vote: 'upvote' });
    let loads = 0;
    const second = model.cached(model.feedPages, 'k', async () => (loads++, page('fresh')));
    stale.resolve(page('stale'));
    expect(renderPage(await first, null)).toContain('stale');
    expect(renderPage(await second, null)).toContain('fresh');
    expect(loads).toBe(1);
    // What is held now is the fresh page, read once.
    expect(renderPage(await model.cached(model.feedPages, 'k', async () => page('again')), null)).toContain('fresh');
  });

  it('drops held pages showing a voted wish, keeps the others, and lays the reader\'s own vote over', async () => {
    const model = createReadModel({} as never);
    await model.cached(model.feedPages, 'a', async () => page('a', [1, 2]));
    await model.cached(model.feedPages, 'b', async () => page('b', [3]));
    model.votes.put(7, new Map([[3, null]]));
    model.apply({ kind: 'vote', wishId: 3, userId: 7, vote: 'downvote' });
    expect(model.feedPages.has('a')).toBe(true);
    expect(model.feedPages.has('b')).toBe(false);
    const votes = await model.votesOf(7, [3]);
    expect(renderPage(page('b', [3]), votes)).toContain('"vote_type":"downvote","author"');
  });

  it('holds each reader\'s body of a page as bytes, for that page object only', async () => {
    const model = createReadModel({} as never);
    const shared = await model.cached(model.feedPages, 'f', async () => page('f', [1, 2]));
    model.votes.put(7, new Map([[1, 'upvote'], [2, null]]));
    model.votes.put(8, new Map([[1, null], [2, null]]));
    const mine = await model.bodyOf('feed:f', shared, 7);
    expect(mine.toString()).toContain('"id":1,"text":"f","vote_type":"upvote"');
    // Held: the same bytes again; another reader and a visitor get their own.
    expect(await model.bodyOf('feed:f', shared, 7)).toBe(mine);
    expect((await model.bodyOf('feed:f', shared, 8)).toString()).not.toContain('upvote');
    expect((await model.bodyOf('feed:f', shared, null)).toString()).not.toContain('upvote');
    // The reader's vote on a wish of the page drops the page; the page read again is a new object, drawn again.
    model.apply({ kind: 'vote', wishId: 1, userId: 7, vote: 'downvote' });
    const again = await model.cached(model.feedPages, 'f', async () => page('f', [1, 2]));
    expect(again).not.toBe(shared);
    expect((await model.bodyOf('feed:f', again, 7)).toString()).toContain('"id":1,"text":"f","vote_type":"downvote"');
    // Bounded by entries.
    for (let i = 0; i < CAPS.bodies + 10; i++) await model.bodyOf(`feed:${i}`, again, null);
    expect(model.bodies.size).toBeLessThanOrEqual(CAPS.bodies);
  });

  it('held cards: a card read that overlaps a change is not kept; a vote keeps them; entries, answers and bytes within the caps', async () => {
    const model = createReadModel({} as never);
    const png = (bytes: number) => ({ png: Buffer.alloc(bytes), etag: `"${bytes}"` });
    const stale = deferred<string>();
    const first = model.heldCard(1, () => stale.promise);
    model.apply({ kind: 'wish', wishId: 2 });
    let loads = 0;
    const second = await model.heldCard(1, async () => (loads++, 'fresh'));
    stale.resolve('stale');
    expect((await first)?.source).toBe('stale');
    expect(second?.source).toBe('fresh');
    expect((await model.heldCard(1, async () => 'again'))?.source).toBe('fresh');
    expect(loads).toBe(1);
    // A missing wish is not held.
    expect(await model.heldCard(3, async () => null)).toBeNull();
    expect(model.cards.has(3)).toBe(false);

    const held = (await model.heldCard(1, async () => 'x'))!;
    model.keepCardAnswer(1, held, 'og', png(100));
    model.apply({ kind: 'vote', wishId: 1, userId: 5, vote: 'upvote' });
    expect(model.heldCard(1, async () => 'reloaded')).toBe(held);
    // An answer drawn from a source that was dropped meanwhile is not kept.
    model.apply({ kind: 'wish', wishId: 1 });
    model.keepCardAnswer(1, held, 'square', png(100));
    expect(model.cardBytes).toBe(0);

    const saved = { ...CAPS };
    try {
      Object.assign(CAPS, { cardWishes: 4, cardAnswersPerWish: 2, cardBytes: 1000 });
      for (let id = 10; id < 20; id++) await model.heldCard(id, async () => `wish ${id}`);
      expect(model.cards.size).toBe(4);
      const last = (await model.heldCard(19, async () => ''))!;
      for (const key of ['a', 'b', 'c']) model.keepCardAnswer(19, last, key, png(100));
      expect([...last.answers.keys()]).toEqual(['b', 'c']);
      expect(model.cardBytes).toBe(200);
      for (let id = 16; id < 19; id++) model.keepCardAnswer(id, (await model.heldCard(id, async () => ''))!, 'og', png(300));
      expect(model.cardBytes).toBeLessThanOrEqual(1000);
      expect(model.cards.has(19)).toBe(false); // the least recently asked left first
      model.apply({ kind: 'all' });
      expect([model.cards.size, model.cardBytes]).toEqual([0, 0]);
    } finally {
      Object.assign(CAPS, saved);
    }
  });

  it('keeps its sizes within the caps', async () => {
    const model = createReadModel({} as never);
    for (let i = 0; i < CAPS.feedPages + 50; i++) await model.cached(model.feedPages, `p${i}`, async () => page('x', [i + 1]));
    expect(model.feedPages.size).toBe(CAPS.feedPages);
    expect(model.feedPages.has('p0')).toBe(false);
    // Voters pages: at most CAPS.voterWishes wishes, CAPS.voterPagesPerWish pages each; a vote drops only its wish's.
    const votersPage = { listed: true, up: 1, down: 0, voters: [], next: null };
    for (let id = 1; id <= CAPS.voterWishes + 10; id++) {
      for (let limit = 1; limit <= CAPS.voterPagesPerWish + 2; limit++) await model.cached(model.voterPagesOf(id), `:${limit}`, async () => votersPage);
    }
    expect(model.voterPages.size).toBe(CAPS.voterWishes);
    expect(model.voterPages.has(1)).toBe(false);
    expect(model.voterPagesOf(CAPS.voterWishes + 10).size).toBe(CAPS.voterPagesPerWish);
    model.apply({ kind: 'vote', wishId: CAPS.voterWishes + 10, userId: 1, vote: 'upvote' });
    expect(model.voterPages.has(CAPS.voterWishes + 10)).toBe(false);
    expect(model.voterPages.has(CAPS.voterWishes + 9)).toBe(true);
  });
});
