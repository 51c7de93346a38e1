/**
 * The group's settings form, for starting a group and for the organiser's edit: who it is for, the
 * topic (one of the site's option topics), their address and a note, when it goes (a local date
 * and time in a time zone, the member's own by default) and whether messages show at once or after
 * approval. The server's 400 lands on the field it names.
 */
import { useEffect, useMemo, useState } from 'react';
import { call, useOptionsWithRetry } from '@wishes/kit-client';
import { Button, ErrorState, FINISHED, Spinner, browserZone, fieldErrorId, useFormFields, useSubmit, zoneList } from '@wishes/kit-ui';
import { LIMITS } from './limits';
import type { CreateGroupRequest, Group } from '@wishes/kit-contract';
import { errorOf, fieldErrorsOf, toInputValue } from './api';

export const FORM_TEXT = {
  recipient: 'Who is it for?',
  topic: 'Occasion',
  chooseTopic: 'Choose an occasion',
  email: 'Their email (optional)',
  emailHint: 'On the day, the wish goes to this address. Without one, you get the link to pass on.',
  note: 'A note for the people who sign (optional)',
  when: 'Deliver on',
  whenHint: 'Leave empty to send it yourself when everyone has signed.',
  zone: 'Time zone',
  approval: 'New messages',
  open: 'Show at once',
  approve: 'Show after I approve them',
  optionsFailed: 'Could not load the occasions.',
  needName: 'Enter who the wish is for.',
  needTopic: 'Choose an occasion.',
  badEmail: 'Enter a valid email address, or leave it empty.',
  badWhen: 'Enter a date and time, or leave it empty.',
} as const;

type Values = { recipient_name: string; topic: string; recipient_email: string; note: string; deliver_at: string; time_zone: string; approval: string };

const FIELD_WORDS: Record<keyof Values, RegExp> = {
  recipient_name: /recipient|name/i,
  topic: /topic|occasion/i,
  recipient_email: /email|address/i,
  note: /note/i,
  deliver_at: /date|deliver|future|366|days ahead|time does not/i,
  time_zone: /time zone|zone/i,
  approval: /approval/i,
};

const valuesOf = (group: Group | undefined, zone: string): Values => ({
  recipient_name: group?.recipient_name ?? '',
  topic: group?.topic ?? '',
  recipient_email: group?.recipient_email ?? '',
  note: group?.note ?? '',
  deliver_at: toInputValue(group?.deliver_at ?? null),
  time_zone: group?.time_zone ?? zone,
  approval: group?.approval ?? 'open',
});

