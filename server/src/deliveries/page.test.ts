/** The recipient's page writes names and text as plain UTF-8, escaped only where markup could start. */
import type { ReceivedWish } from '@wishes/shared/contract';
import { notFoundPage, renderReceivedPage } from './page';

describe("the recipient's page", () => {
  it("writes an apostrophe and an emoji as themselves and escapes markup by name, no numeric reference", () => {
    const wish = { text: "Happy birthday, Zoë! It's your day 🎂 <b>", author: "Seán O'Brien", recipient_name: "Zoë", note: "For you & yours", card_url: '/api/base/deliveries/received/x/card.png', theme: 'classic', wish_id: 1 } as unknown as ReceivedWish;
    const html = renderReceivedPage(wish, "Wishes", true);
    expect(html).not.toMatch(/&#\d+;|&#x[0-9a-f]+;/i);
    expect(html).toContain("Seán O'Brien sent you a wish");
    expect(html).toContain("It's your day 🎂 &lt;b&gt;");
    expect(html).toContain('For you &amp; yours');
  });

  it("an unknown link's page names the site as configured", () => {
    const html = notFoundPage('Glückwunsch & Co');
    expect(html).toContain('<a class="site" href="/">Glückwunsch &amp; Co</a>');
    expect(html).not.toMatch(/>Wishes</);
  });
});
