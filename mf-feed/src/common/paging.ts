import type { Wish } from '@wishes/kit-contract';

/** The next page number of a feed or search page; the spec also allows `nextPage`. null = no more. */
export function nextPageOf(page: { next_page_number?: number | null; nextPage?: number | null }): number | null {
  const next = page.next_page_number ?? page.nextPage ?? null;
  return typeof next === 'number' ? next : null;
}

/** Appends `incoming` to `current`, skipping wishes already listed (pages can overlap as new wishes arrive). */
export function appendUnique(current: Wish[], incoming: Wish[]): Wish[] {
  const seen = new Set(current.map((wish) => wish.id));
  const added = incoming.filter((wish) => {
    if (seen.has(wish.id)) return false;
    seen.add(wish.id);
    return true;
  });
  return added.length ? [...current, ...added] : current;
}
