/**
 * One HTML escaper for text and quoted attribute values, used by the server's pages and link
 * previews and by the feed's first paint (no React here: the server imports it).
 */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
