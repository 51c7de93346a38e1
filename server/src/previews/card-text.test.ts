/**
 * A name of stacked combining marks no longer breaks its author's cards (security v3): marks are
 * limited at input, and every text block is clamped to its box when drawn, so card.png is a PNG
 * of the card's size, never a 500.
 */
import sharp from 'sharp';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';
import { CARD_HEIGHT, CARD_WIDTH, renderCard } from './card';
import { clampToBox, limitMarks, MAX_MARKS } from './card-text';
import { formatSize } from './card-themes';

const ZALGO = `Z${'\u0301'.repeat(147)}`;
const marksIn = (text: string) => [...text].filter((c) => /\p{M}/u.test(c)).length;

describe('limitMarks', () => {
  it('keeps real text and at most MAX_MARKS marks per character', () => {
    expect(limitMarks('Nguyễn Thị Minh Khai')).toBe('Nguyễn Thị Minh Khai'.normalize('NFC'));
    expect(limitMarks('e\u0301')).toBe('é'); // NFC
    expect(limitMarks(ZALGO)).toBe(`\u0179${'\u0301'.repeat(MAX_MARKS)}`); // Ź (composed) and three more
    expect(marksIn(limitMarks(`a${'\u0300\u0301\u0302\u0303\u0304'.repeat(20)}b\u0301`))).toBeLessThanOrEqual(MAX_MARKS + 1);
    expect(limitMarks('Łukasz 李 😀')).toBe('Łukasz 李 😀');
  });
});

describe('clampToBox', () => {
  it('shrinks a block taller or wider than its box and leaves one that fits alone', async () => {
    const tall = await sharp({ create: { width: 300, height: 900, channels: 4, background: '#000' } }).png().toBuffer({ resolveWithObject: true });
    const clamped = await sharp(await clampToBox(tall, { width: 1040, height: 90 })).metadata();
    expect(clamped.height).toBeLessThanOrEqual(90);
    expect(clamped.width).toBeLessThanOrEqual(1040);
    const small = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#000' } }).png().toBuffer({ resolveWithObject: true });
    expect(await clampToBox(small, { width: 100, height: 100 })).toBe(small.data);
  });

  it.each(['square', 'story'] as const)('renderCard keeps the %s format at its size with stacked marks everywhere', async (format) => {
    const png = await renderCard(`${ZALGO} `.repeat(40), `${ZALGO} ${ZALGO}`, 'Wishes', { format });
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([formatSize(format).width, formatSize(format).height]);
  });

  it('renderCard draws stacked marks in the text and the byline at the card size', async () => {
    const png = await renderCard(`${ZALGO} `.repeat(40), `${ZALGO} ${ZALGO}`, 'Wishes');
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  });
});

describe.each(dialects)('card.png of an author with a stacked-marks name (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('limits the marks at sign-up and on a change of name', async () => {
    const user = await t.createUser({ first_name: 'Zed', last_name: ZALGO });
    const account = (await t.request({ url: '/api/account/', token: user.access })).json();
    expect(marksIn(account.last_name)).toBeLessThanOrEqual(MAX_MARKS);
    const changed = await t.request({ method: 'PATCH', url: '/api/account/', token: user.access, payload: { first_name: `A${'\u0308'.repeat(60)}` } });
    expect(changed.statusCode).toBe(200);
    expect(marksIn(changed.json().first_name)).toBeLessThanOrEqual(MAX_MARKS);
  });

  it('answers a PNG, not a 500, for a name stored before the rule', async () => {
    const author = await t.createUser({ first_name: 'Old', last_name: 'Name' });
    const wish = await t.saveWish(author, `${ZALGO} happy birthday ${ZALGO}`);
    await t.app.deps.db.updateTable('users').set({ first_name: ZALGO, last_name: ZALGO }).where('id', '=', author.id).execute();
    const res = await t.request({ url: `/api/base/wish/${wish}/card.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  });
});
