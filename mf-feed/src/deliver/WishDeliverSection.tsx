import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { API_ERRORS, ApiError, call, queryKeys, send, useMutation, useQuery, useSessionUser, useWishMutation } from '@wishes/kit-client';
import { Button, Icon, useFormFields, useSubmit } from '@wishes/kit-ui';
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
export function WishDeliverSection({ wish, openSend = false, initialName = '' }: { wish: Wish; openSend?: boolean; initialName?: string }) {
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
          <SendForm wishId={wish.id} initialName={initialName} onDone={() => setSendOpen(false)} />
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

function SendForm({ wishId, initialName, onDone }: { wishId: number; initialName: string; onDone: () => void }) {
  const ids = useId();
  const form = useFormFields({ name: initialName, email: '', note: '', at: '' }, { idPrefix: `${ids}-` });
  const { name, email, note, at } = form.values;
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const zone = timeZoneName();

  useEffect(() => emailRef.current?.focus(), []);

  /** The scheduled time (ISO UTC), undefined for now; null after showing why the form cannot go. */
  const sendAtOrError = (): string | undefined | null => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(DELIVER_TEXTS.badEmail);
      return null;
    }
    if (when !== 'later') return undefined;
    const iso = localToIso(at);
    if (!iso || new Date(iso).getTime() <= Date.now()) {
      setError(DELIVER_TEXTS.badTime);
      return null;
    }
    return iso;
  };
  const { busy, submit } = useSubmit(
    async () => {
      const sendAt = sendAtOrError() ?? undefined;
      setError(null);
      try {
        const result = await call('sendWish', { params: { id: wishId }, body: { recipient_email: email.trim(), recipient_name: name.trim(), note: note.trim(), ...(sendAt ? { send_at: sendAt } : {}) } });
        const who = name.trim() || email.trim();
        if (result.status === 'outbox') toast.info(DELIVER_TEXTS.outbox(who));
        else toast.success(result.status === 'sent' || !sendAt ? DELIVER_TEXTS.sent(who) : DELIVER_TEXTS.scheduled(who, new Date(result.send_at).toLocaleString()));
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
          <p id={`${ids}-zone`} className="feed-deliver__zone">
            {DELIVER_TEXTS.zone(zone)}
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
