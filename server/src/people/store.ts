/** The people tables (migrations/0022_people.ts): people, their occasions and the reminders sent. */
import { type Kysely, sql } from 'kysely';
import type { Database, Dialect } from '../db/types';
import { nowIso } from '../db/types';

type Db = Kysely<Database>;

/** First key of the two-key advisory lock that makes one member's count and insert of people one step. */
const PEOPLE_LOCK_SPACE = 7032;

export interface OccasionRow {
  id: number;
  person_id: number;
  topic: string;
  month: number;
  day: number;
  year: number | null;
  occasion_date: string;
  remind_at: string;
}

export interface PersonRow {
  id: number;
  user_id: number;
  name: string;
  email: string | null;
  audience: string | null;
  time_zone: string | null;
  remind_days_before: number;
  created_at: string;
}

/** An occasion to write: its fields and its next reminder (service.ts computes it). */
export interface NewOccasion {
  topic: string;
  month: number;
  day: number;
  year: number | null;
  occasion_date: string;
  remind_at: string;
}

export interface NewPerson {
  name: string;
  email: string | null;
  audience: string | null;
  time_zone: string | null;
  remind_days_before: number;
  occasions: NewOccasion[];
}

export async function memberZone(db: Db, userId: number): Promise<{ time_zone: string | null; reminder_emails: number; email: string; first_name: string } | undefined> {
  return db.selectFrom('users').select(['time_zone', 'reminder_emails', 'email', 'first_name']).where('id', '=', userId).executeTakeFirst();
}

export async function listPeople(db: Db, userId: number): Promise<Array<PersonRow & { occasions: OccasionRow[] }>> {
  const people = (await db.selectFrom('people').selectAll().where('user_id', '=', userId).orderBy('name').orderBy('id').execute()) as PersonRow[];
  if (people.length === 0) return [];
  // From the member's people to their dates (both by index), sorted here: ordered by o.id in SQL,
  // SQLite walked every date of every member in id order (~70 ms at 500k dates).
  const occasions = (
    (await db
      .selectFrom('people as p')
      .innerJoin('person_occasions as o', 'o.person_id', 'p.id')
      .selectAll('o')
      .where('p.user_id', '=', userId)
      .execute()) as OccasionRow[]
  ).sort((a, b) => a.id - b.id);
  const byPerson = new Map<number, OccasionRow[]>();
  for (const o of occasions) byPerson.set(o.person_id, [...(byPerson.get(o.person_id) ?? []), o]);
  return people.map((p) => ({ ...p, occasions: byPerson.get(p.id) ?? [] }));
}

export async function getPerson(db: Db, userId: number, id: number): Promise<(PersonRow & { occasions: OccasionRow[] }) | null> {
  const person = (await db.selectFrom('people').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) as PersonRow | undefined;
  if (!person) return null;
  const occasions = (await db.selectFrom('person_occasions').selectAll().where('person_id', '=', id).orderBy('id').execute()) as OccasionRow[];
  return { ...person, occasions };
}

async function insertOccasions(trx: Db, personId: number, occasions: NewOccasion[]) {
  if (occasions.length === 0) return;
  await trx
    .insertInto('person_occasions')
    .values(occasions.map((o) => ({ person_id: personId, topic: o.topic, month: o.month, day: o.day, year: o.year, occasion_date: o.occasion_date, remind_at: o.remind_at })))
    .execute();
}

/**
 * Inserts people unless the member would then have more than `max`: the count and the inserts are
 * one step per member (a PostgreSQL advisory lock for the transaction; SQLite writes one at a time).
 * Returns the new ids, or null when over the limit (nothing written).
 */
