import type { FormEvent } from 'react';
import { Button, Icon, type ComposeValues, type FormFields } from '@wishes/kit-ui';
import { LIMITS } from '@wishes/kit-session';
import { type Options, type RateLimit } from '@wishes/kit-contract';
import { CharacterCounter, FormField } from '../common/FormField';
import { ChoiceField } from './ChoiceField';
import { COMPOSE_TEXT as TEXT, LENGTH_CHOICES, type DraftLength } from './texts';
import type { DraftBusy } from './useComposeDraft';

interface ComposeFormProps {
  /** The five fields (their values live in the draft). */
  form: FormFields<ComposeValues>;
  options: Options | null;
  optionsFailed: boolean;
  retryOptions: () => void;
  length: DraftLength;
  onLength: (length: DraftLength) => void;
  busy: DraftBusy;
  rateLimit: RateLimit | null;
  /** Generate (submit): one draft streamed into the editor. */
  onGenerate: (event: FormEvent) => void;
  /** "Give me 3": three drafts to pick from. */
  onGiveThree: () => void;
}

/** The five fields the generator reads, the length, and the two ways to ask for a draft. */
export function ComposeForm(props: ComposeFormProps) {
  const { form, options, optionsFailed, busy } = props;
  const { values } = form;
  const params = options?.greeting_config_params;
  const topics = params?.topics ?? [];
  /** Choices for a select: null while loading, [] (free text) when loading failed. */
  const choicesFor = (list: string[] | undefined): string[] | null => (options ? (list ?? []) : optionsFailed ? [] : null);
  const topicDetails = topics.find((topic) => topic.topic === values.topic)?.topic_details;
  const working = busy === 'stream' || busy === 'variants';

  return (
    <form className="compose-card compose-form" noValidate onSubmit={props.onGenerate} aria-busy={working} aria-label="Wish details">
      {optionsFailed ? (
        <div className="compose-notice" role="alert">
          <span>{TEXT.optionsFailed}</span>
          <Button variant="secondary" onClick={props.retryOptions}>
            Retry
          </Button>
        </div>
      ) : null}

      <ChoiceField field={form.bind('style')} label="Style" choices={choicesFor(params?.styles)} placeholder="Choose a style" error={form.errorOf('style')} />
      <ChoiceField field={form.bind('audience')} label="Audience" choices={choicesFor(params?.audiences)} placeholder="Choose an audience" error={form.errorOf('audience')} />
      <FormField field={form.bind('name')} label="Name" error={form.errorOf('name')} hint="Who the wish is for.">
        {(control) => <input {...control} className="compose-input w-input" type="text" autoComplete="off" maxLength={LIMITS.generateFieldMax} />}
      </FormField>
      <ChoiceField
        field={form.bind('topic')}
        label="Topic"
        choices={choicesFor(topics.map((topic) => topic.topic))}
        placeholder="Choose a topic"
        hint={topicDetails}
        error={form.errorOf('topic')}
      />
      <FormField
        field={form.bind('details')}
        label="Details"
        error={form.errorOf('details')}
        hint="Shared memories, plans or anything that makes it personal."
        aside={<CharacterCounter length={values.details.length} max={LIMITS.detailsMax} />}
      >
        {(control) => <textarea {...control} className="compose-input w-input compose-textarea" rows={4} maxLength={LIMITS.detailsMax} />}
      </FormField>

      <fieldset className="compose-length">
        <legend className="compose-field__label">Length</legend>
        <div className="compose-length__options">
          {LENGTH_CHOICES.map((choice) => (
            <label key={choice.value} className="compose-length__option">
              <input type="radio" name="compose-length" value={choice.value} checked={props.length === choice.value} onChange={() => props.onLength(choice.value)} />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="compose-actions">
        <Button
          type="submit"
          size="large"
          disabled={working}
          icon={busy === 'stream' ? <span className="w-spinner compose-button-spinner" aria-hidden="true" /> : <Icon name="sparkle" />}
        >
          {busy === 'stream' ? TEXT.generating : TEXT.generate}
        </Button>
        <Button variant="secondary" size="large" disabled={working} onClick={props.onGiveThree}>
          {TEXT.giveThree}
        </Button>
        {props.rateLimit ? <p className="compose-quota">{TEXT.quotaLeft(props.rateLimit.remaining, props.rateLimit.limit)}</p> : null}
      </div>
    </form>
  );
}