export function GroupForm({ group, submitLabel, onSaved, onCancel }: { group?: Group; submitLabel: string; onSaved: (body: CreateGroupRequest) => Promise<void>; onCancel?: () => void }) {
  const { options, failed, retry } = useOptionsWithRetry();
  const form = useFormFields<Values>(() => valuesOf(group, browserZone()), { idPrefix: group ? `group-edit-` : 'group-new-', clearErrorOnEdit: true });
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(() => zoneList(), []);
  const { set } = form;

  // A new group's zone is the member's own (their account's setting; the browser's until it says).
  useEffect(() => {
    if (group) return;
    let live = true;
    call('getAccount')
      .then((account) => {
        if (live && account.time_zone) set('time_zone', account.time_zone);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [group, set]);

  const validate = () => {
    const v = form.values;
    const errors: Partial<Record<keyof Values, string>> = {};
    if (!v.recipient_name.trim()) errors.recipient_name = FORM_TEXT.needName;
    if (!v.topic) errors.topic = FORM_TEXT.needTopic;
    if (v.recipient_email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.recipient_email.trim())) errors.recipient_email = FORM_TEXT.badEmail;
    if (v.deliver_at && !/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(v.deliver_at)) errors.deliver_at = FORM_TEXT.badWhen;
    form.setErrors(errors);
    const first = (Object.keys(errors) as Array<keyof Values>)[0];
    if (first) form.focus(first);
    return !first;
  };

  const { busy, submit } = useSubmit(
    async () => {
      setError(null);
      const v = form.values;
      const body: CreateGroupRequest = {
        recipient_name: v.recipient_name.trim(),
        topic: v.topic,
        recipient_email: v.recipient_email.trim() || null,
        note: v.note.trim() || null,
        deliver_at: v.deliver_at || null,
        time_zone: v.time_zone,
        approval: v.approval === 'approve' ? 'approve' : 'open',
      };
      try {
        await onSaved(body);
        return FINISHED;
      } catch (failure) {
        const fields = fieldErrorsOf(failure, FIELD_WORDS);
        const first = (Object.keys(fields) as Array<keyof Values>)[0];
        if (first) {
          form.setErrors(fields);
          form.focus(first);
        } else setError(errorOf(failure));
      }
    },
    { validate },
  );

  const topics = options?.greeting_config_params.topics.map((t) => t.topic) ?? [];
  const topicChoices = form.values.topic && !topics.includes(form.values.topic) ? [form.values.topic, ...topics] : topics;

  const fieldError = (name: keyof Values) => {
    const message = form.errorOf(name);
    return message ? (
      <span id={fieldErrorId(form.bind(name).id)} className="groups-field__error">
        {message}
      </span>
    ) : null;
  };

  return (
    <form className="groups-card groups-form" onSubmit={(event) => void submit(event)} noValidate aria-label={submitLabel}>
      {error ? (
        <p className="groups-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="groups-field">
        <label htmlFor={form.bind('recipient_name').id}>{FORM_TEXT.recipient}</label>
        <input {...form.bind('recipient_name')} className="w-input" maxLength={LIMITS.recipientNameMax} autoComplete="off" required />
        {fieldError('recipient_name')}
      </div>
      <div className="groups-field">
        <label htmlFor={form.bind('topic').id}>{FORM_TEXT.topic}</label>
        {failed ? (
          <ErrorState message={FORM_TEXT.optionsFailed} onRetry={retry} />
        ) : !options ? (
          <Spinner label="Loading occasions..." />
        ) : (
          <select {...form.bind('topic')} className="w-input" required>
            <option value="">{FORM_TEXT.chooseTopic}</option>
            {topicChoices.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        )}
        {fieldError('topic')}
      </div>
      <div className="groups-field">
        <label htmlFor={form.bind('recipient_email').id}>{FORM_TEXT.email}</label>
        <input {...form.bind('recipient_email')} className="w-input" type="email" maxLength={LIMITS.emailMax} autoComplete="off" />
        <span className="groups-hint">{FORM_TEXT.emailHint}</span>
        {fieldError('recipient_email')}
      </div>
      <div className="groups-field">
        <label htmlFor={form.bind('note').id}>{FORM_TEXT.note}</label>
        <textarea {...form.bind('note')} className="w-input groups-textarea" rows={3} maxLength={LIMITS.noteMax} />
        {fieldError('note')}
      </div>
      <div className="groups-row">
        <div className="groups-field">
          <label htmlFor={form.bind('deliver_at').id}>{FORM_TEXT.when}</label>
          <input {...form.bind('deliver_at')} className="w-input" type="datetime-local" />
          <span className="groups-hint">{FORM_TEXT.whenHint}</span>
          {fieldError('deliver_at')}
        </div>
        <div className="groups-field">
          <label htmlFor={form.bind('time_zone').id}>{FORM_TEXT.zone}</label>
          <select {...form.bind('time_zone')} className="w-input">
            {[...new Set([form.values.time_zone, ...zones])].map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
          {fieldError('time_zone')}
        </div>
      </div>
      <fieldset className="groups-field groups-choice">
        <legend>{FORM_TEXT.approval}</legend>
        <label>
          <input type="radio" name={`${form.bind('approval').id}`} value="open" checked={form.values.approval === 'open'} onChange={() => set('approval', 'open')} /> {FORM_TEXT.open}
        </label>
        <label>
          <input type="radio" name={`${form.bind('approval').id}`} value="approve" checked={form.values.approval === 'approve'} onChange={() => set('approval', 'approve')} /> {FORM_TEXT.approve}
        </label>
      </fieldset>
      <div className="groups-actions">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
