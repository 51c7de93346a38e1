/**
 * `wishes_search_vector()`: the trigger (before insert, or an update of text or author) that sets
 * a wish's `search_vector` from its text and its author's name ('simple': no stemming, any language).
 */
import type { SqlFunction } from './index';

export const wishesSearchVector: SqlFunction = {
  name: 'wishes_search_vector',
  definition: `create or replace function wishes_search_vector() returns trigger language plpgsql as $$
  begin
    new.search_vector := to_tsvector('simple', coalesce(new.text, '') || ' ' ||
      coalesce((select trim(first_name || ' ' || last_name) from users where id = new.user_id), ''));
    return new;
  end $$`,
};
