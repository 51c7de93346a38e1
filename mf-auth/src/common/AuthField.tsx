import type { InputHTMLAttributes } from 'react';

export interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'name'> {
  /** Used for both the input's name and (prefixed) its id. */
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Highlights the field as invalid (missing or rejected). */
  invalid?: boolean;
}

/** A labelled input. Invalid fields get aria-invalid so the highlight is announced, not only coloured. */
export function AuthField({ name, label, value, onValueChange, invalid = false, className, ...inputProps }: AuthFieldProps) {
  const id = `auth-field-${name}`;
  return (
    <div className={invalid ? 'auth-field auth-field--invalid' : 'auth-field'}>
      <label className="auth-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        name={name}
        className={['auth-input w-input', className].filter(Boolean).join(' ')}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  );
}
