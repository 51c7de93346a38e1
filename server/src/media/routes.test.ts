import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { AVATAR, AVATAR_TEXT } from './schemas';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';

const authOf = (user: TestUser) => ({ authorization: `Bearer ${user.access}` });

const UPLOAD = '/api/profile/my/avatar/upload/';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** Builds a multipart/form-data body by hand, so tests control every byte and header. */
function multipart(parts: Part[]) {
  const boundary = `----wishes${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(head + '\r\n'), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const avatar = (data: Buffer | string, filename = 'me.png', contentType = 'image/png') => multipart([{ name: 'avatar', filename, contentType, data }]);

/** A colourful test picture, so re-encoding has something to chew on. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } }).composite([
    { input: { create: { width: Math.ceil(width / 2), height: Math.ceil(height / 2), channels: 3, background: { r: 20, g: 160, b: 220 } } }, top: 0, left: 0 },
  ]);

/**
 * A valid PNG of exactly `size` bytes: the picture plus one private ancillary chunk ("prVt":
 * decoders skip it) sized to fill the gap, with a correct CRC.
 */
function pngOfExactSize(png: Buffer, size: number): Buffer {
  const ihdrEnd = 8 + 4 + 4 + 13 + 4; // signature, IHDR length + type + data + CRC
  const dataLength = size - png.length - 12;
  if (dataLength < 0) throw new Error('picture larger than the target size');
  const type = Buffer.from('prVt');
  const data = Buffer.alloc(dataLength, 0x5a);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(dataLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([png.subarray(0, ihdrEnd), length, type, data, crc, png.subarray(ihdrEnd)]);
}

/** Whether a JPEG's EXIF block (as sharp reports it: "Exif\0\0" + TIFF) has a GPS IFD (tag 0x8825 in IFD0). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

describe.each(dialects)('avatar upload and /media (%s)', (dialect) => {
  let t: TestContext;
  let images: Record<'png' | 'jpeg' | 'webp' | 'gif', Buffer>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    images = {
      png: await picture(800, 600).png().toBuffer(),
      jpeg: await picture(300, 300).jpeg().toBuffer(),
      webp: await picture(64, 40).webp().toBuffer(),
      gif: await picture(120, 90).gif().toBuffer(),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The stored file behind a /media/... URL. */
  const fileOf = (url: string) => path.join(t.config.mediaDir, url.replace(/^\/media\//, ''));

  const upload = (body: { payload: Buffer; headers: Record<string, string> }, auth: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: UPLOAD, payload: body.payload, headers: { ...body.headers, ...auth } });

  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('accepts a %s, stores WebP full + thumbnail and serves them', async (kind) => {
    const user = await t.createUser();
    const res = await upload(avatar(images[kind], `me.${kind}`, `image/${kind}`), authOf(user));
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toEqual({
      success: true,
      message: 'Avatar updated successfully!',
      avatar_url: expect.stringMatching(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/),
      avatar_thumbnail: expect.stringMatching(/^\/media\/avatars\/[0-9a-f]{32}-thumb\.webp$/),
    });

    const row = await t.app.deps.db.selectFrom('users').select(['avatar_url', 'avatar_thumbnail']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ avatar_url: json.avatar_url, avatar_thumbnail: json.avatar_thumbnail });

    const full = await t.app.inject({ method: 'GET', url: json.avatar_url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect(fullMeta.format).toBe('webp');
    expect(Math.max(fullMeta.width!, fullMeta.height!)).toBeLessThanOrEqual(512);

    const thumb = await t.app.inject({ method: 'GET', url: json.avatar_thumbnail });
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 96, 96]);
  });

  it('scales a big image down to 512 px and keeps small ones as they are', async () => {
    const user = await t.createUser();
    const big = await upload(avatar(images.png), authOf(user));
    const bigMeta = await sharp(await readFile(fileOf(big.json().avatar_url))).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([512, 384]);
    const small = await upload(avatar(images.webp, 'a.webp', 'image/webp'), authOf(user));
    const smallMeta = await sharp(await readFile(fileOf(small.json().avatar_url))).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([64, 40]);
  });

  it('applies the EXIF orientation and strips all metadata', async () => {
    const user = await t.createUser();
    // 200×100 pixels with orientation 6 ("rotate 90° clockwise to display"), a GPS-ish comment and a copyright.
    const withExif = await picture(200, 100)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Owner', Make: 'SpyCam', ImageDescription: 'home at 51.5N 0.12W' } } })
      .toBuffer();
    const inputMeta = await sharp(withExif).metadata();
    expect(inputMeta.orientation).toBe(6);
    expect(inputMeta.exif).toBeDefined();

    const res = await upload(avatar(withExif, 'photo.jpg', 'image/jpeg'), authOf(user));
    expect(res.statusCode).toBe(200);
    for (const url of [res.json().avatar_url, res.json().avatar_thumbnail]) {
      const bytes = (await t.app.inject({ method: 'GET', url })).rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);
      expect(bytes.includes(Buffer.from('Secret Owner'))).toBe(false);
      if (url === res.json().avatar_url) expect([meta.width, meta.height]).toEqual([100, 200]);
    }
  });

  it('replaces the previous files', async () => {
    const user = await t.createUser();
    const first = (await upload(avatar(images.png), authOf(user))).json();
    const second = (await upload(avatar(images.jpeg, 'b.jpg', 'image/jpeg'), authOf(user))).json();
    expect(second.avatar_url).not.toBe(first.avatar_url);
    const files = await readdir(path.join(t.config.mediaDir, 'avatars'));
    expect(files).not.toContain(path.basename(first.avatar_url));
    expect(files).not.toContain(path.basename(first.avatar_thumbnail));
    expect(files).toContain(path.basename(second.avatar_url));
    expect((await t.app.inject({ method: 'GET', url: first.avatar_url })).statusCode).toBe(404);
  });

  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'me.svg', 'image/svg+xml'],
    ['plain text', 'hello, I am not an image', 'notes.txt', 'text/plain'],
    ['HTML named .png and declared image/png', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>', 'me.png', 'image/png'],
    ['an empty file', '', 'me.png', 'image/png'],
  ])('refuses %s with 415', async (_name, data, filename, contentType) => {
    const user = await t.createUser();
    const res = await upload(avatar(data, filename, contentType), authOf(user));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, error: AVATAR_TEXT.notImage });
  });

  it('refuses a truncated PNG with 415, not 500', async () => {
    const user = await t.createUser();
    const truncated = images.png.subarray(0, Math.floor(images.png.length / 2));
    const res = await upload(avatar(truncated), authOf(user));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, error: AVATAR_TEXT.notImage });
    const headerOnly = await upload(avatar(images.png.subarray(0, 40)), authOf(user));
    expect(headerOnly.statusCode).toBe(415);
  });

  it('refuses a 6 MB file with 413', async () => {
    const user = await t.createUser();
    // A valid PNG signature followed by junk, so only the size can be the reason.
    const big = Buffer.concat([images.png.subarray(0, 16), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const res = await upload(avatar(big), authOf(user));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: AVATAR_TEXT.tooLarge });
    const row = await t.app.deps.db.selectFrom('users').select('avatar_url').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.avatar_url).toBeNull();
  });

  it('accepts an image just under 5 MB (the JSON body limit does not apply to uploads)', async () => {
    const user = await t.createUser();
    const side = 1250; // random noise: an uncompressed PNG of about 4.7 MB
    const noisy = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(noisy.length).toBeGreaterThan(4.4 * 1024 * 1024);
    expect(noisy.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(avatar(noisy), authOf(user));
    expect(res.statusCode).toBe(200);
  });

  it('accepts exactly 5 MiB and refuses 5 MiB + 1 byte with 413', async () => {
    expect(AVATAR.maxBytes).toBe(5 * 1024 * 1024);
    const user = await t.createUser();
    const exact = pngOfExactSize(images.png, 5 * 1024 * 1024);
    expect(exact.length).toBe(5 * 1024 * 1024);
    // The padded file is a valid image: only its size decides.
    expect((await sharp(exact).metadata()).width).toBe(800);
    const atLimit = await upload(avatar(exact), authOf(user));
    expect(atLimit.statusCode).toBe(200);

    const overByOne = pngOfExactSize(images.png, 5 * 1024 * 1024 + 1);
    expect(overByOne.length).toBe(5 * 1024 * 1024 + 1);
    const other = await t.createUser();
    const over = await upload(avatar(overByOne), authOf(other));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ success: false, error: AVATAR_TEXT.tooLarge });
  });

  it('strips a real EXIF GPS block from an uploaded JPEG', async () => {
    const user = await t.createUser();
    const gps = { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100', GPSMapDatum: 'WGS-84' };
    const photo = await picture(320, 240).jpeg().withMetadata({ exif: { IFD0: { Make: 'PhoneCam' }, IFD3: gps } }).toBuffer();
    // The input really carries a GPS IFD (the test is not vacuous).
    expect(hasGpsIfd((await sharp(photo).metadata()).exif)).toBe(true);
    expect(photo.includes(Buffer.from('WGS-84'))).toBe(true);

    const res = await upload(avatar(photo, 'holiday.jpg', 'image/jpeg'), authOf(user));
    expect(res.statusCode).toBe(200);
    for (const url of [res.json().avatar_url, res.json().avatar_thumbnail]) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      const bytes = served.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(hasGpsIfd(meta.exif)).toBe(false);
      expect(bytes.includes(Buffer.from('WGS-84'))).toBe(false);
      expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
    }
  });

  it('refuses an image with too many pixels without decoding it', async () => {
    const user = await t.createUser();
    // 8000×8000 = 64 MP, tiny as a PNG of one colour.
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(avatar(huge), authOf(user));
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('requires sign-in', async () => {
    const res = await upload(avatar(images.png), {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('needs the file in the "avatar" field of a multipart body', async () => {
    const user = await t.createUser();
    const wrongField = await upload(multipart([{ name: 'picture', filename: 'me.png', contentType: 'image/png', data: images.png }]), authOf(user));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ success: false, error: AVATAR_TEXT.missing });
    const noFile = await upload(multipart([{ name: 'avatar', data: 'not a file' }]), authOf(user));
    expect(noFile.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: UPLOAD, payload: { avatar: 'x' }, headers: authOf(user) });
    expect(json.statusCode).toBe(400);
    expect(json.json().success).toBe(false);
    const garbage = await t.app.inject({ method: 'POST', url: UPLOAD, payload: 'garbage', headers: { ...authOf(user), 'content-type': 'multipart/form-data; boundary=nope' } });
    expect(garbage.statusCode).toBe(400);
  });

  it('serves nothing outside the avatars it wrote: no traversal, no listing', async () => {
    const user = await t.createUser();
    const { avatar_url } = (await upload(avatar(images.png), authOf(user))).json();
    const name = path.basename(avatar_url);
    const attempts = [
      '/media/../package.json',
      '/media/..%2f..%2fpackage.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/avatars/../../test.db',
      '/media/avatars/..%2f..%2ftest.db',
      '/media/avatars/%2e%2e%2f%2e%2e%2ftest.db',
      '/media/avatars/..%5c..%5ctest.db',
      '/media/avatars\\..\\..\\test.db',
      '/media/avatars/',
      '/media/',
      '/media',
      '/media/avatars',
      '/media/avatars/missing.webp',
      `/media/avatars/${'0'.repeat(32)}.webp`,
      `/media/avatars/${name}%00.png`,
      `/media/avatars/.${name}`,
      '/media//etc/passwd',
      '/media/%2fetc%2fpasswd',
    ];
    // Over a real socket, because inject() resolves "../" before the app sees it; browsers and
    // curl do too, but an attacker's raw request does not.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as import('node:net').AddressInfo;
    const get = (url: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: url, method: 'GET' }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const url of attempts) {
      const res = await get(url);
      expect([url, res.status]).toEqual([url, 404]);
      expect(res.type).toMatch(/application\/json/);
      expect(res.body).not.toMatch(/SQLite|"name"\s*:\s*"@wishes/);
    }
    // The real file is still served over the same socket.
    expect((await get(avatar_url)).status).toBe(200);
  });
});
