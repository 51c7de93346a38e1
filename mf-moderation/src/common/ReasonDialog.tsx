import { useState, type FormEvent } from 'react';
import { ApiError, call } from '@wishes/kit-client';
import { Button, fieldErrorId, useFormFields } from '@wishes/kit-ui';
import { openModal, toast } from '@wishes/kit-session';
import { type ModerationUserAction, type ModerationWishAction } from '@wishes/kit-contract';

export const REASON_TEXTS = {
  label: 'Reason (required, shown in the log; for a hide, also to the author)',
  blank: 'Please give a reason.',
  failed: 'The moderation action failed. Please try again.',
} as const;
export const REASON_MAX = 500;

type Target = { kind: 'wish' | 'reply'; id: number; action: ModerationWishAction } | { kind: 'user'; id: number; action: ModerationUserAction };

/** The body of the action dialog: a required reason (≤ 500 characters), Cancel and the action. */
export function ReasonForm({ target, confirmLabel, close, onDone }: { target: Target; confirmLabel: string; close: () => void; onDone: (message: string) => void }) {
  const form = useFormFields({ reason: '' });
  const { reason } = form.values;
  const error = form.errorOf('reason');
  const [sending, setSending] = useState(false);
  const field = form.bind('reason');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      form.setErrors({ reason: REASON_TEXTS.blank });
      return;
    }
    setSending(true);
    form.setErrors({});
    try {
      const why = reason.trim();
      let result: { message: string };
      if (target.kind === 'user') result = await call('moderateUser', { params: { id: target.id }, body: { action: target.action, reason: why } });
      else if (target.kind === 'reply') result = await call('moderateReply', { params: { id: target.id }, body: { action: target.action, reason: why } });
      else result = await call('moderateWish', { params: { id: target.id }, body: { action: target.action, reason: why } });
      toast.success(result.message);
      close();
      onDone(result.message);
    } catch (failure) {
      form.setErrors({ reason: failure instanceof ApiError && failure.message ? failure.message : REASON_TEXTS.failed });
      setSending(false);
    }
  };

  return (
    <form className="mod-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={field.id}>{REASON_TEXTS.label}</label>
      <textarea {...field} className="w-input" rows={3} maxLength={REASON_MAX} required />
      {error ? (
        <p id={fieldErrorId(field.id)} className="mod-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="mod-form__actions">
        <Button type="button" variant="secondary" onClick={close} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" variant={target.action === 'delete' || target.action === 'ban' ? 'danger' : 'primary'} disabled={sending} aria-busy={sending}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

export function openReasonDialog(title: string, target: Target, confirmLabel: string, onDone: (message: string) => void): void {
  openModal({ title, render: (close) => <ReasonForm target={target} confirmLabel={confirmLabel} close={close} onDone={onDone} /> });
}
