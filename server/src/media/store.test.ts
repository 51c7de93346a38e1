/**
 * MEDIA_STORAGE=postgres (cluster mode): avatars are rows of `media_files`, served from the
 * database with the same headers as the files on disk, and removed when replaced. PostgreSQL only
 * (the setting requires it); the disk storage is covered by routes.test.ts.
 */
import sharp from 'sharp';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';

const UPLOAD = '/api/profile/my/avatar/upload/';

function avatarForm(data: Buffer) {
  const boundary = `----wishes${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const pgOnly = dialects.includes('postgres') ? describe : describe.skip;

pgOnly('avatars stored in PostgreSQL (MEDIA_STORAGE=postgres)', () => {
  let t: TestContext;
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApp('postgres', { mediaStorage: 'postgres' });
    png = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (access: string) => {
    const form = avatarForm(png);
    const res = await t.app.inject({ method: 'POST', url: UPLOAD, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${access}` } });
    expect(res.statusCode).toBe(200);
    return res.json<{ avatar_url: string; avatar_thumbnail: string }>();
  };
  const rows = () => t.app.deps.db.selectFrom('media_files').select('name').execute();

  it('stores both sizes as rows and serves them with the disk storage\'s headers', async () => {
    const user = await t.createUser();
    const { avatar_url: url, avatar_thumbnail: thumb } = await upload(user.access);
    const names = (await rows()).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining([url.replace('/media/', ''), thumb.replace('/media/', '')]));
    const full = await t.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    expect((await sharp(full.rawPayload).metadata()).format).toBe('webp');
    const small = await t.app.inject({ method: 'GET', url: thumb });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(96);
  });

  it('removes the previous rows when the avatar is replaced, and answers JSON 404 for anything else', async () => {
    const user = await t.createUser();
    const first = await upload(user.access);
    const second = await upload(user.access);
    const names = (await rows()).map((r) => r.name);
    expect(names).not.toContain(first.avatar_url.replace('/media/', ''));
    expect(names).toContain(second.avatar_url.replace('/media/', ''));
    for (const url of [first.avatar_url, '/media/avatars/' + '0'.repeat(32) + '.webp', '/media/avatars/..%2Fx.webp', '/media/other/x.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found.' });
    }
  });
});