export async function insertPeople(db: Db, dialect: Dialect, userId: number, people: NewPerson[], max: number): Promise<number[] | null> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${PEOPLE_LOCK_SPACE}, ${userId})`.execute(trx);
    const row = await trx.selectFrom('people').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (Number(row.n) + people.length > max) return null;
    const ids: number[] = [];
    const now = nowIso();
    for (const p of people) {
      const inserted = await trx
        .insertInto('people')
        .values({ user_id: userId, name: p.name, email: p.email, audience: p.audience, time_zone: p.time_zone, remind_days_before: p.remind_days_before, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertOccasions(trx, inserted.id, p.occasions);
      ids.push(inserted.id);
    }
    return ids;
  });
}

/** Replaces a person's fields (and occasions, when given); false when it is not the member's. */
export async function updatePerson(db: Db, userId: number, id: number, person: Omit<NewPerson, 'occasions'>, occasions: NewOccasion[] | null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('people')
      .set({ name: person.name, email: person.email, audience: person.audience, time_zone: person.time_zone, remind_days_before: person.remind_days_before, updated_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (occasions) {
      await trx.deleteFrom('person_occasions').where('person_id', '=', id).execute();
      await insertOccasions(trx, id, occasions);
    }
    return true;
  });
}

/** Sets an occasion's next reminder (after a change of zone or days before). */
export async function setOccasionSchedule(db: Db, occasionId: number, occasionDate: string, remindAt: string): Promise<void> {
  await db.updateTable('person_occasions').set({ occasion_date: occasionDate, remind_at: remindAt }).where('id', '=', occasionId).execute();
}

export async function deletePerson(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('people').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface DueOccasion extends OccasionRow {
  user_id: number;
  name: string;
  audience: string | null;
  person_zone: string | null;
  remind_days_before: number;
  member_zone: string | null;
  reminder_emails: number;
  member_email: string;
  member_first_name: string;
}

/** Occasions whose reminder instant has come, oldest first. */
export async function dueOccasions(db: Db, now: string, limit: number): Promise<DueOccasion[]> {
  const { rows } = await sql<DueOccasion>`select o.*, p.user_id, p.name, p.audience, p.time_zone as person_zone, p.remind_days_before,
      u.time_zone as member_zone, u.reminder_emails, u.email as member_email, u.first_name as member_first_name
    from person_occasions o join people p on p.id = o.person_id join users u on u.id = p.user_id
    where o.remind_at <= ${now} and u.banned_at is null
    order by o.remind_at, o.id limit ${limit}`.execute(db);
  return rows;
}

/** A reminder to take: the person, the topic and the date it is for (the key of `reminders_sent`). */
export interface ReminderKey {
  person_id: number;
  topic: string;
  occasion_date: string;
}

const keyOrder = (a: ReminderKey, b: ReminderKey) => a.person_id - b.person_id || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0) || (a.occasion_date < b.occasion_date ? -1 : a.occasion_date > b.occasion_date ? 1 : 0);

/**
 * Takes these reminders in one statement (inside the caller's transaction): returns the ones this
 * caller inserted, so a reminder is taken once whichever process or restart tries again.
 */
export async function claimReminders(trx: Db, keys: ReminderKey[]): Promise<ReminderKey[]> {
  if (keys.length === 0) return [];
  const now = nowIso();
  // In one key order: two PostgreSQL transactions taking overlapping batches wait on each other in
  // the same order instead of deadlocking.
  const rows = [...keys].sort(keyOrder).map((k) => ({ person_id: k.person_id, topic: k.topic, occasion_date: k.occasion_date, created_at: now }));
  return trx.insertInto('reminders_sent').values(rows).onConflict((oc) => oc.doNothing()).returning(['person_id', 'topic', 'occasion_date']).execute();
}

/** An occasion moved on: from the date it was at to its next date and reminder. */
export interface OccasionMove {
  id: number;
  from_date: string;
  next_date: string;
  next_remind_at: string;
}

/** Moves these occasions on in one statement, each unless another process already did. */
export async function advanceOccasions(db: Db, dialect: Dialect, moves: OccasionMove[]): Promise<void> {
  if (moves.length === 0) return;
  // A CASE's bound values are text to PostgreSQL: the instant is cast to the column's type there.
  const at = (v: string) => (dialect === 'postgres' ? sql`cast(${v} as timestamptz)` : sql`${v}`);
  const pick = (value: (m: OccasionMove) => ReturnType<typeof sql>) => sql`case id ${sql.join(moves.map((m) => sql`when ${m.id} then ${value(m)}`), sql` `)} end`;
  await sql`update person_occasions
    set occasion_date = ${pick((m) => sql`${m.next_date}`)}, remind_at = ${pick((m) => at(m.next_remind_at))}
    where id in (${sql.join(moves.map((m) => m.id))}) and occasion_date = ${pick((m) => sql`${m.from_date}`)}`.execute(db);
}

/** The member's occasions with what their schedule depends on (a change of the member's zone reschedules them). */
export async function occasionsOfMember(db: Db, userId: number) {
  return db
    .selectFrom('person_occasions as o')
    .innerJoin('people as p', 'p.id', 'o.person_id')
    .select(['o.id', 'o.month', 'o.day', 'p.time_zone as person_zone', 'p.remind_days_before'])
    .where('p.user_id', '=', userId)
    .execute();
}

/** A stored person as the member sees it (the API's person and the export share these fields). */
export const personFields = (p: PersonRow & { occasions: OccasionRow[] }) => ({
  person_id: p.id,
  name: p.name,
  email: p.email,
  audience: p.audience,
  time_zone: p.time_zone,
  remind_days_before: p.remind_days_before,
  occasions: p.occasions.map((o) => ({ topic: o.topic, month: o.month, day: o.day, year: o.year })),
});

/** The member's people for the account export, addresses included (it is their own). */
export async function exportPeople(db: Db, userId: number) {
  const people = await listPeople(db, userId);
  return people.map((p) => ({ ...personFields(p), created_at: p.created_at }));
}
