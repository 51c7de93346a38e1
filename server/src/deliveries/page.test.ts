/** The recipient's page writes names and text as plain UTF-8, escaped only where markup could start. */
import type { ReceivedWish } from '@wishes/kit-contract/api';
import { notFoundPage, renderReceivedPage } from './page';

describe("the recipient's page", () => {
  it("writes an apostrophe and an emoji as themselves and escapes markup by name, no numeric reference", () => {
    const wish = { text: "Happy birthday, Zoë! It's your day 🎂 <b>", author: "Seán O'Brien", recipient_name: "Zoë", note: "For you & yours", card_url: '/api/base/deliveries/received/x/card.png', theme: 'classic', wish_id: 1 } as unknown as ReceivedWish;
    const html = renderReceivedPage(wish, "Wishes", 'not_me');
    expect(html).not.toMatch(/&#\d+;|&#x[0-9a-f]+;/i);
    expect(html).toContain("Seán O'Brien sent you a wish");
    expect(html).toContain("It's your day 🎂 &lt;b&gt;");
    expect(html).toContain('For you &amp; yours');
  });

  it('asks what the recipient came to confirm first, and its button posts that call', () => {
    const wish = { text: 'Hi', author: 'Ada', recipient_name: null, note: null, card_url: '/api/base/deliveries/received/x/card.png', theme: 'classic', wish_id: 1 } as unknown as ReceivedWish;
    const unsubscribe = renderReceivedPage(wish, 'Wishes', 'unsubscribe');
    expect(unsubscribe).toContain('<p>Do you want no more wishes from Wishes? This address will receive none again, from anyone.</p>');
    expect(unsubscribe).toContain('data-action="unsubscribe/">Send no more wishes</button>');
    expect(renderReceivedPage(wish, 'Wishes', 'not_me')).toContain('data-action="not_me/">This is not me — send no more</button>');
    // Neither question on a plain visit: the small "This is not me" at the foot instead.
    const plain = renderReceivedPage(wish, 'Wishes', null);
    expect(plain).not.toContain('id="notme-confirm"');
    expect(plain).toContain('<button type="button" id="notme-button" data-action="not_me/">This is not me</button>');
  });

  it("an unknown link's page names the site as configured", () => {
    const html = notFoundPage('Glückwunsch & Co');
    expect(html).toContain('<a class="site" href="/">Glückwunsch &amp; Co</a>');
    expect(html).not.toMatch(/>Wishes</);
  });
});

describe("the recipient's page: replies", () => {
  const wish = { text: 'Hi', author: 'Ada <Lovelace>', author_first_name: 'Ada <i>', recipient_name: null, note: null, card_url: '/api/base/deliveries/received/x/card.png', theme: 'classic', wish_id: 1 } as unknown as ReceivedWish;

  it("shows the form and the link's standing replies, escaped, each with its take-back button", () => {
    const html = renderReceivedPage(wish, 'Wishes', null, [{ reply_id: 5, text: 'Thanks <script>x</script> & more', created_at: '2026-01-01T00:00:00.000Z' }]);
    expect(html).toContain('<h2 id="reply-title">Reply to Ada &lt;i&gt;</h2>');
    expect(html).toContain('<textarea id="reply-text" name="text" maxlength="1000"');
    expect(html).toContain('<li data-reply-id="5">Thanks &lt;script&gt;x&lt;/script&gt; &amp; more<button type="button" data-take-back="5">Take it back</button></li>');
    expect(html).not.toContain('<script>x');
  });

  it('shows no form when the link takes no replies, nor beside a "not me" question', () => {
    expect(renderReceivedPage(wish, 'Wishes', null, null)).not.toContain('reply-form');
    expect(renderReceivedPage(wish, 'Wishes', 'not_me', [])).not.toContain('reply-form');
  });
});

describe("the recipient's page: a group", () => {
  const contribution = (i: number, guest = false) => ({ contribution_id: i, signer_name: guest ? `Gäst <${i}>` : `Friend ${i}`, guest, text: `Message ${i} & <b>more</b>`, created_at: '2027-03-10T00:00:00.000Z' });
  const group = (n: number) =>
    ({ wish_id: 0, text: '', author: 'Olga Organiser', author_first_name: 'Olga', recipient_name: 'Lena', note: '', card_url: '/x/card.png', group: { recipient_name: 'Lena', topic: 'Birthday', organiser_name: 'Olga Organiser', contributions: Array.from({ length: n }, (_, i) => contribution(i + 1, i === 0)) } }) as unknown as ReceivedWish;

  it('shows every message whole with its signer, guests marked, escaped; a board past six', () => {
    const html = renderReceivedPage(group(3), 'Wishes', null, []);
    expect(html).toContain('Lena, Olga Organiser and 2 others sent you a wish');
    expect(html).toContain('<p class="who">Gäst &lt;1&gt; <span class="guest">(guest)</span></p>');
    expect(html).toContain('Message 2 &amp; &lt;b&gt;more&lt;/b&gt;');
    expect(html).toContain('<ul class="board" data-testid="group-messages"');
    expect(html).toContain('Only Olga and the people who signed see your reply.');
    expect(html).not.toContain('data-testid="received-text"');
    const many = renderReceivedPage(group(12), 'Wishes', null, []);
    expect(many).toContain('<ul class="board many"');
    expect((many.match(/<p class="who">/g) ?? []).length).toBe(12);
  });
});
