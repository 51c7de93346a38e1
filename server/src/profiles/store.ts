/**
 * Where profiles and follows are read and written: one interface and, since the SQL is the same on
 * both databases, one Kysely implementation (kysely-store.ts over queries.ts). A database that
 * needs its own SQL gets an implementation of its own beside it, as votes and wishes have.
 */
import type { Profile, Subscription } from '@wishes/kit-contract/api';

/** The member's row as profiles read it. */
export type ProfileUser = {
  id: number;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  avatar_thumbnail: string | null;
  followers_count: number;
  following_count: number;
};

export interface ProfileStore {
  findUser(id: number): Promise<ProfileUser | undefined>;
  /** The profile as the viewer sees it; null when unknown. */
  getProfile(id: number, viewerId: number | null): Promise<Profile | null>;
  /** True when this call created the follow (the row and both counters in one transaction). */
  subscribe(followerId: number, targetId: number): Promise<boolean>;
  /** True when this call removed the follow. */
  unsubscribe(followerId: number, targetId: number): Promise<boolean>;
  listSubscriptions(followerId: number): Promise<{ subscriptions: Subscription[]; count: number }>;
}
