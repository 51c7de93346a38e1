import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { API_ERRORS, ApiError, call, queryKeys, send, useMutation, useQuery, useSessionUser, useWishMutation } from '@wishes/kit-client';
import { Button, Icon, useFormFields, useSubmit, zoneList } from '@wishes/kit-ui';
import { DELIVERY, toast } from '@wishes/kit-session';
import { keepPreviousData } from '@tanstack/react-query';
import { type Wish } from '@wishes/kit-contract';
import './deliver.css';

export const DELIVER_TEXTS = {
  cardTitle: 'Card',
  theme: 'Theme',
  download: 'Download story card',
  sendTitle: 'Send to…',
  sendLead: 'Email this wish to the person it is for, now or on a date.',
  name: 'Their name',
  email: 'Their email',
  note: 'A note (optional)',
  when: 'When',
  now: 'Now',
  later: 'On a date',
  at: 'Date and time',
  zone: (zone: string) => `Times are in your time zone: ${zone}.`,
  theirZone: 'Their time zone',
  atIn: (zone: string) => `At this time in ${placeOf(zone)}.`,
  send: 'Send',
  sendLater: 'Schedule',
  sent: (name: string) => `Your wish is on its way to ${name}.`,
  outbox: (name: string) => `Your wish for ${name} was written to this site's outbox: this site does not send mail, so it was not mailed.`,
  scheduled: (name: string, when: string) => `Your wish will reach ${name} on ${when}.`,
  badEmail: 'Enter a valid email address.',
  badTime: 'Pick a date and time in the future.',
  list: 'Your sent wishes',
  themeSaved: 'Card theme saved.',
} as const;

/** The browser's time zone, named plainly (e.g. "Europe/Berlin"), for the date field's label. */
export function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'your local time';
  } catch {
    return 'your local time';
  }
}

/** "Australia/Sydney" → "Sydney": the place a zone is named after. */
export const placeOf = (zone: string) => zone.split('/').pop()!.replace(/_/g, ' ');

