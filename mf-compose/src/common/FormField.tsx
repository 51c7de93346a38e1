import type { ReactNode } from 'react';
import { fieldErrorId, type FieldBinding } from '@wishes/kit-ui';

/** Accessibility props every control in a FormField receives (and, for a bound field, its value and change handler). */
export interface FieldControlProps extends Partial<Pick<FieldBinding, 'value' | 'onChange'>> {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** The control's `id`, or `field`: a form's binding for it (useFormFields' bind(name)), handed on to the control. */
type FieldSource = { id: string; field?: undefined } | { field: FieldBinding; id?: undefined };

export type FormFieldProps = FieldSource & {
  label: string;
  /** Help text shown under the control. */
  hint?: ReactNode;
  /** Inline error (announced with role="alert"); the control gets aria-invalid. */
  error?: string | null;
  /** E.g. a character counter, shown at the end of the label row. */
  aside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
};

/** A visible label, the control, an inline error right under it and an optional hint, wired together for screen readers. */
export function FormField(props: FormFieldProps) {
  const { label, hint, error, aside, children, field } = props;
  const id = field ? field.id : props.id;
  // No name attribute: the compose form's field names (style, name) would shadow the form element's own properties.
  const bound = field ? { value: field.value, onChange: field.onChange } : {};
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? fieldErrorId(id) : undefined;
  const asideId = aside ? `${id}-aside` : undefined;
  const describedBy = [errorId, hintId, asideId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`compose-field${error ? ' compose-field--invalid' : ''}`}>
      <div className="compose-field__label-row">
        <label className="compose-field__label" htmlFor={id}>
          {label}
        </label>
        {aside ? (
          <span id={asideId} className="compose-field__aside">
            {aside}
          </span>
        ) : null}
      </div>
      {children({ ...bound, id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="compose-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="compose-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** 'n/max' for a length-limited text, with a readable name for screen readers. */
export function CharacterCounter({ length, max }: { length: number; max: number }) {
  return (
    <span className={length >= max ? 'compose-counter compose-counter--full' : 'compose-counter'}>
      {length}/{max}
      <span className="w-visually-hidden"> characters</span>
    </span>
  );
}
