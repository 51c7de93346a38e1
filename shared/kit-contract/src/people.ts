/**
 * The people a member writes for, their dates and the reminders before them (docs/people.md).
 * Local date-times (`send_at_local`) are read in a `time_zone`; see deliveries.ts for sending.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PEOPLE_LIMITS = {
  /** People per member; one more is 400, checked and written in one step. */
  maxPeople: 500,
  nameMax: 150,
  emailMax: 254,
  audienceMax: 100,
  topicMax: 100,
  timeZoneMax: 64,
  occasionsMax: 20,
  remindDaysMax: 60,
  remindDaysDefault: 7,
  /** The import file's size. */
  importMaxBytes: 1024 * 1024,
} as const;

export const OccasionSchema = Type.Object({
  topic: Type.String({ minLength: 1, maxLength: PEOPLE_LIMITS.topicMax }),
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  day: Type.Integer({ minimum: 1, maximum: 31 }),
  year: Type.Optional(Nullable(Type.Integer({ minimum: 1800, maximum: 2200 }))),
});
export type Occasion = Static<typeof OccasionSchema>;

export const NextOccasionSchema = Type.Object({
  topic: Type.String(),
  /** YYYY-MM-DD in the person's time zone. */
  date: Type.String(),
  /** The instant of the reminder (UTC). */
  remind_at: Type.String(),
});

export const PersonSchema = Type.Object({
  person_id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  audience: Nullable(Type.String()),
  time_zone: Nullable(Type.String()),
  remind_days_before: Type.Integer(),
  occasions: Type.Array(Type.Object({ topic: Type.String(), month: Type.Integer(), day: Type.Integer(), year: Nullable(Type.Integer()) })),
  next_occasion: Nullable(NextOccasionSchema),
});
export type Person = Static<typeof PersonSchema>;

export const PeopleListSchema = Type.Object({ people: Type.Array(PersonSchema) });
export type PeopleList = Static<typeof PeopleListSchema>;

export const PersonResponseSchema = Type.Object({ person: PersonSchema });

export const CreatePersonRequestSchema = Type.Object({
  name: Type.String({ maxLength: PEOPLE_LIMITS.nameMax }),
  email: Type.Optional(Nullable(Type.String({ maxLength: PEOPLE_LIMITS.emailMax }))),
  audience: Type.Optional(Nullable(Type.String({ maxLength: PEOPLE_LIMITS.audienceMax }))),
  time_zone: Type.Optional(Nullable(Type.String({ maxLength: PEOPLE_LIMITS.timeZoneMax }))),
  occasions: Type.Array(OccasionSchema, { maxItems: PEOPLE_LIMITS.occasionsMax }),
  remind_days_before: Type.Optional(Type.Integer({ minimum: 0, maximum: PEOPLE_LIMITS.remindDaysMax })),
});
export type CreatePersonRequest = Static<typeof CreatePersonRequestSchema>;

export const UpdatePersonRequestSchema = Type.Partial(CreatePersonRequestSchema);
export type UpdatePersonRequest = Static<typeof UpdatePersonRequestSchema>;

export const PersonParamSchema = Type.Object({ person_id: Type.String({ maxLength: 32 }) });

export const ImportPeopleBodySchema = Type.Object({ file: Type.String({ format: 'binary', description: 'A CSV file with the header `name,email,birthday`, or vCard 3 or 4; at most 1 MB.' }) });

export const ImportPeopleResponseSchema = Type.Object({
  imported: Type.Integer(),
  refused: Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() })),
});
export type ImportPeopleResponse = Static<typeof ImportPeopleResponseSchema>;
