/**
 * The whole schema. Tables, constraints and indexes are the same on both databases; only the id
 * column type and full-text search differ (SQLite FTS5 table vs PostgreSQL tsvector + GIN), each
 * kept in sync by triggers so application code never has to remember it.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function initialMigration(dialect: Dialect): Migration {
  // SQLite: INTEGER PRIMARY KEY AUTOINCREMENT; PostgreSQL: serial (int4, comes back as a number).
  const idColumn = (db: Kysely<any>, table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));

  return {
    async up(db: Kysely<any>) {
      await idColumn(db, 'users')
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('first_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar_url', 'varchar(500)')
        .addColumn('avatar_thumbnail', 'varchar(500)')
        .addColumn('password_changed_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await idColumn(db, 'wishes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1).check(sql`is_public in (0, 1)`))
        .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('upvote_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('downvote_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Feed: public wishes newest first (id breaks ties); partial so private wishes cost nothing.
      await sql`create index wishes_feed_idx on wishes (created_at desc, id desc) where is_public = 1`.execute(db);
      // A user's wishes newest first, and their posts count.
      await sql`create index wishes_user_idx on wishes (user_id, created_at desc, id desc)`.execute(db);

      await idColumn(db, 'votes')
        .addColumn('wish_id', 'integer', (c) => c.notNull().references('wishes.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('vote_type', 'varchar(8)', (c) => c.notNull().check(sql`vote_type in ('upvote', 'downvote')`))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('votes_wish_user_unique', ['wish_id', 'user_id'])
        .execute();
      // Voters newest first.
      await sql`create index votes_wish_created_idx on votes (wish_id, created_at desc, id desc)`.execute(db);
      await sql`create index votes_user_idx on votes (user_id)`.execute(db);

      await idColumn(db, 'subscriptions')
        .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('target_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('subscriptions_pair_unique', ['follower_id', 'target_id'])
        .addCheckConstraint('subscriptions_not_self', sql`follower_id <> target_id`)
        .execute();
      await sql`create index subscriptions_follower_idx on subscriptions (follower_id, created_at desc, id desc)`.execute(db);
      await sql`create index subscriptions_target_idx on subscriptions (target_id)`.execute(db);

      await idColumn(db, 'complaints')
        .addColumn('wish_id', 'integer', (c) => c.notNull().references('wishes.id').onDelete('cascade'))
        .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reporter_ip', 'varchar(64)')
        .addColumn('reporter_key', 'varchar(80)', (c) => c.notNull())
        .addColumn('category', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('complaints_reporter_unique', ['wish_id', 'reporter_key'])
        .execute();

      await idColumn(db, 'offers')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await idColumn(db, 'password_resets')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await sql`create index password_resets_user_idx on password_resets (user_id)`.execute(db);

      await idColumn(db, 'generation_events')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // Hourly quota: count a user's events newer than an hour ago.
      await sql`create index generation_events_user_idx on generation_events (user_id, created_at)`.execute(db);

      if (dialect === 'sqlite') await sqliteSearch(db);
      else await postgresSearch(db);
    },
  };
}

const AUTHOR_SQLITE = sql.raw(`trim(u.first_name || ' ' || u.last_name)`);

/** FTS5 index of public wishes (text + author name); rowid = wish id. */
async function sqliteSearch(db: Kysely<any>) {
  await sql`create virtual table wishes_fts using fts5(text, author, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger wishes_fts_insert after insert on wishes when new.is_public = 1 begin
      insert into wishes_fts (rowid, text, author) select new.id, new.text, ${AUTHOR_SQLITE} from users u where u.id = new.user_id;
    end`.execute(db);
  await sql`create trigger wishes_fts_delete after delete on wishes begin
      delete from wishes_fts where rowid = old.id;
    end`.execute(db);
  await sql`create trigger wishes_fts_update after update of text, is_public, user_id on wishes begin
      delete from wishes_fts where rowid = old.id;
      insert into wishes_fts (rowid, text, author) select new.id, new.text, ${AUTHOR_SQLITE} from users u where u.id = new.user_id and new.is_public = 1;
    end`.execute(db);
  await sql`create trigger users_fts_rename after update of first_name, last_name on users begin
      delete from wishes_fts where rowid in (select id from wishes where user_id = new.id);
      insert into wishes_fts (rowid, text, author) select w.id, w.text, trim(new.first_name || ' ' || new.last_name) from wishes w where w.user_id = new.id and w.is_public = 1;
    end`.execute(db);
}

/** tsvector column over text + author name ('simple' config: no stemming, any language), GIN-indexed for public wishes. */
async function postgresSearch(db: Kysely<any>) {
  await sql`alter table wishes add column search_vector tsvector`.execute(db);
  await sql`create index wishes_search_idx on wishes using gin (search_vector) where is_public = 1`.execute(db);
  await sql`create function wishes_search_vector() returns trigger language plpgsql as $$
    begin
      new.search_vector := to_tsvector('simple', coalesce(new.text, '') || ' ' ||
        coalesce((select trim(first_name || ' ' || last_name) from users where id = new.user_id), ''));
      return new;
    end $$`.execute(db);
  await sql`create trigger wishes_search_vector_trigger before insert or update of text, user_id on wishes
    for each row execute function wishes_search_vector()`.execute(db);
  await sql`create function users_search_rename() returns trigger language plpgsql as $$
    begin
      update wishes set text = text where user_id = new.id;
      return new;
    end $$`.execute(db);
  await sql`create trigger users_search_rename_trigger after update of first_name, last_name on users
    for each row when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
    execute function users_search_rename()`.execute(db);
}
