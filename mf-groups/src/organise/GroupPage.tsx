/**
 * /groups/:groupId (the organiser; exposed as mf_groups/GroupPage): the invite link to copy or
 * replace, invitations by email, every message (pending ones too) to approve or remove, the
 * group's settings, sending it now and cancelling it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { InvitationsResponse } from '@wishes/kit-contract';
import { Link, useParams } from 'react-router-dom';
import { ApiError, call, useDocumentTitle, useQuery, useQueryClient } from '@wishes/kit-client';
import { Button, ErrorState, Spinner, parseId } from '@wishes/kit-ui';
import { toast } from '@wishes/kit-session';
import { LIMITS } from '../common/limits';
import type { GroupDetail } from '@wishes/kit-contract';
import { STATE_LABEL, act, errorOf, localWhen } from '../common/api';
import { GroupForm } from '../common/GroupForm';
import { Message } from '../common/Message';
import '../common/groups.css';

export const GROUP_TEXT = {
  title: (name: string) => `Group wish for ${name}`,
  loading: 'Loading the group...',
  failed: 'Could not load this group.',
  notFound: 'This group does not exist, or it is not yours.',
  back: 'Back to group wishes',
  share: 'Share the link',
  link: 'Invite link',
  linkHint: 'Anyone with this link can sign. Replace it to stop the old one working.',
  copy: 'Copy link',
  copied: 'Link copied.',
  rotate: 'Replace link',
  rotated: 'A new link is ready; the old one no longer works.',
  invite: 'Invite by email',
  inviteHint: `Up to ${LIMITS.invitationsPerCall} addresses, separated by commas or new lines.`,
  inviteLabel: 'Email addresses',
  inviteSend: 'Send invitations',
  tooMany: `At most ${LIMITS.invitationsPerCall} addresses at a time.`,
  noAddress: 'Enter at least one address.',
  invited: (invited: number, skipped: number) => `${invited} ${invited === 1 ? 'invitation' : 'invitations'} sent${skipped ? `, ${skipped} skipped` : ''}.`,
  skippedTitle: 'Not sent',

  messages: 'Messages',
  noMessages: 'No messages yet. Share the link to collect some.',
  approve: 'Approve',
  remove: 'Remove',
  removed: 'The message was removed.',
  approved: 'The message is visible now.',
  edit: 'Edit details',
  save: 'Save changes',
  saved: 'Saved.',
  sendNow: 'Send now',
  sendConfirm: 'Send it now? It cannot be changed afterwards.',
  sent: (name: string) => `The group wish went to ${name}.`,
  cancel: 'Cancel group',
  cancelConfirm: 'Cancel this group? The link stops working and nothing is sent.',
  cancelled: 'The group was cancelled.',
  yes: 'Yes',
  no: 'No',
  counts: (total: number, pending: number) => `${total} ${total === 1 ? 'message' : 'messages'}${pending ? `, ${pending} waiting for approval` : ''}`,
} as const;

function InviteLink({ url, groupId, onChanged, collecting }: { url: string | null; groupId: number; onChanged: () => Promise<void>; collecting: boolean }) {
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(GROUP_TEXT.copied);
    } catch {
      // No clipboard (an insecure page, a refused permission): select the text to copy by hand.
      (document.getElementById(`${ids}-link`) as HTMLInputElement | null)?.select();
    }
  };
  const rotate = async () => {
    setBusy(true);
    try {
      await call('rotateGroupInvite', { params: { group_id: groupId } });
      toast.success(GROUP_TEXT.rotated);
      await onChanged();
    } catch (failure) {
      toast.error(errorOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="groups-card groups-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="groups-subtitle">
        {GROUP_TEXT.share}
      </h2>
      <p className="groups-hint">{GROUP_TEXT.linkHint}</p>
      <label className="w-visually-hidden" htmlFor={`${ids}-link`}>
        {GROUP_TEXT.link}
      </label>
      <input id={`${ids}-link`} className="w-input groups-link" readOnly value={url ?? ''} onFocus={(event) => event.target.select()} />
      <div className="groups-actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {GROUP_TEXT.copy}
        </Button>
        {collecting ? (
          <Button variant="ghost" disabled={busy} aria-busy={busy} onClick={() => void rotate()}>
            {GROUP_TEXT.rotate}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function Invitations({ groupId }: { groupId: number }) {
  const ids = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [skipped, setSkipped] = useState<InvitationsResponse['skipped']>([]);
  const submit = async () => {
    const emails = [...new Set(text.split(/[\s,;]+/).map((e) => e.trim()).filter(Boolean))];
    if (!emails.length) return setError(GROUP_TEXT.noAddress);
    if (emails.length > LIMITS.invitationsPerCall) return setError(GROUP_TEXT.tooMany);
    setError(null);
    setSkipped([]);
    setBusy(true);
    try {
      const answer = await call('inviteToGroup', { params: { group_id: groupId }, body: { emails } });
      toast.success(GROUP_TEXT.invited(answer.invited.length, answer.skipped.length));
      setSkipped(answer.skipped);
      setText('');
    } catch (failure) {
      setError(errorOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="groups-card groups-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="groups-subtitle">
        {GROUP_TEXT.invite}
      </h2>
      <label htmlFor={`${ids}-emails`}>{GROUP_TEXT.inviteLabel}</label>
      <textarea
        id={`${ids}-emails`}
        className="w-input groups-textarea"
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      <span id={`${ids}-hint`} className="groups-hint">
        {GROUP_TEXT.inviteHint}
      </span>
      {error ? (
        <p id={`${ids}-error`} className="groups-error" role="alert">
          {error}
        </p>
      ) : null}
      {skipped.length ? (
        <ul className="groups-skipped" aria-label={GROUP_TEXT.skippedTitle}>
          {skipped.map((s) => (
            <li key={s.email}>
              {s.email}: {s.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="groups-actions">
        <Button disabled={busy} aria-busy={busy} onClick={() => void submit()}>
          {GROUP_TEXT.inviteSend}
        </Button>
      </div>
    </section>
  );
}

/** A button that asks once more before it acts. */
function Confirmed({ label, question, variant, onConfirm }: { label: string; question: string; variant: 'primary' | 'danger'; onConfirm: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // The button pressed is gone: keyboard focus moves to the question's Yes.
  useEffect(() => {
    if (asking) box.current?.querySelector('button')?.focus();
  }, [asking]);
  if (!asking)
    return (
      <Button variant={variant === 'danger' ? 'ghost' : 'primary'} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  return (
    <div className="groups-confirm" role="group" aria-label={label} ref={box}>
      <span>{question}</span>
      <Button
        variant={variant}
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          setBusy(true);
          void onConfirm().finally(() => {
            setBusy(false);
            setAsking(false);
          });
        }}
      >
        {GROUP_TEXT.yes}
      </Button>
      <Button variant="ghost" onClick={() => setAsking(false)}>
        {GROUP_TEXT.no}
      </Button>
    </div>
  );
}

