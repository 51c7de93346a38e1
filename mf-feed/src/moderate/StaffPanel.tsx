/**
 * Staff actions on a wish where it is read (the card's menu, the wish page): Hide, Restore and Ban
 * its author, each with the required reason, as in the moderation queue (same calls, same rule:
 * the server checks the role again and writes the log). Fetched when chosen, never with the card.
 */
import { useState, type FormEvent } from 'react';
import { ApiError, call, updateCachedWish, useQueryClient } from '@wishes/kit-client';
import { Button, fieldErrorId, useFormFields } from '@wishes/kit-ui';
import { openModal, toast } from '@wishes/kit-session';
import { type Wish } from '@wishes/kit-contract';
import './moderate.css';

export const STAFF_TEXTS = {
  label: 'Reason (required, shown in the log; for a hide, also to the author)',
  blank: 'Please give a reason.',
  failed: 'The moderation action failed. Please try again.',
} as const;
const REASON_MAX = 500;
/** The reason a banned author's wishes carry (server: wishes/visibility.ts AUTHOR_BANNED_REASON). */
export const AUTHOR_BANNED_REASON = "The author's account is suspended.";

export type StaffAction = 'hide' | 'restore' | 'ban';

function StaffForm({ wish, action, close, onDone }: { wish: Wish; action: StaffAction; close: () => void; onDone: (wish: Wish) => void }) {
  const form = useFormFields({ reason: '' });
  const { reason } = form.values;
  const error = form.errorOf('reason');
  const field = form.bind('reason');
  const [sending, setSending] = useState(false);
  const client = useQueryClient();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      form.setErrors({ reason: STAFF_TEXTS.blank });
      form.focus('reason');
      return;
    }
    setSending(true);
    form.setErrors({});
    try {
      let updated: Wish;
      if (action === 'ban') {
        const result = await call('moderateUser', { params: { id: wish.user_id }, body: { action: 'ban', reason: reason.trim() } });
        toast.success(result.message);
        // A ban hides every wish of the author (the server's rule); this one shows it at once.
        updated = { ...wish, moderation: { state: 'hidden', reason: AUTHOR_BANNED_REASON } };
      } else {
        const result = await call('moderateWish', { params: { id: wish.id }, body: { action, reason: reason.trim() } });
        toast.success(result.message);
        updated = result.wish ?? (action === 'hide' ? { ...wish, moderation: { state: 'hidden', reason: reason.trim() } } : { ...wish, moderation: undefined });
      }
      updateCachedWish(client, updated);
      close();
      onDone(updated);
    } catch (failure) {
      form.setErrors({ reason: failure instanceof ApiError && failure.message ? failure.message : STAFF_TEXTS.failed });
      setSending(false);
    }
  };

  return (
    <form className="feed-staff-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={field.id}>{STAFF_TEXTS.label}</label>
      <textarea {...field} className="w-input" rows={3} maxLength={REASON_MAX} required />
      {error ? (
        <p id={fieldErrorId(field.id)} className="feed-staff-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="feed-staff-form__actions">
        <Button type="button" variant="secondary" onClick={close} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" variant={action === 'ban' ? 'danger' : 'primary'} disabled={sending} aria-busy={sending}>
          {action === 'hide' ? 'Hide' : action === 'restore' ? 'Restore' : 'Ban'}
        </Button>
      </div>
    </form>
  );
}

const TITLES: Record<StaffAction, (wish: Wish) => string> = {
  hide: (wish) => `Hide wish ${wish.id}`,
  restore: (wish) => `Restore wish ${wish.id}`,
  ban: (wish) => `Ban ${wish.author}`,
};

export function openStaffAction(wish: Wish, action: StaffAction, onDone: (wish: Wish) => void): void {
  openModal({ title: TITLES[action](wish), render: (close) => <StaffForm wish={wish} action={action} close={close} onDone={onDone} /> });
}
