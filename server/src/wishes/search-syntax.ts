/**
 * What a search query becomes for each engine: its terms (no input reaches the full-text syntax),
 * SQLite FTS5's MATCH expression and PostgreSQL's tsquery text.
 */
/**
 * Search terms: runs of letters, digits and combining marks, lower-cased. Everything else
 * (quotes, *, -, parentheses, operators' punctuation) separates terms, and each term is quoted
 * below, so no input can reach the full-text query syntax.
 */
export function searchTerms(query: string): string[] {
  return query
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, 16);
}

/**
 * Terms shorter than this match whole words only. A prefix of one or two letters expands to a
 * large share of the vocabulary ("a*": every word starting with a), which made single-letter
 * searches the most expensive query the site had; typing-as-you-search starts at 3 characters
 * anyway (spec: search minimum), so "a" or "to" now find the word itself.
 */
export const MIN_PREFIX_LENGTH = 3;
const isPrefix = (term: string) => [...term].length >= MIN_PREFIX_LENGTH;

/** FTS5 MATCH expression: every term quoted as a string (prefix-matched from 3 characters), all required. */
export const fts5Query = (terms: string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"${isPrefix(t) ? '*' : ''}`).join(' ');
/** PostgreSQL tsquery text: every term quoted as a lexeme (prefix-matched from 3 characters), all required. */
export const tsQuery = (terms: string[]) => terms.map((t) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${isPrefix(t) ? ':*' : ''}`).join(' & ');

