import type { ReactNode } from 'react';

/** The words of a search term worth marking (2+ characters), longest first so "cake" wins over "ca". */
export function searchWords(term: string): string[] {
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every case-insensitive occurrence of the term's words wrapped in <mark>. */
export function highlightMatches(text: string, term: string | undefined): ReactNode {
  const words = term ? searchWords(term) : [];
  if (!words.length) return text;
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'giu');
  const parts = text.split(pattern);
  if (parts.length === 1) return text;
  // split() with one capture group puts the matches at the odd indexes.
  return parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part));
}
