/**
 * The email a recipient gets: subject `<Author first name> sent you a wish`, a text and an HTML
 * part holding the note, the wish text, the card (inline image) and the link to /w/{token}, with
 * RFC 8058 one-click unsubscribe headers and a "not me" link.
 */
import type { MailMessage } from '../mail/mailer';
import { ANONYMOUS } from '@wishes/kit-contract/constants';

export interface WishMail {
  to: string;
  recipientName: string;
  authorFirstName: string;
  authorName: string;
  note: string;
  text: string;
  card: Buffer;
  publicUrl: string;
  token: string;
  siteName: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const paragraphs = (s: string) => escapeHtml(s).split(/\n{2,}/).map((p) => `<p style="margin:0 0 12px">${p.replace(/\n/g, '<br>')}</p>`).join('');

export const wishLink = (publicUrl: string, token: string) => `${publicUrl}/w/${token}`;
export const notMeLink = (publicUrl: string, token: string) => `${publicUrl}/w/${token}?not_me=1`;
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/base/deliveries/received/${token}/unsubscribe/`;

export function subjectFor(authorFirstName: string): string {
  return `${authorFirstName.trim() || ANONYMOUS} sent you a wish`;
}

export function buildWishMail(m: WishMail): MailMessage {
  const link = wishLink(m.publicUrl, m.token);
  const notMe = notMeLink(m.publicUrl, m.token);
  const greeting = m.recipientName ? `Hi ${m.recipientName},` : 'Hi,';
  const text = [
    greeting,
    '',
    `${m.authorName} wrote you a wish on ${m.siteName}.`,
    ...(m.note ? ['', m.note] : []),
    '',
    m.text,
    '',
    `See it with its card: ${link}`,
    '',
    `Not you, or no more wishes? ${notMe}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:16px;padding:24px">
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(m.authorName)} wrote you a wish on ${escapeHtml(m.siteName)}.</p>
${m.note ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #7c3aed;color:#4b5563">${paragraphs(m.note)}</blockquote>` : ''}
<a href="${escapeHtml(link)}"><img src="cid:wish-card" alt="The wish's card" width="552" style="width:100%;max-width:552px;border-radius:12px;display:block;margin:0 0 16px"></a>
<div style="font-size:16px;line-height:1.5;margin:0 0 16px">${paragraphs(m.text)}</div>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="background:#7c3aed;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;display:inline-block">Open your wish</a></p>
<p style="font-size:12px;color:#6b7280;margin:0">Not you, or no more wishes from ${escapeHtml(m.siteName)}? <a href="${escapeHtml(notMe)}" style="color:#6b7280">This is not me</a>.</p>
</div></body></html>`;
  return {
    to: m.to,
    subject: subjectFor(m.authorFirstName),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(m.publicUrl, m.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    attachments: [{ filename: 'wish-card.png', content: m.card, contentType: 'image/png', cid: 'wish-card' }],
  };
}

export interface ReplyMail {
  to: string;
  /** Who replied, as the sender named them (or a stand-in). */
  who: string;
  text: string;
  wishText: string;
  publicUrl: string;
  siteName: string;
}

/** The mail telling the sender what the recipient replied: their text (escaped) and the wish it answers. */
export function buildReplyMail(m: ReplyMail): MailMessage {
  const list = `${m.publicUrl}/deliveries`;
  const excerpt = m.wishText.length > 200 ? `${m.wishText.slice(0, 200)}…` : m.wishText;
  const text = [`${m.who} replied to the wish you sent on ${m.siteName}:`, '', m.text, '', `Your wish: ${excerpt}`, '', `Your sent wishes: ${list}`].join('\n');
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:16px;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(m.who)} replied to the wish you sent on ${escapeHtml(m.siteName)}:</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #7c3aed;font-size:16px;line-height:1.5">${paragraphs(m.text)}</blockquote>
<p style="margin:0 0 16px;color:#6b7280;font-size:14px">Your wish: ${escapeHtml(excerpt)}</p>
<p style="margin:0"><a href="${escapeHtml(list)}" style="color:#7c3aed">Your sent wishes</a></p>
</div></body></html>`;
  return { to: m.to, subject: `${m.who} replied to your wish`, text, html };
}
