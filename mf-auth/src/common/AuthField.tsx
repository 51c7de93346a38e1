import type { InputHTMLAttributes } from 'react';
import { fieldErrorId, type FieldBinding } from '@wishes/kit-ui';

export type AuthFieldProps = FieldBinding &
  Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldBinding> & {
    label: string;
    /** The field's own error, shown beside it (the binding's aria-describedby points at it). */
    error?: string;
    /** A rule shown under the field before anything is sent (e.g. the password rules). */
    hint?: string;
  };

/** The id of a field's hint. */
export const fieldHintId = (id: string) => `${id}-hint`;

/**
 * A labelled input, bound with the kit's `bind(name)` (ids 'auth-field-<name>'). Invalid fields
 * get aria-invalid so the highlight is announced, not only coloured; the hint and the error are
 * the input's description.
 */
export function AuthField({ label, className, error, hint, ...inputProps }: AuthFieldProps) {
  const describedBy = [hint ? fieldHintId(inputProps.id) : null, error ? fieldErrorId(inputProps.id) : inputProps['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className={inputProps['aria-invalid'] ? 'auth-field auth-field--invalid' : 'auth-field'}>
      <label className="auth-label" htmlFor={inputProps.id}>
        {label}
      </label>
      <input {...inputProps} aria-describedby={describedBy || undefined} className={['auth-input w-input', className].filter(Boolean).join(' ')} />
      {hint ? (
        <p className="auth-hint" id={fieldHintId(inputProps.id)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="auth-field-error" id={fieldErrorId(inputProps.id)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
