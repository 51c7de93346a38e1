/**
 * Canary counting by client address (releases/canary-count.ts): `canary_addresses` holds, per
 * canary release and kind (`load`: its module mounted; `error`: a report), each client address
 * (keyed, never stored in the clear) with the last time it counted, so an address counts at most
 * once per window whatever it sends. Page loads no longer count, so `canary_loads` (one row per
 * page served a canary) goes.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function canaryAddressesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const ms = dialect === 'postgres' ? sql.raw('bigint') : sql.raw('integer');
      await sql`create table canary_addresses (
        remote text not null,
        release_id text not null,
        kind text not null check (kind in ('load', 'error')),
        address text not null,
        seen_ms ${ms} not null,
        primary key (remote, release_id, kind, address)
      )`.execute(db);
      await sql`create index canary_addresses_seen_idx on canary_addresses (remote, release_id, kind, seen_ms)`.execute(db);
      await sql`drop table canary_loads`.execute(db);
    },
  };
}
