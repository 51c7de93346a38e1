import { LIMITS } from '@wishes/kit-session';
import { type FieldBinding } from '@wishes/kit-ui';
import { FormField } from '../common/FormField';

export interface ChoiceFieldProps {
  /** The form's binding for this field (useFormFields' bind(name)). */
  field: FieldBinding;
  label: string;
  /** The server's choices; null while they load. An empty list (or a failed load) means free text. */
  choices: string[] | null;
  placeholder: string;
  error?: string | null;
  hint?: string;
  disabled?: boolean;
}

/**
 * A select over the server's choices. A value that is not among them (e.g. a topic from a link)
 * is kept as an extra choice rather than silently dropped; with no choices at all the person can
 * type their own, so composing never dead-ends on a missing option list.
 */
export function ChoiceField({ field, label, choices, placeholder, error, hint, disabled }: ChoiceFieldProps) {
  const { value } = field;
  return (
    <FormField field={field} label={label} error={error} hint={hint}>
      {(control) =>
        choices && choices.length === 0 ? (
          <input {...control} className="compose-input w-input" type="text" maxLength={LIMITS.generateFieldMax} disabled={disabled} />
        ) : (
          <select {...control} className="compose-input w-input compose-select" disabled={disabled || choices === null} aria-busy={choices === null || undefined}>
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