/** A `datetime-local` value (the sender's wall clock) → ISO UTC, or null when empty or unreadable. */
export function localToIso(value: string): string | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function downloadBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A wish's card as a PNG, with the caller's token (the author's private wishes too). */
async function fetchCard(wishId: number, theme: string, format: 'og' | 'square' | 'story', signal?: AbortSignal): Promise<Blob> {
  const response = await send('getWishCard', { params: { id: wishId }, query: { theme, format }, accept: 'image/png', signal });
  if (!response.ok) throw new ApiError(API_ERRORS.card, response.status);
  return response.blob();
}

/**
 * For the wish's author, under the wish: its card (theme picker, preview, Download) and "Send to…"
 * (name, email, note, now or a date in the sender's time zone). Nothing shows for anyone else.
 * `openSend` opens the form at once (after saving in compose), `initialName` fills the name.
 */
export function WishDeliverSection({ wish, openSend = false, initialName = '', personId = null }: { wish: Wish; openSend?: boolean; initialName?: string; personId?: number | null }) {
  const me = useSessionUser();
  const own = me?.userId != null && me.userId === wish.user_id;
  const [theme, setTheme] = useState(wish.card_theme ?? 'classic');
  const [sendOpen, setSendOpen] = useState(openSend);
  const ids = useId();
  const textVersion = `${wish.text}|${wish.edited_at ?? ''}`;

  const themes = useQuery({ queryKey: queryKeys.cardThemes(), queryFn: ({ signal }) => call('listCardThemes', { signal }), enabled: own }).data ?? [];
  // The preview of the chosen theme; the last one stays up while the next draws.
  const card = useQuery({
    queryKey: queryKeys.wishCard(wish.id, theme, 'og', textVersion),
    queryFn: ({ signal }) => fetchCard(wish.id, theme, 'og', signal),
    enabled: own,
    placeholderData: keepPreviousData,
  });
  const blob = card.isError ? null : (card.data ?? null);
  const preview = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  // The saved theme patches every cached copy of the wish.
  const saveTheme = useWishMutation({
    mutationFn: (name: string) => call('updateWish', { params: { id: wish.id }, body: { card_theme: name } }),
    settled: (answer) => answer.wish,
    onSuccess: () => toast.success(DELIVER_TEXTS.themeSaved),
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not save the theme.'),
  });
  const download = useMutation({
    mutationFn: () => fetchCard(wish.id, theme, 'story'),
    onSuccess: (story) => downloadBlob(story, `wish-${wish.id}-story.png`),
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not draw the card.'),
  });

  if (!own) return null;

  const pickTheme = (name: string) => {
    setTheme(name);
    saveTheme.mutate(name);
  };

  return (
    <section className="feed-deliver" aria-labelledby={`${ids}-card`}>
      <div className="feed-deliver__card">
        <h2 id={`${ids}-card`} className="feed-deliver__title">
          {DELIVER_TEXTS.cardTitle}
        </h2>
        {preview ? <img className="feed-deliver__preview" src={preview} alt="The wish's card" width={1200} height={630} /> : <div className="feed-deliver__preview feed-deliver__preview--empty" />}
        <div className="feed-deliver__row">
          <label className="feed-deliver__label" htmlFor={`${ids}-theme`}>
            {DELIVER_TEXTS.theme}
          </label>
          <select id={`${ids}-theme`} className="feed-deliver__select" value={theme} onChange={(event) => pickTheme(event.target.value)}>
            {(themes.length ? themes : [{ name: theme, title: theme }]).map((t) => (
              <option key={t.name} value={t.name}>
                {t.title}
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending} icon={<Icon name="upload" flip="vertical" size={18} />}>
            {DELIVER_TEXTS.download}
          </Button>
        </div>
      </div>
      <div className="feed-deliver__send">
        {sendOpen ? (
          <SendForm wishId={wish.id} initialName={initialName} personId={personId} onDone={() => setSendOpen(false)} />
        ) : (
          <div className="feed-deliver__row">
            <Button onClick={() => setSendOpen(true)} icon={<Icon name="share" size={18} />}>
              {DELIVER_TEXTS.sendTitle}
            </Button>
            <Link className="feed-deliver__link" to="/deliveries">
              {DELIVER_TEXTS.list}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

function SendForm({ wishId, initialName, personId, onDone }: { wishId: number; initialName: string; personId: number | null; onDone: () => void }) {
  const ids = useId();
  const form = useFormFields({ name: initialName, email: '', note: '', at: '' }, { idPrefix: `${ids}-` });
  const { name, email, note, at } = form.values;
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const zone = timeZoneName();
  // The time is read on the recipient's clock: their zone (the person's, or the sender's own by default).
  const [theirZone, setTheirZone] = useState(zone);
  const zones = useMemo(() => zoneList(), []);

  useEffect(() => emailRef.current?.focus(), []);

  // Sent from a person (a reminder's compose link): their address, name and zone, and their date at 09:00.
  const { set: setField } = form;
  useEffect(() => {
    if (!personId) return;
    let live = true;
    call('listPeople')
      .then(({ people }) => {
        const person = people.find((p) => p.person_id === personId);
        if (!live || !person) return;
        // The form opens empty but for the name compose gave: these fill what is not there yet.
        if (!initialName) setField('name', person.name);
        if (person.email) setField('email', person.email);
        if (person.next_occasion) setField('at', `${person.next_occasion.date}T09:00`);
        if (person.time_zone) setTheirZone(person.time_zone);
        if (person.next_occasion) setWhen('later');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [personId, setField, initialName]);

  /** The local time to send at (`YYYY-MM-DDTHH:MM` on the recipient's clock), undefined for now; null after showing why the form cannot go. */
  const sendAtOrError = (): string | undefined | null => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(DELIVER_TEXTS.badEmail);
      return null;
    }
    if (when !== 'later') return undefined;
    // The browser can only tell "past" on its own clock; the server reads the time in their zone and says.
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(at) || (theirZone === zone && (localToIso(at) === null || new Date(localToIso(at)!).getTime() <= Date.now()))) {
      setError(DELIVER_TEXTS.badTime);
      return null;
    }
    return at;
  };
  const { busy, submit } = useSubmit(
    async () => {
      const sendAt = sendAtOrError() ?? undefined;
      setError(null);
      try {
        const time = sendAt ? { send_at_local: sendAt, time_zone: theirZone } : {};
        const result = await call('sendWish', { params: { id: wishId }, body: { recipient_email: email.trim(), recipient_name: name.trim(), note: note.trim(), ...time, ...(personId ? { person_id: personId } : {}) } });
        const who = name.trim() || email.trim();
        const shown = (iso: string) => `${new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: theirZone })}${theirZone === zone ? '' : ` in ${placeOf(theirZone)}`}`;
        if (result.status === 'outbox') toast.info(DELIVER_TEXTS.outbox(who));
        else toast.success(result.status === 'sent' || !sendAt ? DELIVER_TEXTS.sent(who) : DELIVER_TEXTS.scheduled(who, shown(result.send_at)));
        onDone();
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : 'Could not send the wish. Please try again.');
      }
    },
    { validate: () => sendAtOrError() !== null },
  );

  return (
    <form className="feed-deliver__form" onSubmit={(event) => void submit(event)} aria-labelledby={`${ids}-send`} noValidate>
      <h2 id={`${ids}-send`} className="feed-deliver__title">
        {DELIVER_TEXTS.sendTitle}
      </h2>
      <p className="feed-deliver__lead">{DELIVER_TEXTS.sendLead}</p>
      <label className="feed-deliver__label" htmlFor={`${ids}-name`}>
        {DELIVER_TEXTS.name}
      </label>
      <input {...form.bind('name')} className="feed-deliver__input" maxLength={150} autoComplete="off" />
      <label className="feed-deliver__label" htmlFor={`${ids}-email`}>
        {DELIVER_TEXTS.email}
      </label>
      <input {...form.bind('email')} ref={emailRef} className="feed-deliver__input" type="email" maxLength={254} autoComplete="off" required />
      <label className="feed-deliver__label" htmlFor={`${ids}-note`}>
        {DELIVER_TEXTS.note}
      </label>
      <textarea {...form.bind('note')} className="feed-deliver__input feed-deliver__note" maxLength={DELIVERY.noteMax} rows={3} />
      <span className="feed-deliver__count">
        {note.length}/{DELIVERY.noteMax}
      </span>
      <fieldset className="feed-deliver__when">
        <legend className="feed-deliver__label">{DELIVER_TEXTS.when}</legend>
        <label>
          <input type="radio" name={`${ids}-when`} checked={when === 'now'} onChange={() => setWhen('now')} /> {DELIVER_TEXTS.now}
        </label>
        <label>
          <input type="radio" name={`${ids}-when`} checked={when === 'later'} onChange={() => setWhen('later')} /> {DELIVER_TEXTS.later}
        </label>
      </fieldset>
      {when === 'later' ? (
        <>
          <label className="feed-deliver__label" htmlFor={`${ids}-at`}>
            {DELIVER_TEXTS.at}
          </label>
          <input {...form.bind('at')} className="feed-deliver__input" type="datetime-local" aria-describedby={`${ids}-zone`} />
          <label className="feed-deliver__label" htmlFor={`${ids}-their-zone`}>
            {DELIVER_TEXTS.theirZone}
          </label>
          <select id={`${ids}-their-zone`} className="feed-deliver__select" value={theirZone} onChange={(event) => setTheirZone(event.target.value)}>
            {(zones.includes(theirZone) ? zones : [theirZone, ...zones]).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
          <p id={`${ids}-zone`} className="feed-deliver__zone">
            {theirZone === zone ? DELIVER_TEXTS.zone(zone) : DELIVER_TEXTS.atIn(theirZone)}
          </p>
        </>
      ) : null}
      {error ? (
        <p className="feed-deliver__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="feed-deliver__row">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {when === 'later' ? DELIVER_TEXTS.sendLater : DELIVER_TEXTS.send}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
