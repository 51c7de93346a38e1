/**
 * /people: the people the member writes for, with their next date (exposed as mf_profile/PeoplePage):
 * add, edit, remove, import a CSV or vCard file (docs/people.md). A reminder comes before each date.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, call, useDocumentTitle, useQuery, useQueryClient } from '@wishes/kit-client';
import { Button, EmptyState, ErrorState, Spinner, browserZone, zoneList } from '@wishes/kit-ui';
import { toast } from '@wishes/kit-session';
import { type Person } from '@wishes/kit-contract';
import './people.css';

export const PEOPLE_TEXT = {
  title: 'People',
  lead: 'The people you write for and their dates. A reminder comes before each date, with a link to write them a wish.',
  empty: 'No one here yet. Add someone, or import a CSV or vCard file.',
  failed: 'Could not load your people.',
  add: 'Add a person',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  removed: (name: string) => `${name} was removed.`,
  saved: (name: string) => `${name} was saved.`,
  name: 'Name',
  email: 'Email (optional)',
  audience: 'Who they are to you (optional)',
  zone: 'Their time zone',
  occasion: 'Occasion',
  date: 'Date',
  year: 'Year (optional)',
  remind: 'Remind me, days before',
  next: (topic: string, date: string) => `Next: ${topic}, ${date}`,
  noDate: 'No date yet',
  write: 'Write a wish',
  importTitle: 'Import',
  importLead: 'A CSV file with the header name,email,birthday, or a vCard file (at most 1 MB).',
  importButton: 'Import file',
  imported: (n: number) => `${n} ${n === 1 ? 'person' : 'people'} imported.`,
  refusedLine: (line: number, reason: string) => `Line ${line}: ${reason}`,
  generic: 'Something went wrong. Please try again.',
} as const;

const QUERY_KEY = ['people'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const TOPICS = ['Birthday', 'Anniversary', 'Wedding', 'Graduation', 'Retirement'];

/** "14 March 2027" in the reader's locale, without a time. */
export const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const errorOf = (error: unknown) => (error instanceof ApiError && error.message ? error.message : PEOPLE_TEXT.generic);

interface Draft {
  name: string;
  email: string;
  audience: string;
  time_zone: string;
  topic: string;
  month: string;
  day: string;
  year: string;
  remind_days_before: string;
}

const draftOf = (p?: Person): Draft => {
  const o = p?.occasions[0];
  return {
    name: p?.name ?? '',
    email: p?.email ?? '',
    audience: p?.audience ?? '',
    time_zone: p?.time_zone ?? browserZone(),
    topic: o?.topic ?? 'Birthday',
    month: o ? String(o.month) : '',
    day: o ? String(o.day) : '',
    year: o?.year ? String(o.year) : '',
    remind_days_before: String(p?.remind_days_before ?? 7),
  };
};

