import type { ReactNode } from 'react';

/** Accessibility props every control in a FormField receives. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  id: string;
  label: string;
  /** Help text shown under the control. */
  hint?: ReactNode;
  /** Inline error (announced with role="alert"); the control gets aria-invalid. */
  error?: string | null;
  /** E.g. a character counter, shown at the end of the label row. */
  aside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** A visible label, the control, an inline error right under it and an optional hint, wired together for screen readers. */
export function FormField({ id, label, hint, error, aside, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
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
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
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
