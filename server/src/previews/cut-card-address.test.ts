/**
 * A wish too long for its card ends with "…" and, for a public wish only, its address: on its
 * page's card, in the mail and on the recipient's page alike (one card per wish, theme and format),
 * on both databases, against a real SMTP server.
 */
import { createTestApp, dialects, type TestContext, type TestDialect, type TestUser } from '../../test/kit/harness';
import { startSmtpSink, type SmtpSink } from '../../test/kit/smtp-sink';
import { renderCard, renderCardWithLayout } from './card';
import { cardAddress } from './service';

const LONG = `${'We have shared so many good years of work and laughter together, and I wanted to say so properly. '.repeat(11)}With love, Ada`;

/** The PNG attached to a received mail (the card, inline). */
function attachedCard(raw: string): Buffer {
  const base64 = /Content-Type: image\/png[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)![1]!;
  return Buffer.from(base64.replace(/\s/g, ''), 'base64');
}

it('names the address of a public wish only, without the scheme', () => {
  expect(cardAddress('https://wishes.example', 42, true)).toBe('wishes.example/wish/42');
  expect(cardAddress('http://wishes.test/', 7, true)).toBe('wishes.test/wish/7');
  expect(cardAddress('https://wishes.example', 42, false)).toBeUndefined();
});

describe.each(dialects)('a cut card and its address (%s)', (dialect: TestDialect) => {
  let smtp: SmtpSink;
  let t: TestContext;
  let ada: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(dialect, { deliveryPollMs: 100, requireVerifiedSenders: false, mailFrom: 'wishes@example.com', smtpUrl: smtp.url }, { realMailer: true });
    ada = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sendTo = async (wishId: number, email: string) => {
    const res = await t.request({ method: 'POST', url: `/api/base/wish/${wishId}/send/`, token: ada.access, payload: { recipient_email: email } });
    expect(res.json()).toMatchObject({ status: 'sent' });
    const row = await t.app.deps.db.selectFrom('deliveries').select('token').where('id', '=', res.json().delivery_id).executeTakeFirstOrThrow();
    const mail = (await smtp.waitFor(1)).find((m) => m.to.includes(email))!;
    return { token: row.token, mailed: attachedCard(mail.raw) };
  };

  it('a public wish: the mail, the recipient page and the wish page show one card, ending with "…" and the address', async () => {
    expect(LONG.length).toBeGreaterThan(1000);
    const wishId = await t.saveWish(ada, LONG, true);
    const { token, mailed } = await sendTo(wishId, 'public@example.com');
    const address = `wishes.test/wish/${wishId}`;
    const drawn = await renderCardWithLayout(LONG, 'Ada Lovelace', 'Wishes', { format: 'og', address });
    expect(drawn.layout.whole).toBe(false);
    expect(drawn.layout.lines.slice(-2)).toEqual([expect.stringMatching(/\p{L}…$/u), address]);
    expect(mailed.equals(drawn.png)).toBe(true);
    expect((await t.request({ url: `/api/base/deliveries/received/${token}/card.png` })).rawPayload.equals(drawn.png)).toBe(true);
    expect((await t.request({ url: `/api/base/wish/${wishId}/card.png` })).rawPayload.equals(drawn.png)).toBe(true);
  });

  it('a private wish: the mail and the recipient page end with "…" and no address', async () => {
    const wishId = await t.saveWish(ada, LONG, false);
    const { token, mailed } = await sendTo(wishId, 'private@example.com');
    const drawn = await renderCardWithLayout(LONG, 'Ada Lovelace', 'Wishes', { format: 'og' });
    expect(drawn.layout.lines.at(-1)).toMatch(/\p{L}…$/u);
    expect(mailed.equals(drawn.png)).toBe(true);
    expect(mailed.equals(await renderCard(LONG, 'Ada Lovelace', 'Wishes', { format: 'og', address: `wishes.test/wish/${wishId}` }))).toBe(false);
    expect((await t.request({ url: `/api/base/deliveries/received/${token}/card.png` })).rawPayload.equals(drawn.png)).toBe(true);
  });
});
