/**
 * /g/:invite (anyone, no sign-in; exposed as mf_groups/SignPage): the signer's page. Who the wish
 * is for, from whom, the organiser's note and the messages so far (guests marked); a form to sign
 * with "Help me write" (the style and details the signer gives go to the writer); after signing, the edit code once, and the signer's own messages (this
 * browser keeps their codes) to change or take back; a report button on the others. A delivered
 * group is read-only; an unknown or cancelled one is a not-found page.
 */
import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, call, useDocumentTitle, useOptions, useQuery, useQueryClient, useSessionUser } from '@wishes/kit-client';
import { Button, ErrorState, FINISHED, Spinner, fieldErrorId, useFormFields, useSubmit } from '@wishes/kit-ui';
import { toast } from '@wishes/kit-session';
import type { GroupContribution, GroupInvite } from '@wishes/kit-contract';
import { LIMITS } from '../common/limits';
import { act, errorOf, fieldErrorsOf, localWhen } from '../common/api';
import { forgetOwnMessage, keepOwnMessage, ownMessages, type OwnMessage } from '../common/editTokens';
import { Message } from '../common/Message';
import '../common/groups.css';

export const SIGN_TEXT = {
  title: (name: string) => `A group wish for ${name}`,
  loading: 'Loading the group wish...',
  failed: 'Could not load this group wish.',
  notFoundTitle: 'This link does not work',
  notFound: 'This group wish does not exist, or its organiser cancelled it. Ask them for a new link.',
  home: 'Go to the feed',
  from: (organiser: string) => `Organised by ${organiser}`,
  delivers: (when: string) => `Goes out ${when}`,
  delivered: 'This group wish was delivered. It can no longer be signed or changed.',
  messages: 'Messages',
  noMessages: 'No messages yet. Be the first to sign.',
  signTitle: 'Sign it',
  name: 'Your name',
  nameFixed: 'Signed in: your name comes from your account.',
  message: 'Your message',
  email: 'Your email (optional)',
  emailHint: 'We send one mail to confirm it; after that only copies of the reply.',
  help: 'Help me write',
  helpTitle: 'Help me write (optional)',
  helpLead: 'Give the writer a style and a few details, then press Help me write: a draft lands in your message.',
  style: 'Style',
  stylePlaceholder: 'Choose a style',
  details: 'Details',
  detailsHint: 'Shared memories, plans or anything that makes it personal.',
  detailsCount: (n: number) => `${n} / ${LIMITS.detailsMax}`,
  helping: 'Writing...',
  helped: 'A draft is in your message. Change it as you like.',
  sign: 'Sign',
  signed: 'Thank you for signing.',
  pending: 'Your message waits for the organiser’s approval.',
  codeTitle: 'Your edit code',
  codeLead: 'This browser remembers it, so you can change or take back your message here. Keep it if you want to change it from elsewhere; it is shown only once.',
  yours: 'Your message',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Your message was changed.',
  takeBack: 'Take back',
  takenBack: 'Your message was taken back.',
  report: 'Report',
  reported: 'Thank you. The organiser was told about this message.',
  needName: 'Enter your name.',
  needText: 'Write a message (up to 1000 characters).',
  badEmail: 'Enter a valid email address, or leave it empty.',
  guestNote: 'Signing without an account: your name shows as a guest.',
  count: (n: number) => `${n} / ${LIMITS.textMax}`,
} as const;

type SignValues = { signer_name: string; text: string; signer_email: string; style: string; details: string };
const SIGN_FIELDS: Record<keyof SignValues, RegExp> = { signer_name: /name/i, text: /text|message/i, signer_email: /email|address/i, style: /style/i, details: /details/i };
const EMPTY: SignValues = { signer_name: '', text: '', signer_email: '', style: '', details: '' };

