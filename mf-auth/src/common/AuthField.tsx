import type { InputHTMLAttributes } from 'react';
import type { FieldBinding } from '@wishes/shared';

export type AuthFieldProps = FieldBinding & Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldBinding> & { label: string };

/**
 * A labelled input, bound with the kit's `bind(name)` (ids 'auth-field-<name>'). Invalid fields
 * get aria-invalid so the highlight is announced, not only coloured.
 */
export function AuthField({ label, className, ...inputProps }: AuthFieldProps) {
  return (
    <div className={inputProps['aria-invalid'] ? 'auth-field auth-field--invalid' : 'auth-field'}>
      <label className="auth-label" htmlFor={inputProps.id}>
        {label}
      </label>
      <input {...inputProps} className={['auth-input w-input', className].filter(Boolean).join(' ')} />
    </div>
  );
}