function PersonForm({ person, onDone }: { person?: Person; onDone: () => void }) {
  const ids = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(person));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const occasions = draft.month && draft.day ? [{ topic: draft.topic, month: Number(draft.month), day: Number(draft.day), ...(draft.year ? { year: Number(draft.year) } : {}) }] : [];
    // Other occasions of the person stay as they are; the form edits the first.
    const rest = person?.occasions.slice(1).map((o) => ({ topic: o.topic, month: o.month, day: o.day, year: o.year })) ?? [];
    const body = {
      name: draft.name.trim(),
      email: draft.email.trim() || null,
      audience: draft.audience.trim() || null,
      time_zone: draft.time_zone || null,
      occasions: [...occasions, ...rest],
      remind_days_before: Math.max(0, Math.min(60, Number(draft.remind_days_before) || 0)),
    };
    setBusy(true);
    try {
      if (person) await call('updatePerson', { params: { person_id: String(person.person_id) }, body });
      else await call('createPerson', { body });
      toast.success(PEOPLE_TEXT.saved(body.name));
      await client.invalidateQueries({ queryKey: QUERY_KEY });
      onDone();
    } catch (failure) {
      setError(errorOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="profile-people__form" onSubmit={(event) => void submit(event)} noValidate aria-label={person ? `${PEOPLE_TEXT.edit} ${person.name}` : PEOPLE_TEXT.add}>
      <div className="profile-people__grid">
        <label htmlFor={`${ids}-name`}>{PEOPLE_TEXT.name}</label>
        <input id={`${ids}-name`} className="w-input" value={draft.name} onChange={set('name')} maxLength={150} required autoComplete="off" />
        <label htmlFor={`${ids}-email`}>{PEOPLE_TEXT.email}</label>
        <input id={`${ids}-email`} className="w-input" type="email" value={draft.email} onChange={set('email')} maxLength={254} autoComplete="off" />
        <label htmlFor={`${ids}-audience`}>{PEOPLE_TEXT.audience}</label>
        <input id={`${ids}-audience`} className="w-input" value={draft.audience} onChange={set('audience')} maxLength={100} placeholder="Friend" />
        <label htmlFor={`${ids}-zone`}>{PEOPLE_TEXT.zone}</label>
        <select id={`${ids}-zone`} className="w-input" value={draft.time_zone} onChange={set('time_zone')}>
          {zoneList().map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-topic`}>{PEOPLE_TEXT.occasion}</label>
        <select id={`${ids}-topic`} className="w-input" value={draft.topic} onChange={set('topic')}>
          {[...new Set([draft.topic, ...TOPICS])].map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <span id={`${ids}-date`}>{PEOPLE_TEXT.date}</span>
        <div className="profile-people__date" role="group" aria-labelledby={`${ids}-date`}>
          <select aria-label="Month" className="w-input" value={draft.month} onChange={set('month')}>
            <option value="">Month</option>
            {MONTHS.map((m, i) => (
              <option key={m} value={i + 1}>
                {m}
              </option>
            ))}
          </select>
          <select aria-label="Day" className="w-input" value={draft.day} onChange={set('day')}>
            <option value="">Day</option>
            {Array.from({ length: 31 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
          <input aria-label={PEOPLE_TEXT.year} className="w-input" inputMode="numeric" placeholder="Year" value={draft.year} onChange={set('year')} maxLength={4} />
        </div>
        <label htmlFor={`${ids}-remind`}>{PEOPLE_TEXT.remind}</label>
        <input id={`${ids}-remind`} className="w-input" type="number" min={0} max={60} value={draft.remind_days_before} onChange={set('remind_days_before')} />
      </div>
      {error ? (
        <p className="profile-people__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="profile-people__actions">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {PEOPLE_TEXT.save}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {PEOPLE_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

function ImportForm() {
  const ids = useId();
  const client = useQueryClient();
  const [report, setReport] = useState<{ imported: number; refused: Array<{ line: number; reason: string }> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setReport(null);
    const form = new FormData();
    form.append('file', file);
    try {
      const answer = await call('importPeople', { body: form });
      setReport(answer);
      toast.success(PEOPLE_TEXT.imported(answer.imported));
      await client.invalidateQueries({ queryKey: QUERY_KEY });
    } catch (failure) {
      setError(errorOf(failure));
    }
  };
  return (
    <section className="profile-people__import" aria-labelledby={`${ids}-import`}>
      <h2 id={`${ids}-import`} className="profile-people__heading">
        {PEOPLE_TEXT.importTitle}
      </h2>
      <p className="profile-people__lead">{PEOPLE_TEXT.importLead}</p>
      <label className="profile-people__file">
        <span>{PEOPLE_TEXT.importButton}</span>
        <input type="file" accept=".csv,.vcf,text/csv,text/vcard" onChange={(event) => void upload(event.target.files?.[0])} />
      </label>
      {error ? (
        <p className="profile-people__error" role="alert">
          {error}
        </p>
      ) : null}
      {report?.refused.length ? (
        <ul className="profile-people__refused" aria-label="Lines not imported">
          {report.refused.map((r) => (
            <li key={r.line}>{PEOPLE_TEXT.refusedLine(r.line, r.reason)}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export default function PeoplePage() {
  useDocumentTitle(PEOPLE_TEXT.title);
  const client = useQueryClient();
  const people = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => call('listPeople', { signal }) });
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const remove = async (p: Person) => {
    try {
      await call('deletePerson', { params: { person_id: String(p.person_id) } });
      toast.success(PEOPLE_TEXT.removed(p.name));
      await client.invalidateQueries({ queryKey: QUERY_KEY });
    } catch (failure) {
      toast.error(errorOf(failure));
    }
  };

  const list = people.data?.people ?? [];
  // Soonest date first; people without one last.
  const sorted = [...list].sort((a, b) => (a.next_occasion?.date ?? '9999').localeCompare(b.next_occasion?.date ?? '9999') || a.name.localeCompare(b.name));

  return (
    <section className="profile-people" aria-labelledby="people-title">
      <h1 id="people-title" className="profile-people__title">
        {PEOPLE_TEXT.title}
      </h1>
      <p className="profile-people__lead">{PEOPLE_TEXT.lead}</p>
      {editing === 'new' ? (
        <PersonForm onDone={() => setEditing(null)} />
      ) : (
        <Button onClick={() => setEditing('new')}>{PEOPLE_TEXT.add}</Button>
      )}
      {people.isPending ? <Spinner label="Loading..." /> : null}
      {people.isError ? <ErrorState message={PEOPLE_TEXT.failed} onRetry={() => void people.refetch()} /> : null}
      {people.isSuccess && list.length === 0 ? <EmptyState>{PEOPLE_TEXT.empty}</EmptyState> : null}
      {sorted.length ? (
        <ul className="profile-people__list">
          {sorted.map((p) => (
            <li key={p.person_id} className="profile-people__item" data-testid="person">
              {editing === p.person_id ? (
                <PersonForm person={p} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <div className="profile-people__who">
                    <strong>{p.name}</strong>
                    <span className="profile-people__meta">{[p.audience, p.email, p.time_zone].filter(Boolean).join(' · ')}</span>
                    <span className="profile-people__next">{p.next_occasion ? PEOPLE_TEXT.next(p.next_occasion.topic, longDate(p.next_occasion.date)) : PEOPLE_TEXT.noDate}</span>
                  </div>
                  <div className="profile-people__actions">
                    {p.next_occasion ? <Link to={`/compose/${encodeURIComponent(p.next_occasion.topic)}?person=${p.person_id}`}>{PEOPLE_TEXT.write}</Link> : null}
                    <Button variant="secondary" onClick={() => setEditing(p.person_id)}>
                      {PEOPLE_TEXT.edit}
                    </Button>
                    <Button variant="ghost" onClick={() => void remove(p)} aria-label={`${PEOPLE_TEXT.remove} ${p.name}`}>
                      {PEOPLE_TEXT.remove}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ImportForm />
    </section>
  );
}
