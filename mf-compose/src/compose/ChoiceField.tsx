import type { Ref } from 'react';
import { LIMITS } from '@wishes/shared';
import { FormField } from '../common/FormField';

export interface ChoiceFieldProps {
  id: string;
  label: string;
  value: string;
  /** The server's choices; null while they load. An empty list (or a failed load) means free text. */
  choices: string[] | null;
  placeholder: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  controlRef?: Ref<HTMLSelectElement & HTMLInputElement>;
  disabled?: boolean;
}

/**
 * A select over the server's choices. A value that is not among them (e.g. a topic from a link)
 * is kept as an extra choice rather than silently dropped; with no choices at all the person can
 * type their own, so composing never dead-ends on a missing option list.
 */
export function ChoiceField({ id, label, value, choices, placeholder, onChange, error, hint, controlRef, disabled }: ChoiceFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) =>
        choices && choices.length === 0 ? (
          <input
            {...control}
            ref={controlRef}
            className="compose-input w-input"
            type="text"
            value={value}
            maxLength={LIMITS.generateFieldMax}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <select
            {...control}
            ref={controlRef}
            className="compose-input w-input compose-select"
            value={value}
            disabled={disabled || choices === null}
            aria-busy={choices === null || undefined}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">{choices === null ? 'Loading choices…' : placeholder}</option>
            {value && !(choices ?? []).includes(value) ? <option value={value}>{value}</option> : null}
            {(choices ?? []).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        )
      }
    </FormField>
  );
}