export default function GroupPage() {
  const { groupId } = useParams<{ groupId: string }>();
  const id = parseId(groupId);
  const client = useQueryClient();
  const key = ['groups', 'one', id] as const;
  const detail = useQuery<GroupDetail>({
    queryKey: key,
    queryFn: ({ signal }) => call('getGroup', { params: { group_id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: (count, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 403)) && count < 2,
  });
  const [editing, setEditing] = useState(false);
  const group = detail.data?.group;
  useDocumentTitle(group ? GROUP_TEXT.title(group.recipient_name) : 'Group wish');
  const reload = async () => {
    await client.invalidateQueries({ queryKey: ['groups'] });
  };
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      await reload();
    } catch (failure) {
      toast.error(errorOf(failure));
    }
  };

  const notFound = id === null || (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 403));
  return (
    <section className="groups-page" aria-labelledby="group-title">
      <Link className="groups-back" to="/groups">
        {GROUP_TEXT.back}
      </Link>
      {notFound ? (
        <>
          <h1 id="group-title" className="groups-title">
            Group not found
          </h1>
          <ErrorState message={GROUP_TEXT.notFound} />
        </>
      ) : detail.isError ? (
        <>
          <h1 id="group-title" className="groups-title">
            Group wish
          </h1>
          <ErrorState message={errorOf(detail.error, GROUP_TEXT.failed)} onRetry={() => void detail.refetch()} />
        </>
      ) : !group || !detail.data ? (
        <Spinner label={GROUP_TEXT.loading} />
      ) : (
        <>
          <h1 id="group-title" className="groups-title">
            {GROUP_TEXT.title(group.recipient_name)}
          </h1>
          <p className="groups-lead">
            <span className={`groups-state groups-state--${group.state}`}>{STATE_LABEL[group.state]}</span> {group.topic} · {localWhen(group.deliver_at, group.time_zone)} ·{' '}
            {GROUP_TEXT.counts(detail.data.contributions.length, detail.data.contributions.filter((c) => c.status === 'pending').length)}
          </p>
          {group.note ? <p className="groups-note">{group.note}</p> : null}
          {group.state === 'collecting' ? (
            <div className="groups-actions groups-actions--main">
              <Confirmed label={GROUP_TEXT.sendNow} question={GROUP_TEXT.sendConfirm} variant="primary" onConfirm={() => run(() => act('sendGroup', { params: { group_id: group.group_id } }), GROUP_TEXT.sent(group.recipient_name))} />
              <Button variant="secondary" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
                {GROUP_TEXT.edit}
              </Button>
              <Confirmed label={GROUP_TEXT.cancel} question={GROUP_TEXT.cancelConfirm} variant="danger" onConfirm={() => run(() => act('deleteGroup', { params: { group_id: group.group_id } }), GROUP_TEXT.cancelled)} />
            </div>
          ) : null}
          {editing && group.state === 'collecting' ? (
            <GroupForm
              group={group}
              submitLabel={GROUP_TEXT.save}
              onCancel={() => setEditing(false)}
              onSaved={async (body) => {
                await call('updateGroup', { params: { group_id: group.group_id }, body });
                toast.success(GROUP_TEXT.saved);
                setEditing(false);
                await reload();
              }}
            />
          ) : null}
          {group.state === 'collecting' ? (
            <div className="groups-columns">
              <InviteLink url={group.invite_url} groupId={group.group_id} onChanged={reload} collecting />
              <Invitations groupId={group.group_id} />
            </div>
          ) : null}
          <h2 className="groups-subtitle">{GROUP_TEXT.messages}</h2>
          {detail.data.contributions.length === 0 ? <p className="groups-hint">{GROUP_TEXT.noMessages}</p> : null}
          <ul className="groups-board">
            {detail.data.contributions.map((c) => (
              <Message key={c.contribution_id} name={c.signer_name} guest={c.guest} text={c.text} pending={c.status === 'pending'} reported={c.reported}>
                {group.state === 'collecting' ? (
                  <>
                    {c.status === 'pending' ? (
                      <Button variant="secondary" aria-label={`${GROUP_TEXT.approve} the message by ${c.signer_name}`} onClick={() => void run(() => act('approveGroupContribution', { params: { group_id: group.group_id, contribution_id: c.contribution_id } }), GROUP_TEXT.approved)}>
                        {GROUP_TEXT.approve}
                      </Button>
                    ) : null}
                    <Button variant="ghost" aria-label={`${GROUP_TEXT.remove} the message by ${c.signer_name}`} onClick={() => void run(() => act('removeGroupContribution', { params: { group_id: group.group_id, contribution_id: c.contribution_id } }), GROUP_TEXT.removed)}>
                      {GROUP_TEXT.remove}
                    </Button>
                  </>
                ) : null}
              </Message>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
