import type { ReactNode } from 'react';
/** The words of a search term worth marking (2+ characters), longest first so "cake" wins over "ca". */
export declare function searchWords(term: string): string[];
/** `text` with every case-insensitive occurrence of the term's words wrapped in <mark>. */
export declare function highlightMatches(text: string, term: string | undefined): ReactNode;
