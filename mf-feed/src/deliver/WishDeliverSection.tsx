import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, api, Button, DELIVERY, Icon, toast, useSessionUser, type CardTheme, type Wish } from '@wishes/shared';
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

/**
 * For the wish's author, under the wish: its card (theme picker, preview, Download) and "Send to…"
 * (name, email, note, now or a date in the sender's time zone). Nothing shows for anyone else.
 * `openSend` opens the form at once (after saving in compose), `initialName` fills the name.
 */
export function WishDeliverSection({ wish, onChange, openSend = false, initialName = '' }: { wish: Wish; onChange?: (wish: Wish) => void; openSend?: boolean; initialName?: string }) {
  const me = useSessionUser();
  const own = me?.userId != null && me.userId === wish.user_id;
  const [themes, setThemes] = useState<CardTheme[]>([]);
  const [theme, setTheme] = useState(wish.card_theme ?? 'classic');
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sendOpen, setSendOpen] = useState(openSend);
  const ids = useId();
  const textVersion = `${wish.text}|${wish.edited_at ?? ''}`;

  useEffect(() => {
    if (!own) return;
    let active = true;
    api.listCardThemes().then((list) => active && setThemes(list), () => undefined);
    return () => {
      active = false;
    };
  }, [own]);

  useEffect(() => {
    if (!own) return;
    let active = true;
    let url: string | null = null;
    api.getCard(wish.id, theme, 'og').then(
      (blob) => {
        if (!active) return;
        url = URL.createObjectURL(blob);
        setPreview(url);
      },
      () => active && setPreview(null),
    );
    return () => {
      active = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [own, wish.id, theme, textVersion]);

  if (!own) return null;

  const pickTheme = async (name: string) => {
    setTheme(name);
    try {
      const updated = await api.updateWish(wish.id, { card_theme: name });
      onChange?.(updated);
      toast.success(DELIVER_TEXTS.themeSaved);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Could not save the theme.');
    }
  };

  const download = async () => {
    setBusy(true);
    try {
      downloadBlob(await api.getCard(wish.id, theme, 'story'), `wish-${wish.id}-story.png`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Could not draw the card.');
    } finally {
      setBusy(false);
    }
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
          <select id={`${ids}-theme`} className="feed-deliver__select" value={theme} onChange={(event) => void pickTheme(event.target.value)}>
            {(themes.length ? themes : [{ name: theme, title: theme }]).map((t) => (
              <option key={t.name} value={t.name}>
                {t.title}
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={() => void download()} disabled={busy} icon={<Icon name="upload" flip="vertical" size={18} />}>
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
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const zone = timeZoneName();

  useEffect(() => emailRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError(DELIVER_TEXTS.badEmail);
    let sendAt: string | undefined;
    if (when === 'later') {
      const iso = localToIso(at);
      if (!iso || new Date(iso).getTime() <= Date.now()) return setError(DELIVER_TEXTS.badTime);
      sendAt = iso;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await api.sendWish(wishId, { recipient_email: email.trim(), recipient_name: name.trim(), note: note.trim(), ...(sendAt ? { send_at: sendAt } : {}) });
      const who = name.trim() || email.trim();
      toast.success(result.status === 'sent' || !sendAt ? DELIVER_TEXTS.sent(who) : DELIVER_TEXTS.scheduled(who, new Date(result.send_at).toLocaleString()));
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not send the wish. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="feed-deliver__form" onSubmit={(event) => void submit(event)} aria-labelledby={`${ids}-send`} noValidate>
      <h2 id={`${ids}-send`} className="feed-deliver__title">
        {DELIVER_TEXTS.sendTitle}
      </h2>
      <p className="feed-deliver__lead">{DELIVER_TEXTS.sendLead}</p>
      <label className="feed-deliver__label" htmlFor={`${ids}-name`}>
        {DELIVER_TEXTS.name}
      </label>
      <input id={`${ids}-name`} className="feed-deliver__input" value={name} maxLength={150} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      <label className="feed-deliver__label" htmlFor={`${ids}-email`}>
        {DELIVER_TEXTS.email}
      </label>
      <input id={`${ids}-email`} ref={emailRef} className="feed-deliver__input" type="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} autoComplete="off" required />
      <label className="feed-deliver__label" htmlFor={`${ids}-note`}>
        {DELIVER_TEXTS.note}
      </label>
      <textarea id={`${ids}-note`} className="feed-deliver__input feed-deliver__note" value={note} maxLength={DELIVERY.noteMax} onChange={(e) => setNote(e.target.value)} rows={3} />
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
          <input id={`${ids}-at`} className="feed-deliver__input" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} aria-describedby={`${ids}-zone`} />
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
        <Button type="submit" disabled={busy}>
          {when === 'later' ? DELIVER_TEXTS.sendLater : DELIVER_TEXTS.send}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
