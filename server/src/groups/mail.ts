/**
 * The mails of group wishes: the invitation and its reminders (each with RFC 8058 one-click
 * unsubscribe for the invitee), the delivery to the recipient, the link for the organiser when
 * there is no recipient address, the "no messages yet" warning and the reply copies. Every text
 * a person wrote is escaped in the HTML part.
 */
import type { MailMessage } from '../mail/mailer';
import type { ContributionRow, GroupRow } from './store';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const paragraphs = (s: string) => escapeHtml(s).split(/\n{2,}/).map((p) => `<p style="margin:0 0 8px">${p.replace(/\n/g, '<br>')}</p>`).join('');
const frame = (body: string) =>
  `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f2937"><div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:16px;padding:24px">${body}</div></body></html>`;
const button = (href: string, label: string) => `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="background:#7c3aed;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;

export const groupLink = (publicUrl: string, token: string) => `${publicUrl}/w/${token}`;
export const inviteeLink = (publicUrl: string, invite: string, inviteeToken: string) => `${publicUrl}/g/${invite}?i=${inviteeToken}`;
export const groupUnsubscribeUrl = (publicUrl: string, inviteeToken: string) => `${publicUrl}/api/groups/unsubscribe/${inviteeToken}/`;

const unsubscribeHeaders = (publicUrl: string, inviteeToken: string) => ({
  'List-Unsubscribe': `<${groupUnsubscribeUrl(publicUrl, inviteeToken)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

interface InviteMail {
  to: string;
  organiserName: string;
  group: GroupRow;
  publicUrl: string;
  inviteeToken: string;
  siteName: string;
}

export function inviteMail(m: InviteMail): MailMessage {
  const link = inviteeLink(m.publicUrl, m.group.invite, m.inviteeToken);
  const stop = groupUnsubscribeUrl(m.publicUrl, m.inviteeToken);
  const line = `${m.organiserName} invites you to sign a group wish for ${m.group.recipient_name} (${m.group.topic}) on ${m.siteName}.`;
  const text = [line, ...(m.group.note ? ['', m.group.note] : []), '', `Add your message: ${link}`, '', `No more mails like this: ${stop}`].join('\n');
  const html = frame(`<p style="margin:0 0 12px">${escapeHtml(line)}</p>${m.group.note ? `<blockquote style="margin:0 0 12px;padding:8px 16px;border-left:4px solid #7c3aed;color:#4b5563">${paragraphs(m.group.note)}</blockquote>` : ''}${button(link, 'Add your message')}<p style="font-size:12px;color:#6b7280;margin:0">No more mails like this? <a href="${escapeHtml(stop)}" style="color:#6b7280">Unsubscribe</a>.</p>`);
  return { to: m.to, subject: `Sign the group wish for ${m.group.recipient_name}`, text, html, headers: unsubscribeHeaders(m.publicUrl, m.inviteeToken) };
}

export function reminderMail(m: InviteMail): MailMessage {
  const link = inviteeLink(m.publicUrl, m.group.invite, m.inviteeToken);
  const stop = groupUnsubscribeUrl(m.publicUrl, m.inviteeToken);
  const line = `The group wish for ${m.group.recipient_name} that ${m.organiserName} started goes out soon, and your message is not in it yet.`;
  const text = [line, '', `Add your message: ${link}`, '', `No more mails like this: ${stop}`].join('\n');
  const html = frame(`<p style="margin:0 0 12px">${escapeHtml(line)}</p>${button(link, 'Add your message')}<p style="font-size:12px;color:#6b7280;margin:0"><a href="${escapeHtml(stop)}" style="color:#6b7280">Unsubscribe</a></p>`);
  return { to: m.to, subject: `Reminder: sign the group wish for ${m.group.recipient_name}`, text, html, headers: unsubscribeHeaders(m.publicUrl, m.inviteeToken) };
}

interface DeliveryMail {
  to: string;
  subject: string;
  group: GroupRow;
  organiserName: string;
  contributions: ContributionRow[];
  publicUrl: string;
  token: string;
  siteName: string;
}

const signer = (c: ContributionRow) => (c.user_id === null ? `${c.signer_name} (guest)` : c.signer_name);

export function deliveryMail(m: DeliveryMail): MailMessage {
  const link = groupLink(m.publicUrl, m.token);
  const greeting = `Hi ${m.group.recipient_name},`;
  const intro = `${m.organiserName} and others wrote you a wish on ${m.siteName}.`;
  const text = [greeting, '', intro, ...(m.group.note ? ['', m.group.note] : []), '', ...m.contributions.flatMap((c) => [`${signer(c)}:`, c.text, '']), `See them all: ${link}`, '', `Not you, or no more wishes? ${link}?not_me=1`].join('\n');
  const items = m.contributions
    .map((c) => `<div style="margin:0 0 12px;padding:12px 16px;background:#faf5ff;border-radius:12px"><p style="margin:0 0 6px;font-weight:bold;color:#6b21a8">${escapeHtml(signer(c))}</p>${paragraphs(c.text)}</div>`)
    .join('');
  const html = frame(`<p style="margin:0 0 12px">${escapeHtml(greeting)}</p><p style="margin:0 0 16px">${escapeHtml(intro)}</p>${m.group.note ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #7c3aed;color:#4b5563">${paragraphs(m.group.note)}</blockquote>` : ''}${items}${button(link, 'Open your wish')}<p style="font-size:12px;color:#6b7280;margin:0">Not you, or no more wishes from ${escapeHtml(m.siteName)}? <a href="${escapeHtml(`${link}?not_me=1`)}" style="color:#6b7280">This is not me</a>.</p>`);
  return {
    to: m.to,
    subject: m.subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${m.publicUrl}/api/base/deliveries/received/${m.token}/unsubscribe/>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

interface OrganiserMail {
  to: string;
  group: GroupRow;
  publicUrl: string;
  siteName: string;
}

export function noEmailMail(m: OrganiserMail & { token: string }): MailMessage {
  const link = groupLink(m.publicUrl, m.token);
  const line = `The group wish for ${m.group.recipient_name} is ready. Pass this link on to them:`;
  return { to: m.to, subject: `Your group wish for ${m.group.recipient_name} is ready to pass on`, text: `${line}\n\n${link}\n`, html: frame(`<p style="margin:0 0 12px">${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`) };
}

export function emptyWarningMail(m: OrganiserMail): MailMessage {
  const manage = `${m.publicUrl}/groups/${m.group.id}`;
  const line = `Your group wish for ${m.group.recipient_name} has no messages yet, so it will not be sent on its date. Add a message, share the invite link, or set a new date.`;
  return { to: m.to, subject: `Your group wish for ${m.group.recipient_name} has no messages yet`, text: `${line}\n\n${manage}\n`, html: frame(`<p style="margin:0 0 12px">${escapeHtml(line)}</p>${button(manage, 'Open the group')}`) };
}

export function replyCopyMail(m: OrganiserMail & { text: string }): MailMessage {
  const line = `${m.group.recipient_name} replied to the group wish on ${m.siteName}:`;
  return { to: m.to, subject: `${m.group.recipient_name} replied to your group wish`, text: `${line}\n\n${m.text}\n`, html: frame(`<p style="margin:0 0 12px">${escapeHtml(line)}</p><blockquote style="margin:0;padding:8px 16px;border-left:4px solid #7c3aed">${paragraphs(m.text)}</blockquote>`) };
}
