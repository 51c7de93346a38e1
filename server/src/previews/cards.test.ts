/** Cards people keep: themes, formats, the author's choice stored with the wish, the cache and its invalidation on edit. */
import sharp from 'sharp';
import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { CARD_THEMES } from './card-themes';
import { createCardCache } from './card';

describe.each(dialects)('cards (%s)', (dialect) => {
  let t: TestContext;
  let ada: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
  });
  afterAll(async () => t.close());

  it('lists at least six themes, each drawable', async () => {
    const res = await t.request({ url: '/api/base/card-themes/' });
    expect(res.statusCode).toBe(200);
    const themes = res.json() as { name: string; title: string }[];
    expect(themes.length).toBeGreaterThanOrEqual(6);
    expect(themes.map((x) => x.name)).toEqual(CARD_THEMES.map((x) => x.name));
  });

  it('draws og, square and story at their sizes; an unknown theme or format is 400', async () => {
    const id = await t.saveWish(ada, 'Congratulations on the new home!');
    for (const [format, width, height] of [['og', 1200, 630], ['square', 1080, 1080], ['story', 1080, 1920]] as const) {
      const res = await t.request({ url: `/api/base/wish/${id}/card.png?format=${format}&theme=new-baby` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([format, meta.width, meta.height]).toEqual([format, width, height]);
    }
    const noFormat = await sharp((await t.request({ url: `/api/base/wish/${id}/card.png` })).rawPayload).metadata();
    expect([noFormat.width, noFormat.height]).toEqual([1200, 630]);
    expectJsonClientError(await t.request({ url: `/api/base/wish/${id}/card.png?theme=nope` }), 400);
    expectJsonClientError(await t.request({ url: `/api/base/wish/${id}/card.png?format=poster` }), 400);
  });

  it('stores the author\'s theme on save and edit; the card follows it; an edit draws a new card', async () => {
    const res = await t.request({ method: 'POST', url: '/api/base/save_wish/', token: ada.access, payload: { text: 'Happy holidays!', card_theme: 'holidays' } });
    const id = res.json().wish_id;
    expect((await t.request({ url: `/api/base/wish/${id}/` })).json().wish.card_theme).toBe('holidays');
    const first = await t.request({ url: `/api/base/wish/${id}/card.png` });
    const again = await t.request({ url: `/api/base/wish/${id}/card.png` });
    expect(again.headers.etag).toBe(first.headers.etag); // cached
    expect((await t.request({ url: `/api/base/wish/${id}/card.png`, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304);

    const themed = await t.request({ method: 'PATCH', url: `/api/base/wish/${id}/`, token: ada.access, payload: { card_theme: 'midnight' } });
    expect(themed.statusCode).toBe(200);
    expect(themed.json().wish.card_theme).toBe('midnight');
    const midnight = await t.request({ url: `/api/base/wish/${id}/card.png` });
    expect(midnight.headers.etag).not.toBe(first.headers.etag);

    await t.request({ method: 'PATCH', url: `/api/base/wish/${id}/`, token: ada.access, payload: { text: 'Happy holidays, all of you!' } });
    const edited = await t.request({ url: `/api/base/wish/${id}/card.png` });
    expect(edited.headers.etag).not.toBe(midnight.headers.etag);
    expect(Buffer.compare(edited.rawPayload, midnight.rawPayload)).not.toBe(0);

    expectJsonClientError(await t.request({ method: 'PATCH', url: `/api/base/wish/${id}/`, token: ada.access, payload: { card_theme: 'nope' } }), 400);
    expectJsonClientError(await t.request({ method: 'POST', url: '/api/base/save_wish/', token: ada.access, payload: { text: 'x', card_theme: 'nope' } }), 400);
  });

  it('answers a client holding the card 304 (weak and listed validators too) with the cache headers, and a hidden or private wish 404 whatever it holds', async () => {
    const id = await t.saveWish(ada, 'A card to keep');
    const first = await t.request({ url: `/api/base/wish/${id}/card.png` });
    const etag = String(first.headers.etag);
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const res = await t.request({ url: `/api/base/wish/${id}/card.png`, headers: { 'if-none-match': held } });
      expect([held, res.statusCode, res.rawPayload.length]).toEqual([held, 304, 0]);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
    expect((await t.request({ url: `/api/base/wish/${id}/card.png`, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    // As moderation's hide and the author's PATCH do (the moderators' bit; then every cache is told).
    await sql`update wishes set hidden = 1 where id = ${id}`.execute(t.app.deps.db);
    await t.app.deps.events.emit({ kind: 'report.resolved', wishId: id, action: 'hide' });
    expect((await t.request({ url: `/api/base/wish/${id}/card.png`, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
    await sql`update wishes set hidden = 0, is_public = 0 where id = ${id}`.execute(t.app.deps.db);
    await t.app.deps.events.emit({ kind: 'wish.visibility-changed', wishId: id, isPublic: false });
    expect((await t.request({ url: `/api/base/wish/${id}/card.png`, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
    // The author's own private card: never in shared caches.
    const own = await t.request({ url: `/api/base/wish/${id}/card.png`, token: ada.access });
    expect([own.statusCode, own.headers['cache-control']]).toEqual([200, 'private, no-store']);
  });
});

describe('card memory', () => {
  it('keeps at most its entries and bytes, the least recently served leaving first', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cards-'));
    const cards = createCardCache(dir, { entries: 3, bytes: 1024 * 1024 });
    const drawn: Buffer[] = [];
    for (const text of ['one', 'two', 'three', 'four']) drawn.push((await cards('wish-1', text, 'Ada', 'Wishes')).png);
    expect(cards.memory().entries).toBeLessThanOrEqual(3);
    expect(cards.memory().bytes).toBeLessThanOrEqual(1024 * 1024);
    const small = createCardCache(dir, { entries: 10, bytes: drawn[0]!.length + 10 });
    await small('wish-2', 'a', 'Ada', 'Wishes');
    await small('wish-3', 'b', 'Ada', 'Wishes');
    expect(small.memory().entries).toBe(1);
    expect(small.memory().bytes).toBeLessThanOrEqual(drawn[0]!.length + 10);
  });
});
