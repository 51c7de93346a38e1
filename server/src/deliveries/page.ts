/**
 * The recipient's page GET /w/{token}, drawn whole by the server (no app bundle needed to read a
 * wish): the card, the note, the wish text and its author, "Write one back", and the "not me"
 * choice. /static/w.js sends the opened beacon once the page is shown and handles the buttons.
 */
import type { ReceivedWish } from '@wishes/kit-contract/api';
// Plain UTF-8 text as the other pages' titles and previews (every attribute here is double-quoted).
import { encodeUserText as escapeHtml } from '../previews/meta';
import { DELIVERY_TEXT } from './texts';

const paragraphs = (s: string) =>
  escapeHtml(s)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('');

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1f2937;background:linear-gradient(135deg,#f5f3ff,#fdf2f8);min-height:100vh}
main{max-width:760px;margin:0 auto;padding:24px 16px 48px}
.site{font-weight:700;color:#7c3aed;text-decoration:none;font-size:18px}
h1{font-size:28px;line-height:1.25;margin:20px 0 16px}
.card{display:block;width:100%;height:auto;border-radius:16px;box-shadow:0 10px 30px rgba(124,58,237,.18);background:#fff}
.note{margin:20px 0 0;padding:12px 16px;border-left:4px solid #7c3aed;background:#fff;border-radius:8px;color:#4b5563;font-style:italic}
.wish{margin:20px 0;padding:20px;background:#fff;border-radius:16px;font-size:18px;line-height:1.6;box-shadow:0 2px 10px rgba(0,0,0,.05)}
.wish p{margin:0 0 12px}.wish p:last-child{margin:0}
.author{font-weight:600;color:#6b21a8;margin:0 0 24px}
.actions{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
.button{font-family:inherit;display:inline-block;background:#7c3aed;color:#fff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:600;border:0;font-size:16px;cursor:pointer}
.button.secondary{background:#fff;color:#7c3aed;border:2px solid #7c3aed}
.notme{margin-top:40px;font-size:14px;color:#6b7280}
.notme button:not(.button){background:none;border:0;color:#6b7280;text-decoration:underline;cursor:pointer;font-size:14px;padding:0}
.confirm{margin:0 0 20px;padding:16px;background:#fff;border-radius:12px;border:1px solid #e5e7eb;color:#374151;font-size:16px;line-height:1.5}
.confirm p{margin:0 0 12px}
[hidden]{display:none!important}
@media (min-width:900px){main{padding:48px 24px}h1{font-size:36px}}
`;

/**
 * What a recipient came to confirm, when they came for that: "This is not me" from the email, or a
 * mail program's unsubscribe link (a GET of the List-Unsubscribe address lands here). Each shows
 * its question first, and its button posts its own call, so the suppression keeps its reason.
 */
export type ReceivedConfirm = 'not_me' | 'unsubscribe';

const CONFIRMS: Record<ReceivedConfirm, { question: (site: string) => string; button: string }> = {
  not_me: {
    question: (site) => `Did this wish reach the wrong person, or do you want no more wishes from ${site}? This address will receive none again, from anyone.`,
    button: 'This is not me — send no more',
  },
  unsubscribe: {
    question: (site) => `Do you want no more wishes from ${site}? This address will receive none again, from anyone.`,
    button: 'Send no more wishes',
  },
};

export function renderReceivedPage(wish: ReceivedWish, siteName: string, confirm: ReceivedConfirm | null): string {
  const title = `${wish.author} sent you a wish`;
  const replyTo = `/compose?name=${encodeURIComponent(wish.author_first_name || wish.author)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title><link rel="icon" href="data:,">
<style>${STYLE}</style></head>
<body><main data-received="1">
<a class="site" href="/">${escapeHtml(siteName)}</a>
<h1>${wish.recipient_name ? `${escapeHtml(wish.recipient_name)}, ` : ''}${escapeHtml(wish.author)} sent you a wish</h1>
${
    // Whoever followed "This is not me" or an unsubscribe link came for that choice: it comes first.
    confirm
      ? `<div class="confirm" id="notme-confirm"><p>${escapeHtml(CONFIRMS[confirm].question(siteName))}</p><button class="button" type="button" id="notme-button" data-action="${confirm}/">${CONFIRMS[confirm].button}</button></div><p class="confirm" id="notme-done" hidden>${DELIVERY_TEXT.unsubscribed}</p>`
      : ''
  }
<img class="card" src="${escapeHtml(wish.card_url)}" width="1200" height="630" alt="The card of the wish from ${escapeHtml(wish.author)}">
${wish.note ? `<div class="note" data-testid="received-note">${paragraphs(wish.note)}</div>` : ''}
<article class="wish" data-testid="received-text">${paragraphs(wish.text)}</article>
<p class="author">— ${escapeHtml(wish.author)}</p>
<div class="actions">
<a class="button" href="${escapeHtml(replyTo)}">Write one back</a>
<a class="button secondary" href="${escapeHtml(`${wish.card_url}?format=story`)}" download="wish-card.png">Download the card</a>
</div>
${confirm ? '' : `<div class="notme">Not you, or no more wishes? <button type="button" id="notme-button" data-action="not_me/">This is not me</button><p id="notme-done" hidden>${DELIVERY_TEXT.unsubscribed}</p></div>`}
</main>
<script src="/static/w.js" defer></script>
</body></html>`;
}

/** The page of an unknown, cancelled or ended link: the same for each, so it tells nothing apart. */
export const notFoundPage = (siteName: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow"><title>Wish not found | ${escapeHtml(siteName)}</title><link rel="icon" href="data:,">
<style>${STYLE}</style></head><body><main><a class="site" href="/">${escapeHtml(siteName)}</a><h1>${DELIVERY_TEXT.linkNotFound}</h1>
<p>It may have been cancelled, or the wish was deleted.</p></main></body></html>`;