function SignForm({ invite, group, invitee, onSigned }: { invite: string; group: GroupInvite; invitee: string | null; onSigned: (own: OwnMessage, pending: boolean, code: string) => void }) {
  const user = useSessionUser();
  const [accountName, setAccountName] = useState<string | null>(null);
  const memberName = user ? accountName : null;
  const form = useFormFields<SignValues>(EMPTY, { idPrefix: 'group-sign-', clearErrorOnEdit: true });
  // The styles the main composer offers; typed freely while the site's options are not there.
  const styles = useOptions()?.greeting_config_params.styles ?? [];
  const [error, setError] = useState<string | null>(null);
  const [helping, setHelping] = useState(false);
  const { set } = form;

  // Signed in, the name is the member's (the server uses it whatever is sent): shown, not editable.
  useEffect(() => {
    if (!user) return;
    let live = true;
    call('getAccount')
      .then((account) => {
        const name = `${account.first_name} ${account.last_name}`.trim() || account.email;
        if (!live) return;
        setAccountName(name);
        set('signer_name', name);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user, set]);

  const help = async () => {
    setHelping(true);
    setError(null);
    try {
      // What the signer gave the writer; left empty, the server picks its own style and writes without details.
      const style = form.values.style.trim();
      const details = form.values.details.trim();
      const { text } = await call('suggestGroupMessage', { params: { invite }, body: { ...(style ? { style } : {}), ...(details ? { details } : {}) } });
      set('text', text.slice(0, LIMITS.textMax));
      toast.info(SIGN_TEXT.helped);
      document.getElementById(form.bind('text').id)?.focus();
    } catch (failure) {
      const fields = fieldErrorsOf(failure, { style: SIGN_FIELDS.style, details: SIGN_FIELDS.details });
      const first = (Object.keys(fields) as Array<'style' | 'details'>)[0];
      if (first) {
        form.setErrors(fields);
        form.focus(first);
      } else setError(errorOf(failure));
    } finally {
      setHelping(false);
    }
  };

  const validate = () => {
    const v = form.values;
    const errors: Partial<Record<keyof SignValues, string>> = {};
    if (!v.signer_name.trim()) errors.signer_name = SIGN_TEXT.needName;
    if (!v.text.trim() || v.text.length > LIMITS.textMax) errors.text = SIGN_TEXT.needText;
    if (v.signer_email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.signer_email.trim())) errors.signer_email = SIGN_TEXT.badEmail;
    form.setErrors(errors);
    const first = (Object.keys(errors) as Array<keyof SignValues>)[0];
    if (first) form.focus(first);
    return !first;
  };

  const { busy, submit } = useSubmit(
    async () => {
      setError(null);
      const v = form.values;
      try {
        const answer = await call('contributeToGroup', {
          params: { invite },
          ...(invitee ? { query: { i: invitee } } : {}),
          body: { signer_name: v.signer_name.trim(), text: v.text.trim(), ...(v.signer_email.trim() ? { signer_email: v.signer_email.trim() } : {}) },
        });
        form.reset({ ...EMPTY, signer_name: memberName ?? '' });
        onSigned({ contribution_id: answer.contribution_id, edit_token: answer.edit_token }, answer.status === 'pending', answer.edit_token);
        return FINISHED;
      } catch (failure) {
        const fields = fieldErrorsOf(failure, SIGN_FIELDS);
        const first = (Object.keys(fields) as Array<keyof SignValues>)[0];
        if (first) {
          form.setErrors(fields);
          form.focus(first);
        } else setError(errorOf(failure));
      }
    },
    { validate },
  );

  const fieldError = (name: keyof SignValues) => {
    const message = form.errorOf(name);
    return message ? (
      <span id={fieldErrorId(form.bind(name).id)} className="groups-field__error">
        {message}
      </span>
    ) : null;
  };

  return (
    <form className="groups-card groups-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="group-sign-title">
      <h2 id="group-sign-title" className="groups-subtitle">
        {SIGN_TEXT.signTitle}
      </h2>
      {error ? (
        <p className="groups-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="groups-field">
        <label htmlFor={form.bind('signer_name').id}>{SIGN_TEXT.name}</label>
        <input {...form.bind('signer_name')} className="w-input" maxLength={LIMITS.signerNameMax} autoComplete="name" readOnly={memberName !== null} required />
        <span className="groups-hint">{memberName !== null ? SIGN_TEXT.nameFixed : SIGN_TEXT.guestNote}</span>
        {fieldError('signer_name')}
      </div>
      <fieldset className="groups-field groups-help">
        <legend>{SIGN_TEXT.helpTitle}</legend>
        <span className="groups-hint">{SIGN_TEXT.helpLead}</span>
        <div className="groups-field">
          <label htmlFor={form.bind('style').id}>{SIGN_TEXT.style}</label>
          {styles.length > 0 ? (
            <select {...form.bind('style')} className="w-input">
              <option value="">{SIGN_TEXT.stylePlaceholder}</option>
              {styles.map((style) => (
                <option key={style} value={style}>
                  {style}
                </option>
              ))}
            </select>
          ) : (
            <input {...form.bind('style')} className="w-input" type="text" autoComplete="off" maxLength={LIMITS.styleMax} />
          )}
          {fieldError('style')}
        </div>
        <div className="groups-field">
          <label htmlFor={form.bind('details').id}>{SIGN_TEXT.details}</label>
          <textarea {...form.bind('details')} className="w-input groups-textarea" rows={3} maxLength={LIMITS.detailsMax} />
          <span className="groups-hint">
            {SIGN_TEXT.detailsHint} {SIGN_TEXT.detailsCount(form.values.details.length)}
          </span>
          {fieldError('details')}
        </div>
        <div className="groups-actions">
          <Button variant="secondary" disabled={helping || group.state !== 'collecting'} aria-busy={helping} onClick={() => void help()}>
            {helping ? SIGN_TEXT.helping : SIGN_TEXT.help}
          </Button>
        </div>
      </fieldset>
      <div className="groups-field">
        <label htmlFor={form.bind('text').id}>{SIGN_TEXT.message}</label>
        <textarea {...form.bind('text')} className="w-input groups-textarea" rows={5} maxLength={LIMITS.textMax} required />
        <span className="groups-hint" aria-live="polite">
          {SIGN_TEXT.count(form.values.text.length)}
        </span>
        {fieldError('text')}
      </div>
      {user ? null : (
        <div className="groups-field">
          <label htmlFor={form.bind('signer_email').id}>{SIGN_TEXT.email}</label>
          <input {...form.bind('signer_email')} className="w-input" type="email" maxLength={LIMITS.emailMax} autoComplete="email" />
          <span className="groups-hint">{SIGN_TEXT.emailHint}</span>
          {fieldError('signer_email')}
        </div>
      )}
      <div className="groups-actions">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {SIGN_TEXT.sign}
        </Button>
      </div>
    </form>
  );
}

/** The signer's own message: change it or take it back with the kept edit code. */
function OwnMessageCard({ invite, message, own, collecting, onChanged }: { invite: string; message: GroupContribution; own: OwnMessage; collecting: boolean; onChanged: () => Promise<void> }) {
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.text);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headers = { 'X-Edit-Token': own.edit_token };
  const params = { invite, contribution_id: message.contribution_id };
  const save = async () => {
    if (!text.trim() || text.length > LIMITS.textMax) return setError(SIGN_TEXT.needText);
    setBusy(true);
    setError(null);
    try {
      await act('updateGroupContribution', { params, body: { text: text.trim() }, headers });
      toast.success(SIGN_TEXT.saved);
      setEditing(false);
      await onChanged();
    } catch (failure) {
      setError(errorOf(failure));
    } finally {
      setBusy(false);
    }
  };
  const takeBack = async () => {
    setBusy(true);
    try {
      await act('deleteGroupContribution', { params, headers });
      forgetOwnMessage(invite, message.contribution_id);
      toast.success(SIGN_TEXT.takenBack);
      await onChanged();
    } catch (failure) {
      toast.error(errorOf(failure));
    } finally {
      setBusy(false);
    }
  };
  if (editing)
    return (
      <li className="groups-card groups-message groups-message--own" data-testid="message">
        <label htmlFor={`${ids}-text`}>{SIGN_TEXT.yours}</label>
        <textarea id={`${ids}-text`} className="w-input groups-textarea" rows={4} maxLength={LIMITS.textMax} value={text} onChange={(event) => setText(event.target.value)} aria-invalid={error ? true : undefined} />
        {error ? (
          <p className="groups-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="groups-actions">
          <Button disabled={busy} aria-busy={busy} onClick={() => void save()}>
            {SIGN_TEXT.save}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            {SIGN_TEXT.cancel}
          </Button>
        </div>
      </li>
    );
  return (
    <Message name={message.signer_name} guest={message.guest} text={message.text}>
      {collecting ? (
        <>
          <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`${SIGN_TEXT.edit} your message`}>
            {SIGN_TEXT.edit}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void takeBack()} aria-label={`${SIGN_TEXT.takeBack} your message`}>
            {SIGN_TEXT.takeBack}
          </Button>
        </>
      ) : null}
    </Message>
  );
}

export default function SignPage() {
  const { invite = '' } = useParams<{ invite: string }>();
  const [search] = useSearchParams();
  const invitee = search.get('i');
  const client = useQueryClient();
  const key = ['groups', 'invite', invite] as const;
  const group = useQuery<GroupInvite>({
    queryKey: key,
    queryFn: ({ signal }) => call('getGroupInvite', { params: { invite }, ...(invitee ? { query: { i: invitee } } : {}), signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const [own, setOwn] = useState<OwnMessage[]>(() => ownMessages(invite));
  const [justSigned, setJustSigned] = useState<{ code: string; pending: boolean } | null>(null);
  const [reported, setReported] = useState<number[]>([]);
  useDocumentTitle(group.data ? SIGN_TEXT.title(group.data.recipient_name) : 'Sign a group wish');

  const reload = async () => {
    setOwn(ownMessages(invite));
    await client.invalidateQueries({ queryKey: key });
  };
  const report = async (contributionId: number) => {
    try {
      await act('reportGroupContribution', { params: { invite, contribution_id: contributionId } });
      setReported((r) => [...r, contributionId]);
      toast.success(SIGN_TEXT.reported);
    } catch (failure) {
      toast.error(errorOf(failure));
    }
  };

  if (group.error instanceof ApiError && group.error.status === 404)
    return (
      <section className="groups-page" aria-labelledby="sign-title">
        <h1 id="sign-title" className="groups-title">
          {SIGN_TEXT.notFoundTitle}
        </h1>
        <p className="groups-lead">{SIGN_TEXT.notFound}</p>
        <Link to="/feed">{SIGN_TEXT.home}</Link>
      </section>
    );
  if (group.isError)
    return (
      <section className="groups-page" aria-labelledby="sign-title">
        <h1 id="sign-title" className="groups-title">
          Sign a group wish
        </h1>
        <ErrorState message={errorOf(group.error, SIGN_TEXT.failed)} onRetry={() => void group.refetch()} />
      </section>
    );
  if (!group.data) return <Spinner label={SIGN_TEXT.loading} />;

  const g = group.data;
  const collecting = g.state === 'collecting';
  const mine = new Map(own.map((m) => [m.contribution_id, m]));
  return (
    <section className="groups-page" aria-labelledby="sign-title">
      <p className="groups-topic">{g.topic}</p>
      <h1 id="sign-title" className="groups-title">
        {SIGN_TEXT.title(g.recipient_name)}
      </h1>
      <p className="groups-lead">
        {SIGN_TEXT.from(g.organiser_name)}
        {g.deliver_at && collecting ? ` · ${SIGN_TEXT.delivers(localWhen(g.deliver_at, g.time_zone))}` : ''}
      </p>
      {g.note ? <p className="groups-note">{g.note}</p> : null}
      {collecting ? null : (
        <p className="groups-card groups-notice" role="status">
          {SIGN_TEXT.delivered}
        </p>
      )}
      {justSigned ? (
        <section className="groups-card groups-code" aria-labelledby="group-code-title" role="status">
          <h2 id="group-code-title" className="groups-subtitle">
            {SIGN_TEXT.codeTitle}
          </h2>
          <p>{justSigned.pending ? `${SIGN_TEXT.signed} ${SIGN_TEXT.pending}` : SIGN_TEXT.signed}</p>
          <p className="groups-hint">{SIGN_TEXT.codeLead}</p>
          <code className="groups-code__value" data-testid="edit-code">
            {justSigned.code}
          </code>
        </section>
      ) : null}
      {collecting && !justSigned ? (
        <SignForm
          invite={invite}
          group={g}
          invitee={invitee}
          onSigned={(message, pending, code) => {
            keepOwnMessage(invite, message);
            setJustSigned({ code, pending });
            void reload();
          }}
        />
      ) : null}
      <h2 className="groups-subtitle">{SIGN_TEXT.messages}</h2>
      {g.contributions.length === 0 ? <p className="groups-hint">{SIGN_TEXT.noMessages}</p> : null}
      <ul className="groups-board">
        {g.contributions.map((c) => {
          const ownMessage = mine.get(c.contribution_id);
          if (ownMessage) return <OwnMessageCard key={c.contribution_id} invite={invite} message={c} own={ownMessage} collecting={collecting} onChanged={reload} />;
          return (
            <Message key={c.contribution_id} name={c.signer_name} guest={c.guest} text={c.text}>
              {reported.includes(c.contribution_id) ? (
                <span className="groups-hint">Reported</span>
              ) : (
                <Button variant="ghost" onClick={() => void report(c.contribution_id)} aria-label={`${SIGN_TEXT.report} the message by ${c.signer_name}`}>
                  {SIGN_TEXT.report}
                </Button>
              )}
            </Message>
          );
        })}
      </ul>
    </section>
  );
}
