/**
 * The recipient's page GET /w/{token}, drawn whole by the server (no app bundle needed to read a
 * wish): the card, the note, the wish text and its author, "Write one back", and the "not me"
 * choice. /static/w.js sends the opened beacon once the page is shown and handles the buttons.
 */
import type { DeliveryReply, ReceivedWish } from '@wishes/kit-contract/api';
import { DELIVERY } from '@wishes/kit-contract/constants';
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
.board{list-style:none;margin:20px 0;padding:0;display:grid;gap:12px;grid-template-columns:minmax(0,1fr);align-items:start}
.board li{margin:0;padding:16px 18px;background:#fff;border-radius:14px;box-shadow:0 2px 10px rgba(0,0,0,.05);overflow-wrap:anywhere;min-width:0}
.board .who{margin:0 0 6px;font-weight:600;color:#6b21a8}
.board .guest{font-weight:400;color:#6b7280;font-size:14px}
.board .msg p{margin:0 0 8px;line-height:1.55}.board .msg p:last-child{margin:0}
@media (min-width:720px){.board.many{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:1100px){main.wide{max-width:1120px}.board.many{grid-template-columns:repeat(3,minmax(0,1fr))}}
.notme{margin-top:40px;font-size:14px;color:#6b7280}
.notme button:not(.button){background:none;border:0;color:#6b7280;text-decoration:underline;cursor:pointer;font-size:14px;padding:0}
.confirm{margin:0 0 20px;padding:16px;background:#fff;border-radius:12px;border:1px solid #e5e7eb;color:#374151;font-size:16px;line-height:1.5}
.confirm p{margin:0 0 12px}
.reply{margin:32px 0 0;padding:20px;background:#fff;border-radius:16px;box-shadow:0 2px 10px rgba(0,0,0,.05)}
.reply h2{font-size:20px;margin:0 0 4px}.reply .hint{margin:0 0 12px;color:#6b7280;font-size:14px}
.reply label{display:block;font-weight:600;margin:0 0 6px}
.reply textarea{width:100%;min-height:96px;font:inherit;font-size:16px;padding:10px 12px;border:1px solid #d1d5db;border-radius:10px;resize:vertical}
.reply textarea:focus{outline:2px solid #7c3aed;outline-offset:1px}
.reply .row{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin-top:12px}
.reply .error{color:#b91c1c;margin:8px 0 0}
.replies{list-style:none;margin:16px 0 0;padding:0}
.replies li{padding:12px 14px;border:1px solid #ede9fe;background:#faf5ff;border-radius:10px;margin:0 0 8px;white-space:pre-wrap;overflow-wrap:anywhere}
.replies li button{display:block;margin-top:6px;background:none;border:0;color:#6b21a8;text-decoration:underline;cursor:pointer;font-size:14px;padding:0;font-family:inherit}
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

/** One of the recipient's standing replies, with its take-back button (w.js builds the same for a new one). */
const replyItem = (r: DeliveryReply) => `<li data-reply-id="${r.reply_id}">${escapeHtml(r.text)}<button type="button" data-take-back="${r.reply_id}">${DELIVERY_TEXT.takeBack}</button></li>`;

/**
 * The reply form and the recipient's replies still standing; none when the link takes no replies
 * (after "not me" or an unsubscribe: `replies` null).
 */
function replySection(wish: ReceivedWish, replies: DeliveryReply[]): string {
  const to = escapeHtml(wish.author_first_name || wish.author);
  return `<section class="reply" aria-labelledby="reply-title">
<h2 id="reply-title">Reply to ${to}</h2>
<p class="hint">${wish.group ? `Only ${to} and the people who signed see your reply.` : `Only ${to} sees your reply.`} You can take it back.</p>
<form id="reply-form">
<label for="reply-text">Your reply</label>
<textarea id="reply-text" name="text" maxlength="${DELIVERY.replyMax}" required aria-describedby="reply-error"></textarea>
<div class="row"><button class="button" type="submit" id="reply-send">Send reply</button><button class="button secondary" type="button" id="reply-thanks" data-text="Thank you so much! ❤️">Thank you! ❤️</button></div>
<p class="error" id="reply-error" role="alert" hidden></p>
</form>
<p id="reply-done" role="status" hidden>${DELIVERY_TEXT.replySent}</p>
<ul class="replies" id="replies" aria-label="Your replies">${replies.map(replyItem).join('')}</ul>
</section>`;
}

/** Past this many messages a group's page lays them out as a board (columns on wide screens). */
const BOARD_FROM = 6;

/** A group's messages, each whole, with its signer (guests marked). */
function groupMessages(group: NonNullable<ReceivedWish['group']>): string {
  const items = group.contributions
    .map((c) => `<li><p class="who">${escapeHtml(c.signer_name)}${c.guest ? ' <span class="guest">(guest)</span>' : ''}</p><div class="msg">${paragraphs(c.text)}</div></li>`)
    .join('');
  return `<ul class="board${group.contributions.length > BOARD_FROM ? ' many' : ''}" data-testid="group-messages" aria-label="Messages">${items}</ul>`;
}

export function renderReceivedPage(wish: ReceivedWish, siteName: string, confirm: ReceivedConfirm | null, replies: DeliveryReply[] | null = null): string {
  const group = wish.group;
  const others = group ? group.contributions.length - 1 : 0;
  const from = group && others > 0 ? `${wish.author} and ${others === 1 ? '1 other' : `${others} others`}` : wish.author;
  const title = `${from} sent you a wish`;
  const replyTo = `/compose?name=${encodeURIComponent(wish.author_first_name || wish.author)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title><link rel="icon" href="data:,">
<style>${STYLE}</style></head>
<body><main data-received="1"${group && group.contributions.length > BOARD_FROM ? ' class="wide"' : ''}>
<a class="site" href="/">${escapeHtml(siteName)}</a>
<h1>${wish.recipient_name ? `${escapeHtml(wish.recipient_name)}, ` : ''}${escapeHtml(from)} sent you a wish</h1>
${
    // Whoever followed "This is not me" or an unsubscribe link came for that choice: it comes first.
    confirm
      ? `<div class="confirm" id="notme-confirm"><p>${escapeHtml(CONFIRMS[confirm].question(siteName))}</p><button class="button" type="button" id="notme-button" data-action="${confirm}/">${CONFIRMS[confirm].button}</button></div><p class="confirm" id="notme-done" hidden>${DELIVERY_TEXT.unsubscribed}</p>`
      : ''
  }
<img class="card" src="${escapeHtml(wish.card_url)}" width="1200" height="630" alt="The card of the wish from ${escapeHtml(from)}">
${wish.note ? `<div class="note" data-testid="received-note">${paragraphs(wish.note)}</div>` : ''}
${group ? groupMessages(group) : `<article class="wish" data-testid="received-text">${paragraphs(wish.text)}</article>
<p class="author">— ${escapeHtml(wish.author)}</p>`}
<div class="actions">
<a class="button" href="${escapeHtml(replyTo)}">Write one back</a>
<a class="button secondary" href="${escapeHtml(`${wish.card_url}?format=story`)}" download="wish-card.png">Download the card</a>
</div>
${replies && !confirm ? replySection(wish, replies) : ''}
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
