/**
 * The people a member writes for (operations tagged `people`, docs/people.md): list with the next
 * date, add, change, remove, and import a CSV or vCard file. Routes → service (checks, schedules)
 * → store (SQL). People's addresses are never logged: no handler here logs a body.
 */
import multipart from '@fastify/multipart';
import { PEOPLE_LIMITS } from '@wishes/kit-contract/api';
import { defineRoutes } from '../app/deps';
import { requireUser } from '../platform/auth';
import { toId } from '../platform/params';
import { MINUTE, byIp } from '../platform/ratelimit';
import { limitMarks } from '../previews/card-text';
import { checkPerson, peopleError, peopleListBytes, toPerson, withSchedules, type ScheduleContext } from './service';
import * as store from './store';
import { readImportFile } from './import';
import { PEOPLE_TEXT } from './texts';

/** Whether an Accept-Encoding names gzip without refusing it (`q=0`). */
const acceptsGzip = (header: string | undefined) =>
  !!header &&
  header.split(',').some((part) => {
    const [name, ...params] = part.toLowerCase().split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    return name === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
  });

export default defineRoutes(async (app, deps) => {
  const { db, dialect, config, events, peopleLists } = deps;
  /** After a write to the member's people: their held list is dropped (every process) before the answer. */
  const changed = (userId: number) => events.emit({ kind: 'people.changed', userId });
  // Multipart only in this plugin's scope (the import); every other people call is JSON.
  await app.register(multipart, { limits: { fileSize: PEOPLE_LIMITS.importMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 } });

  const member = async (userId: number) => {
    const m = await store.memberZone(db, userId);
    return m?.time_zone ?? null;
  };
  const personId = (raw: string) => {
    const id = toId(raw);
    if (id === null) throw peopleError(404, PEOPLE_TEXT.notFound);
    return id;
  };
  const context = (person: { time_zone: string | null; remind_days_before: number }, memberZone: string | null): ScheduleContext => ({
    personZone: person.time_zone,
    memberZone,
    daysBefore: person.remind_days_before,
    reminderTime: config.reminderTime,
  });
  const answer = async (userId: number, id: number) => {
    const person = await store.getPerson(db, userId, id);
    if (!person) throw peopleError(404, PEOPLE_TEXT.notFound);
    return { person: toPerson(person, await member(userId), config.reminderTime) };
  };

  return {
    listPeople: {
      handler: async (request, reply) => {
        const userId = requireUser(request);
        // Held bytes (held-lists.ts), sent as they are: no serializing, no string to convert on the
        // write. Gzip'ed here once when the caller accepts it, so compression leaves them alone.
        const gzip = acceptsGzip(request.headers['accept-encoding']);
        const list = await peopleLists.read(userId, gzip, () => peopleListBytes(deps, userId));
        reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
        if (list.gzip) reply.header('Content-Encoding', 'gzip');
        return reply.send(list.body);
      },
    },

    createPerson: {
      rateLimit: [{ max: 120, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        const userId = requireUser(request);
        const checked = checkPerson(request.body);
        const zone = await member(userId);
        const ids = await store.insertPeople(db, dialect, userId, [{ ...checked, occasions: withSchedules(checked.occasions ?? [], context(checked, zone)) }], PEOPLE_LIMITS.maxPeople);
        if (!ids) throw peopleError(400, PEOPLE_TEXT.tooMany(PEOPLE_LIMITS.maxPeople));
        await changed(userId);
        return reply.code(201).send(await answer(userId, ids[0]!));
      },
    },

    updatePerson: {
      handler: async (request) => {
        const userId = requireUser(request);
        const id = personId(request.params.person_id);
        const current = await store.getPerson(db, userId, id);
        if (!current) throw peopleError(404, PEOPLE_TEXT.notFound);
        const checked = checkPerson(request.body, current);
        const zone = await member(userId);
        // A change of zone or days before moves the reminders of the dates kept, too.
        const occasions = checked.occasions ?? current.occasions.map((o) => ({ topic: o.topic, month: o.month, day: o.day, year: o.year }));
        if (!(await store.updatePerson(db, userId, id, checked, withSchedules(occasions, context(checked, zone))))) throw peopleError(404, PEOPLE_TEXT.notFound);
        await changed(userId);
        return answer(userId, id);
      },
    },

    deletePerson: {
      handler: async (request) => {
        const userId = requireUser(request);
        if (!(await store.deletePerson(db, userId, personId(request.params.person_id)))) throw peopleError(404, PEOPLE_TEXT.notFound);
        await changed(userId);
        return { message: PEOPLE_TEXT.deleted };
      },
    },

    importPeople: {
      rateLimit: [{ max: 20, windowMs: MINUTE, key: byIp }],
      handler: async (request) => {
        const userId = requireUser(request);
        if (!request.isMultipart()) throw peopleError(400, PEOPLE_TEXT.notMultipart);
        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname === 'file' && bytes === undefined) bytes = await part.toBuffer();
            else part.file.resume();
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw peopleError(413, PEOPLE_TEXT.tooLarge);
          // Never the file itself in the log: it holds people's addresses.
          request.log.info({ code }, 'unreadable people import');
          throw peopleError(400, PEOPLE_TEXT.notMultipart);
        }
        if (bytes === undefined) throw peopleError(400, PEOPLE_TEXT.missingFile);
        const lines = readImportFile(bytes);
        if (!lines) throw peopleError(400, PEOPLE_TEXT.unknownFormat);
        if (lines.length === 0) throw peopleError(400, PEOPLE_TEXT.noLines);
        const zone = await member(userId);
        const people: store.NewPerson[] = [];
        const refused: Array<{ line: number; reason: string }> = [];
        for (const entry of lines) {
          if ('reason' in entry) refused.push(entry);
          else {
            const base = { name: limitMarks(entry.person.name), email: entry.person.email, audience: null, time_zone: null, remind_days_before: PEOPLE_LIMITS.remindDaysDefault };
            people.push({ ...base, occasions: withSchedules(entry.person.occasions, context(base, zone)) });
          }
        }
        // All or nothing for the limit: a file that would pass it writes no one.
        const ids = people.length > 0 ? await store.insertPeople(db, dialect, userId, people, PEOPLE_LIMITS.maxPeople) : [];
        if (!ids) throw peopleError(400, PEOPLE_TEXT.tooMany(PEOPLE_LIMITS.maxPeople));
        if (ids.length > 0) await changed(userId);
        return { imported: ids.length, refused };
      },
    },
  };
});
