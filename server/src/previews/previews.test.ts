/**
 * Link previews through a real unfurling client (open-graph-scraper) against the real server:
 * the tags of a public wish and of a profile, generic tags that leak nothing for private and missing
 * wishes, and the PNG card (size, caching, regeneration when the text or the author's name changes).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { sql } from 'kysely';
import ogs from 'open-graph-scraper';
import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';
import { makeFakeSite, withSiteRoot } from '../../test/security/site';
import { previewTags } from './meta';

describe.each(dialects)('link previews (%s)', (dialect) => {
  let t: TestContext;
  let base: string;
  let ada: TestUser;
  let pub: number;
  let priv: number;
  const hostile = 'Happy day "friend" <script>alert(1)</script> & <img src=x onerror=alert(2)>';
  beforeAll(async () => {
    const site = makeFakeSite();
    // PUBLIC_URL is set after listening, so the tags name the real address.
    t = await withSiteRoot(site, () => createTestApp(dialect));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    (t.app.deps.config as { publicUrl: string }).publicUrl = base;
    ada = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace <b>' });
    pub = await t.saveWish(ada, hostile + ' ' + 'long '.repeat(100));
    priv = await t.saveWish(ada, 'SECRET private text', false);
  });
  afterAll(async () => t.close());

  const unfurl = async (pathname: string) => {
    const { result, html } = await ogs({ url: base + pathname, timeout: 10 });
    return { result, html: html ?? '' };
  };
  /** A page that answers 404 (an unfurler gives up on it): its HTML read as one would, had it gone on. */
  const unfurlMissing = async (pathname: string) => {
    const response = await fetch(base + pathname);
    expect([pathname, response.status]).toEqual([pathname, 404]);
    const html = await response.text();
    const { result } = await ogs({ html });
    return { result, html };
  };

  it('unfurls a public wish: title, description (≤ 200 chars), url, article type, card, large-image Twitter card', async () => {
    const { result, html } = await unfurl(`/wish/${pub}`);
    expect(result.ogTitle).toBe('Wish by Ada Lovelace <b> | Wishes');
    expect(result.twitterTitle).toBe('Wish by Ada Lovelace <b> | Wishes');
    expect(result.ogDescription!.startsWith(hostile)).toBe(true);
    expect(result.ogDescription!.length).toBeLessThanOrEqual(200);
    expect(result.ogUrl).toBe(`${base}/wish/${pub}`);
    expect(result.ogType).toBe('article');
    expect(result.ogImage?.[0]?.url).toBe(`${base}/api/base/wish/${pub}/card.png`);
    expect(result.twitterCard).toBe('summary_large_image');
    expect(result.ogSiteName).toBe('Wishes');
    // Everything escaped: no markup of the author's or the text's reaches the page.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('Lovelace <b>');
    // User text is plain UTF-8 with only & < > " ' escaped (not numeric character references).
    expect(html).toContain('<title>Wish by Ada Lovelace &lt;b&gt; | Wishes</title>');
    expect(html).toContain('<meta property="og:title" content="Wish by Ada Lovelace &lt;b&gt; | Wishes">');
    expect(html).toContain('Happy day &quot;friend&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;');
    expect(html).not.toMatch(/&#\d+;&#\d+;/);
  });

  it('a private, missing or malformed wish gets the generic tags and no text', async () => {
    for (const pathname of [`/wish/${priv}`, '/wish/999999', '/wish/abc', '/wish/99999999999']) {
      const { result, html } = await unfurlMissing(pathname);
      expect(result.ogTitle).toBe('Wishes');
      expect(result.ogImage?.[0]?.url).toBe(`${base}/api/base/card.png`);
      expect(html).not.toContain('SECRET');
      expect(html).not.toContain('Lovelace');
    }
    // The owner asking for the page still gets generic tags (previews are what a visitor may see).
    const owned = await t.request({ url: `/wish/${priv}`, token: ada.access });
    expect(owned.body).not.toContain('SECRET');
    expectJsonClientError(await t.request({ url: `/api/base/wish/${priv}/card.png` }), 404);
    // Its author may download the card of a private wish (signed in); it is never cached publicly.
    const own = await t.request({ url: `/api/base/wish/${priv}/card.png`, token: ada.access });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expectJsonClientError(await t.request({ url: '/api/base/wish/999999/card.png' }), 404);
    expectJsonClientError(await t.request({ url: '/api/base/wish/abc/card.png' }), 404);
  });

  it('a wish hidden by moderation gets the generic tags and no card, also once its card was drawn', async () => {
    const hiddenWish = await t.saveWish(ada, 'HIDDEN moderated text');
    expect((await t.request({ url: `/api/base/wish/${hiddenWish}/card.png` })).statusCode).toBe(200);
    // As moderation's hide does (moderation/queries.ts): the moderators' bit, then every cache told.
    await sql`update wishes set hidden = 1, hidden_reason = 'Spam' where id = ${hiddenWish}`.execute(t.app.deps.db);
    await t.app.deps.events.emit({ kind: 'report.resolved', wishId: hiddenWish, action: 'hide' });
    const { result, html } = await unfurlMissing(`/wish/${hiddenWish}`);
    expect(result.ogTitle).toBe('Wishes');
    expect(result.ogImage?.[0]?.url).toBe(`${base}/api/base/card.png`);
    expect(html).not.toContain('HIDDEN');
    // The author sees their hidden wish in the app, but previews are what a visitor may see.
    expect((await t.request({ url: `/wish/${hiddenWish}`, token: ada.access })).body).not.toContain('HIDDEN');
    expectJsonClientError(await t.request({ url: `/api/base/wish/${hiddenWish}/card.png` }), 404);
    expectJsonClientError(await t.request({ url: `/api/base/wish/${hiddenWish}/card.png`, token: ada.access }), 404);
  });

  it('unfurls a profile with the person\'s name and their avatar or the site card', async () => {
    const { result } = await unfurl(`/user/${ada.id}`);
    expect(result.ogTitle).toBe('Ada Lovelace <b>');
    expect(result.ogImage?.[0]?.url).toBe(`${base}/api/base/card.png`);
    expect((await unfurlMissing('/user/999999')).result.ogTitle).toBe('Wishes');
    const site = await t.request({ url: '/api/base/card.png' });
    expect(site.statusCode).toBe(200);
    expect(await sharp(site.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('serves a 1200×630 PNG card, cached on disk and redrawn when the text or the author name changes', async () => {
    const first = await t.request({ url: `/api/base/wish/${pub}/card.png` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const etag = first.headers.etag as string;
    expect((await t.request({ url: `/api/base/wish/${pub}/card.png`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const cards = () => readdirSync(path.join(t.config.dataDir, 'cards')).filter((n) => n.startsWith(`wish-${pub}-`));
    expect(cards()).toHaveLength(1);

    await t.request({ method: 'PATCH', url: '/api/account/', token: ada.access, payload: { last_name: 'King' } });
    const renamed = await t.request({ url: `/api/base/wish/${pub}/card.png` });
    expect(renamed.headers.etag).not.toBe(etag);
    expect(cards()).toHaveLength(1);
    expect((await unfurl(`/wish/${pub}`)).result.ogTitle).toBe('Wish by Ada King | Wishes');

    // A text edit: the next card is drawn anew.
    expect((await t.request({ method: 'PATCH', url: `/api/base/wish/${pub}/`, token: ada.access, payload: { text: 'Edited text' } })).statusCode).toBe(200);
    const edited = await t.request({ url: `/api/base/wish/${pub}/card.png` });
    expect([etag, renamed.headers.etag]).not.toContain(edited.headers.etag);
    expect(Buffer.compare(edited.rawPayload, renamed.rawPayload)).not.toBe(0);
    expect(cards()).toHaveLength(1);
  });
});

describe('previewTags', () => {
  it("escapes the URLs it builds with the shared escaper (& < > \" '), and writes text (the site's name) as plain UTF-8: & < > \" as named references, no numeric ones", () => {
    const tags = previewTags(
      { title: 'T', description: 'D', url: `https://example.test/a?b=1&c="'<>`, image: 'https://example.test/card.png', type: 'website' },
      `Tom's <Wishes>`,
    );
    expect(tags).toContain('<meta property="og:url" content="https://example.test/a?b=1&amp;c=&quot;&#39;&lt;&gt;">');
    expect(tags).toContain('<meta property="og:site_name" content="Tom\'s &lt;Wishes&gt;">');
  });

  it("writes names and wish text as readable UTF-8: accents, emoji and apostrophes as they are, never &#…;", () => {
    const tags = previewTags(
      { title: "Wish by Zoë O'Brien | Wishes", description: 'Joyeux anniversaire, ma chère ! 🎉 "Tu" & <moi>', url: 'https://example.test/wish/1', image: 'https://example.test/card.png', type: 'article' },
      'Wishes',
    );
    expect(tags).toContain('<meta property="og:title" content="Wish by Zoë O\'Brien | Wishes">');
    expect(tags).toContain('<meta name="twitter:description" content="Joyeux anniversaire, ma chère ! 🎉 &quot;Tu&quot; &amp; &lt;moi&gt;">');
    expect(tags).not.toMatch(/&#\w+;/);
  });
});
