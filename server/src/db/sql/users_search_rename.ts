/**
 * `users_search_rename()`: the trigger after a member's name changes; touching their wishes' text
 * makes wishes_search_vector index the new name.
 */
import type { SqlFunction } from './index';

export const usersSearchRename: SqlFunction = {
  name: 'users_search_rename',
  definition: `create or replace function users_search_rename() returns trigger language plpgsql as $$
  begin
    update wishes set text = text where user_id = new.id;
    return new;
  end $$`,
};
