/**
 * `wishes_feed_bucket()`: the trigger (insert, delete, and updates of is_public/hidden/feed_seq on
 * wishes) that keeps `feed_buckets` exact, the listed wishes per block of 512 feed_seq values
 * (FEED_BUCKET_SIZE, wishes/feeds.ts; the feed's numbering is described in migration 0007).
 */
import type { SqlFunction } from './index';

export const wishesFeedBucket: SqlFunction = {
  name: 'wishes_feed_bucket',
  definition: `create or replace function wishes_feed_bucket() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' and old.is_public = 1 and old.hidden = 0 and old.feed_seq is not null then
      update feed_buckets set listed = listed - 1 where bucket = old.feed_seq / 512;
    end if;
    if tg_op <> 'DELETE' and new.is_public = 1 and new.hidden = 0 and new.feed_seq is not null then
      insert into feed_buckets (bucket, listed) values (new.feed_seq / 512, 1)
        on conflict (bucket) do update set listed = feed_buckets.listed + 1;
    end if;
    return null;
  end $$`,
};
