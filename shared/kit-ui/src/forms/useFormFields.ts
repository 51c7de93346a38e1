import { useCallback, useId, useRef, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';

/** A field's error: its message, or `true` when the field is invalid and the message is shown elsewhere (e.g. above the form). */
export type FieldError = string | true;

export type FieldErrors<Name extends string> = Partial<Record<Name, FieldError>>;

/** What a text control needs from its form: spread it onto the <input>, <textarea> or <select>. */
export interface FieldBinding {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  'aria-invalid': true | undefined;
  /** The id of the field's error message (`fieldErrorId(id)`) while it has one. */
  'aria-describedby': string | undefined;
}

export interface FormFieldsOptions<Values extends Record<string, string>> {
  /** Ids are `${idPrefix}${name}` (e.g. 'compose-' gives 'compose-topic'); without it, unique ids from useId(). */
  idPrefix?: string;
  /**
   * Whether editing a field clears its error: false (the default) keeps errors until the form sets
   * them again; true clears on any edit; a function decides from the new value.
   */
  clearErrorOnEdit?: boolean | ((value: string) => boolean);
  /** Keeps the values somewhere else (e.g. a draft that is persisted as a whole) instead of in the hook. */
  state?: readonly [Values, Dispatch<SetStateAction<Values>>];
}

/** The id of the element holding a field's error message. */
export const fieldErrorId = (id: string) => `${id}-error`;

const hasMessage = (error: FieldError | undefined): error is string => typeof error === 'string' && error !== '';

/**
 * A form's text fields in one place: their values, their errors, and `bind(name)` with the id, name,
 * value, change handler and aria attributes a control needs (labels use `bind(name).id`).
 *
 *   const form = useFormFields({ email: '', password: '' }, { idPrefix: 'auth-field-', clearErrorOnEdit: true });
 *   <input {...form.bind('email')} type="email" />
 *   form.setInvalid(['email']);        // marked, message elsewhere
 *   form.setErrors({ email: 'Taken' }); // marked, with its own message
 */
export function useFormFields<Values extends Record<string, string>>(initial: Values | (() => Values), options: FormFieldsOptions<Values> = {}) {
  type Name = keyof Values & string;
  const { idPrefix, clearErrorOnEdit = false } = options;
  const own = useState<Values>(initial);
  const [values, setValues] = options.state ?? own;
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const generatedId = useId();
  const initialRef = useRef(own[0]);

  const idOf = useCallback((name: Name) => (idPrefix === undefined ? `${generatedId}${name}` : `${idPrefix}${name}`), [idPrefix, generatedId]);

  /** Sets one field's value (clearing its error as `clearErrorOnEdit` says). */
  const set = useCallback(
    (name: Name, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      if (clearErrorOnEdit === true || (typeof clearErrorOnEdit === 'function' && clearErrorOnEdit(value))) {
        setErrors((current) => {
          if (!(name in current)) return current;
          const next = { ...current };
          delete next[name];
          return next;
        });
      }
    },
    [setValues, clearErrorOnEdit],
  );

  /** Marks exactly these fields invalid, each with `message` or (without one) shown elsewhere; [] clears every error. */
  const setInvalid = useCallback((names: readonly Name[], message?: string) => {
    setErrors(Object.fromEntries(names.map((name) => [name, message ?? true])) as FieldErrors<Name>);
  }, []);

  /** Back to the initial values (or `next`), without errors. */
  const reset = useCallback(
    (next?: Values) => {
      setValues(next ?? initialRef.current);
      setErrors({});
    },
    [setValues],
  );

  /** Moves keyboard focus to a field (e.g. the first invalid one). */
  const focus = useCallback(
    (name: Name | undefined) => {
      if (name !== undefined) document.getElementById(idOf(name))?.focus();
    },
    [idOf],
  );

  const bind = (name: Name): FieldBinding => {
    const id = idOf(name);
    const error = errors[name];
    return {
      id,
      name,
      value: values[name],
      onChange: (event) => set(name, event.target.value),
      'aria-invalid': error === true || hasMessage(error) || undefined,
      'aria-describedby': hasMessage(error) ? fieldErrorId(id) : undefined,
    };
  };

  /** A field's own error message (not `true`), if it has one. */
  const errorOf = (name: Name): string | undefined => {
    const error = errors[name];
    return hasMessage(error) ? error : undefined;
  };

  return { values, errors, bind, errorOf, set, setErrors, setInvalid, reset, focus };
}

export type FormFields<Values extends Record<string, string>> = ReturnType<typeof useFormFields<Values>>;
