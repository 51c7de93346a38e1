import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSiteDeclarations } from '../../test/kit/site-remotes';
import type { EmbeddedData } from '@wishes/kit-contract/api';
import { createTestApp, type TestContext } from '../../test/kit/harness';
import { serializeForScript } from './html';
import { EARLY_TAP_SCRIPT } from '@wishes/kit-ui/earlyTap';

const XSS = '</script><script>alert(1)</script>';
const TEMPLATE =
  '<!doctype html><html lang=en><head><meta charset=utf-8><base href="/"><title>Wishes</title></head>' +
  '<body><div id=root></div><script defer src=main.js></script></body></html>';

/** A fake built site: the shell and mf-feed are built, mf-compose is not. */
function makeSite(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'wishes-site-'));
  const put = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  put('shell/dist/index.html', TEMPLATE);
  put('shell/dist/main.js', `/* shell entry */\n${'console.log("wishes");\n'.repeat(200)}`);
  put('shell/dist/159.2f22495a.js', 'chunk');
  put('mf-feed/dist/remoteEntry.js', `var mf_feed;${' '.repeat(2000)}`);
  put('mf-feed/dist/118.801df0b2.js', 'feed chunk');
  put(
    'mf-feed/dist/mf-manifest.json',
    JSON.stringify({
      exposes: [
        {
          name: 'FeedPage',
          assets: { js: { sync: ['__federation_expose_WishCard.1a2b3c4d.js', '__federation_expose_FeedPage.5e6f7a8b.js'], async: [] }, css: { sync: ['__federation_expose_WishCard.0a1b2c3d.css'], async: [] } },
        },
        { name: 'WishList', assets: { js: { sync: ['__federation_expose_WishCard.1a2b3c4d.js', '__federation_expose_WishList.9c0d1e2f.js'], async: [] } } },
        { name: 'Odd', assets: { js: { sync: ['../../package.json', '../up.js', 'x.js"><script>'] }, css: { sync: ['../x.css', 'a.css"><script>'] } } },
      ],
    }),
  );
  // The build's precompressed copies (here: marked contents, not real compression).
  put('shell/dist/main.js.br', 'BROTLI-MAIN');
  put('shell/dist/main.js.gz', 'GZIP-MAIN');
  put('mf-profile/dist/remoteEntry.js', 'var mf_profile;');
  put('package.json', '{"secret":true}');
  // The site's remotes as their builds declare them.
  writeSiteDeclarations(root);
  return root;
}

function embeddedOf(html: string): EmbeddedData | null {
  const match = /<script type="application\/json" id="wishes-initial">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]) as EmbeddedData) : null;
}

const ENV_KEYS = ['WISHES_SITE_ROOT', 'MF_FEED_URL', 'MF_COMPOSE_URL', 'MF_PROFILE_URL', 'MF_AUTH_URL'];

async function withEnv<T>(values: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  Object.assign(process.env, values);
  try {
    return await run();
  } finally {
    for (const key of ENV_KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

describe('pages: the built site served by the API server', () => {
  let site: string;
  let t: TestContext;

  beforeAll(async () => {
    site = makeSite();
    t = await withEnv({ WISHES_SITE_ROOT: site }, () => createTestApp('sqlite'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it.each(['/', '/auth/reset_password_confirm/4/abc-def/', '/page/terms', '/page/privacy_policy', '/compose/Birthday', '/feed/3', '/search'])(
    'answers the deep link %s with the shell HTML (200, no-cache)',
    async (url) => {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id=root></div>');
      expect(res.body).toContain('<script defer src=main.js></script>');
    },
  );

  it('answers the same page with a 404 for what names nothing a visitor may see; the viewer\'s own private wish is a 200', async () => {
    const author = await t.createUser({ first_name: 'Nia', last_name: 'Status' });
    const pub = await t.saveWish(author, 'A public wish with a page', true);
    const priv = await t.saveWish(author, 'A private wish with no public page', false);
    const statusOf = async (url: string, token?: string) => {
      const res = await t.request({ method: 'GET', url, token });
      expect([url, res.headers['content-type']]).toEqual([url, expect.stringMatching(/^text\/html/)]);
      expect(res.body).toContain('<div id=root></div>');
      return res.statusCode;
    };
    const cases: Array<[string, number]> = [
      [`/wish/${pub}`, 200],
      [`/wish/${pub}/`, 200],
      [`/user/${author.id}`, 200],
      [`/user/${author.id}/2`, 200],
      [`/wish/${priv}`, 404],
      ['/wish/999999', 404],
      ['/wish/abc', 404],
      ['/user/99999', 404],
      ['/user/abc', 404],
      ['/page/nope', 404],
      ['/page/terms.md', 404],
      ['/no/such/page', 404],
      ['/made-up', 404],
    ];
    for (const [url, status] of cases) expect([url, await statusOf(url)]).toEqual([url, status]);
    expect(await statusOf(`/wish/${priv}`, author.access)).toBe(200);
  });

  it('keeps unknown API, media and static paths a JSON 404', async () => {
    for (const url of ['/api/unknown', '/api/base/nope/', '/media/avatars/x.webp', '/static/markdown/nope.md', '/mf/', '/mf/mf-feed']) {
      const res = await t.request({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('a missing asset is a 404, not the HTML', async () => {
    const res = await t.request({ method: 'GET', url: '/does-not-exist.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('embeds page 1 of the feed on /feed, public wishes only', async () => {
    const author = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
    await t.saveWish(author, 'A public wish for the feed', true);
    await t.saveWish(author, 'A private wish nobody else sees', false);
    const res = await t.request({ method: 'GET', url: '/feed' });
    const data = embeddedOf(res.body);
    expect(data?.path).toBe('/feed');
    const texts = data!.feed!.wishes.map((w) => w.text);
    expect(texts).toContain('A public wish for the feed');
    expect(texts).not.toContain('A private wish nobody else sees');
    expect(res.body).not.toContain('A private wish nobody else sees');
    expect(data!.feed!.page_number).toBe(1);
    // Same as the API's own first page.
    const api = await t.request({ method: 'GET', url: '/api/base/feed/1/' });
    expect(data!.feed).toEqual(api.json());
    expect(res.body).toContain('<link rel="preload" as="script" href="/mf/mf-feed/remoteEntry.js">');
  });

  it('draws the first feed page in HTML on /feed (first paint): escaped, public only, with its CSS', async () => {
    const author = await t.createUser({ first_name: 'Grace', last_name: 'Hopper' });
    await t.saveWish(author, 'Drawn before <script>alert(1)</script> any script', true);
    await t.saveWish(author, 'A private wish the first paint never draws', false);
    const res = await t.request({ method: 'GET', url: '/feed' });
    const firstPaint = /<div id="first-paint" class="first-paint" data-path="\/feed">[\s\S]*?<\/ul><\/div><\/div>/.exec(res.body)?.[0] ?? '';
    expect(firstPaint).not.toBe('');
    expect(res.body.indexOf(firstPaint)).toBeGreaterThan(res.body.indexOf('<div id=root>'));
    expect(firstPaint.match(/<article class="feed-card"/g)).toHaveLength(embeddedOf(res.body)!.feed!.wishes.length);
    expect(firstPaint).toContain('Drawn before &lt;script&gt;alert(1)&lt;/script&gt; any script');
    expect(firstPaint).not.toContain('<script');
    expect(res.body).not.toContain('A private wish the first paint never draws');
    expect(res.body).toMatch(/<style>#root>\.first-paint\{/);
    // Other pages keep the plain loading state.
    const other = await t.request({ method: 'GET', url: '/wish/5' });
    expect(other.body).not.toContain('first-paint');
  });

  it("preloads the route's remote entry and page chunks from the remote's mf-manifest.json", async () => {
    const res = await t.request({ method: 'GET', url: '/feed' });
    const preloads = [...res.body.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/mf/mf-feed/remoteEntry.js', '/mf/mf-feed/__federation_expose_WishCard.1a2b3c4d.js', '/mf/mf-feed/__federation_expose_FeedPage.5e6f7a8b.js']);
    // The exposed module's stylesheet too (the chunk waits for it before it runs).
    expect([...res.body.matchAll(/<link rel="preload" as="style" href="([^"]+)">/g)].map((m) => m[1])).toEqual(['/mf/mf-feed/__federation_expose_WishCard.0a1b2c3d.css']);
    // A profile: mf-profile's entry (its manifest is missing here) and mf-feed's WishList.
    const profile = await t.request({ method: 'GET', url: '/user/1' });
    const profilePreloads = [...profile.body.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
    expect(profilePreloads).toEqual([
      '/mf/mf-profile/remoteEntry.js',
      '/mf/mf-feed/remoteEntry.js',
      '/mf/mf-feed/__federation_expose_WishCard.1a2b3c4d.js',
      '/mf/mf-feed/__federation_expose_WishList.9c0d1e2f.js',
    ]);
    // A page without remotes (static page) preloads none; nothing from a malformed manifest entry.
    const terms = await t.request({ method: 'GET', url: '/page/terms' });
    expect(terms.body).not.toContain('rel="preload"');
    expect(res.body).not.toContain('package.json');
  });

  it('inlines the remote manifest and the site options, the same JSON as their endpoints', async () => {
    const res = await t.request({ method: 'GET', url: '/wish/1' });
    const element = (id: string) => {
      const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(res.body);
      return match ? JSON.parse(match[1]) : null;
    };
    const manifest = await t.request({ method: 'GET', url: '/mf/remotes.json' });
    // The same remotes; each load has its own load_id, and the page's copy carries the manifest's ETag.
    const { load_id: inlineLoad, etag, ...inlined } = element('wishes-remotes') as { load_id: string; etag: string };
    const { load_id: fetchedLoad, ...fetched } = manifest.json();
    expect(inlined).toEqual(fetched);
    expect(etag).toBe(manifest.headers.etag);
    expect(inlineLoad).not.toBe(fetchedLoad);
    const options = await t.request({ method: 'GET', url: '/api/base/options' });
    expect(element('wishes-options')).toEqual(options.json());
    // Nothing left for the shell to fetch before it starts.
    expect(res.body).not.toContain('rel="preload" as="fetch"');
  });

  it("sends a built file's precompressed copy when the client accepts it", async () => {
    const br = await t.request({ method: 'GET', url: '/main.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.rawPayload.toString()).toBe('BROTLI-MAIN');
    const gzip = await t.request({ method: 'GET', url: '/main.js', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.toString()).toBe('GZIP-MAIN');
    expect(gzip.headers.etag).not.toBe(br.headers.etag);
    const again = await t.request({ method: 'GET', url: '/main.js', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const plain = await t.request({ method: 'GET', url: '/main.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('shell entry');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('escapes embedded text so a wish cannot close the script element', async () => {
    const author = await t.createUser();
    await t.saveWish(author, `Hi ${XSS} & <!-- \u2028 bye`, true);
    const res = await t.request({ method: 'GET', url: '/feed' });
    expect(res.body).not.toContain(XSS);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!-- ');
    // Exactly the template's script, the first paint's early-tap holder (a constant) and the data
    // elements: embedded page, remote manifest, options.
    expect(res.body.match(/<script/g)).toHaveLength(5);
    expect(res.body.match(/<\/script>/g)).toHaveLength(5);
    expect(res.body).toContain(`<script>${EARLY_TAP_SCRIPT}</script>`);
    const data = embeddedOf(res.body);
    expect(data!.feed!.wishes.map((w) => w.text)).toContain(`Hi ${XSS} & <!-- \u2028 bye`);
  });

  it('serializeForScript escapes <, >, & and U+2028/2029', () => {
    expect(serializeForScript({ t: '</script>&\u2028\u2029' })).toBe('{"t":"\\u003c/script\\u003e\\u0026\\u2028\\u2029"}');
  });

  it('embeds the profile and its first wishes on /user/{id}, as the requester sees them', async () => {
    const owner = await t.createUser({ first_name: 'Grace', last_name: 'Hopper' });
    await t.saveWish(owner, 'Grace public wish', true);
    await t.saveWish(owner, 'Grace private wish', false);

    const visitor = await t.request({ method: 'GET', url: `/user/${owner.id}` });
    const seen = embeddedOf(visitor.body)!;
    expect(seen.path).toBe(`/user/${owner.id}`);
    expect(seen.profile!.profile).toMatchObject({ user_id: owner.id, first_name: 'Grace', posts: 1, is_self: false });
    expect(seen.profile!.wishes.wishes.map((w) => w.text)).toEqual(['Grace public wish']);
    expect(visitor.body).not.toContain('Grace private wish');
    expect(visitor.body).toContain('href="/mf/mf-profile/remoteEntry.js"');
    expect(visitor.body).toContain('href="/mf/mf-feed/remoteEntry.js"');

    const other = await t.createUser();
    const asOther = await t.request({ method: 'GET', url: `/user/${owner.id}/`, token: other.access });
    expect(asOther.body).not.toContain('Grace private wish');

    const asOwner = await t.request({ method: 'GET', url: `/user/${owner.id}`, token: owner.access });
    const own = embeddedOf(asOwner.body)!;
    expect(own.profile!.profile.is_self).toBe(true);
    expect(own.profile!.wishes.wishes.map((w) => w.text).sort()).toEqual(['Grace private wish', 'Grace public wish']);
  });

  it('embeds nothing for an unknown or non-numeric user, and still serves the page (a 404)', async () => {
    for (const url of ['/user/987654', '/user/abc']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(embeddedOf(res.body)).toBeNull();
    }
  });

  it('serves /mf/remotes.json with the default locations, not cached', async () => {
    const res = await t.request({ method: 'GET', url: '/mf/remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Each remote also brings the routes and navigation entries of its registry entry.
    const remotes = res.json().remotes as Array<{ name: string; entry: string; release: string; routes: Array<{ path: string }>; nav: unknown[] }>;
    expect(remotes.find((r) => r.name === 'mf_feed')?.routes.map((r) => r.path)).toEqual(['/', '/feed', '/feed/:n', '/wish/:id', '/search']);
    expect(remotes.every((r) => r.release === 'dist' && Array.isArray(r.nav))).toBe(true);
    expect({ remotes: remotes.map(({ name, entry }) => ({ name, entry })) }).toEqual({
      remotes: [
        { name: 'mf_feed', entry: '/mf/mf-feed/remoteEntry.js' },
        { name: 'mf_compose', entry: '/mf/mf-compose/remoteEntry.js' },
        { name: 'mf_profile', entry: '/mf/mf-profile/remoteEntry.js' },
        { name: 'mf_auth', entry: '/mf/mf-auth/remoteEntry.js' },
        { name: 'mf_moderation', entry: '/mf/mf-moderation/remoteEntry.js' },
        { name: 'mf_groups', entry: '/mf/mf-groups/remoteEntry.js' },
      ],
    });
  });

  it('serves remote files with CORS, revalidated entries and immutable hashed chunks', async () => {
    const entry = await t.request({ method: 'GET', url: '/mf/mf-feed/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toMatch(/javascript/);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(entry.headers.etag).toBeTruthy();
    const again = await t.request({ method: 'GET', url: '/mf/mf-feed/remoteEntry.js', headers: { 'if-none-match': String(entry.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const chunk = await t.request({ method: 'GET', url: '/mf/mf-feed/118.801df0b2.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.request({ method: 'GET', url: '/mf/mf-feed/mf-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('serves the shell files at / with the same cache rules, compressed', async () => {
    // A file without a precompressed copy is compressed on the fly.
    const main = await t.request({ method: 'GET', url: '/mf/mf-feed/remoteEntry.js', headers: { 'accept-encoding': 'gzip' } });
    expect(main.statusCode).toBe(200);
    expect(main.headers['cache-control']).toBe('no-cache');
    expect(main.headers['content-encoding']).toBe('gzip');
    const chunk = await t.request({ method: 'GET', url: '/159.2f22495a.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const html = await t.request({ method: 'GET', url: '/feed', headers: { 'accept-encoding': 'br' } });
    expect(['br', undefined]).toContain(html.headers['content-encoding']);
  });

  it('a missing dist folder or unknown remote is a clean 404, never a 500', async () => {
    for (const url of ['/mf/mf-compose/remoteEntry.js', '/mf/mf-auth/remoteEntry.js', '/mf/nope/remoteEntry.js', '/mf/mf-feed/missing.js']) {
      const res = await t.request({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('never serves files outside a dist folder', async () => {
    for (const url of ['/mf/mf-feed/..%2f..%2fpackage.json', '/mf/mf-feed/%2e%2e/%2e%2e/package.json', '/..%2fpackage.json', '/mf/mf-feed/.env']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.body).not.toContain('secret');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('re-reads index.html after a rebuild', async () => {
    const file = path.join(site, 'shell', 'dist', 'index.html');
    writeFileSync(file, TEMPLATE.replace('<title>Wishes</title>', '<title>Rebuilt</title>'));
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    // Not /wish/1: a public wish's page has its own title (link previews, previews/meta.ts).
    const res = await t.request({ method: 'GET', url: '/search' });
    expect(res.body).toContain('<title>Rebuilt</title>');
    writeFileSync(file, TEMPLATE);
  });
});

describe('pages: configuration and an unbuilt site', () => {
  it('MF_*_URL move a remote (another origin) in the manifest and the preload links', async () => {
    const site = makeSite();
    const t = await withEnv({ WISHES_SITE_ROOT: site, MF_FEED_URL: 'https://cdn.example.com/feed/', MF_AUTH_URL: 'http://127.0.0.1:3004' }, () => createTestApp('sqlite'));
    try {
      const res = await t.request({ method: 'GET', url: '/mf/remotes.json' });
      expect(res.json().remotes.map(({ name, entry }: { name: string; entry: string }) => ({ name, entry }))).toEqual([
        { name: 'mf_feed', entry: 'https://cdn.example.com/feed/remoteEntry.js' },
        { name: 'mf_compose', entry: '/mf/mf-compose/remoteEntry.js' },
        { name: 'mf_profile', entry: '/mf/mf-profile/remoteEntry.js' },
        { name: 'mf_auth', entry: 'http://127.0.0.1:3004/remoteEntry.js' },
        { name: 'mf_moderation', entry: '/mf/mf-moderation/remoteEntry.js' },
        { name: 'mf_groups', entry: '/mf/mf-groups/remoteEntry.js' },
      ]);
      const page = await t.request({ method: 'GET', url: '/feed' });
      expect(page.body).toContain('<link rel="preload" as="script" href="https://cdn.example.com/feed/remoteEntry.js">');
    } finally {
      await t.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('a malformed MF_*_URL fails at start with a clear message', async () => {
    await expect(withEnv({ MF_PROFILE_URL: 'ftp://nope' }, () => createTestApp('sqlite'))).rejects.toThrow(/MF_PROFILE_URL/);
  });

  it('without a built shell, pages answer 503 with a hint and the API keeps working', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'wishes-empty-'));
    const t = await withEnv({ WISHES_SITE_ROOT: empty }, () => createTestApp('sqlite'));
    try {
      const page = await t.request({ method: 'GET', url: '/feed' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
      const entry = await t.request({ method: 'GET', url: '/mf/mf-feed/remoteEntry.js' });
      expect(entry.statusCode).toBe(404);
      const api = await t.request({ method: 'GET', url: '/api/base/feed/1/' });
      expect(api.statusCode).toBe(200);
    } finally {
      await t.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
