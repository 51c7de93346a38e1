import { type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
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
export declare const fieldErrorId: (id: string) => string;
/**
 * A form's text fields in one place: their values, their errors, and `bind(name)` with the id, name,
 * value, change handler and aria attributes a control needs (labels use `bind(name).id`).
 *
 *   const form = useFormFields({ email: '', password: '' }, { idPrefix: 'auth-field-', clearErrorOnEdit: true });
 *   <input {...form.bind('email')} type="email" />
 *   form.setInvalid(['email']);        // marked, message elsewhere
 *   form.setErrors({ email: 'Taken' }); // marked, with its own message
 */
export declare function useFormFields<Values extends Record<string, string>>(initial: Values | (() => Values), options?: FormFieldsOptions<Values>): {
    values: Values;
    errors: Partial<Record<keyof Values & string, FieldError>>;
    bind: (name: keyof Values & string) => FieldBinding;
    errorOf: (name: keyof Values & string) => string | undefined;
    set: (name: keyof Values & string, value: string) => void;
    setErrors: Dispatch<SetStateAction<Partial<Record<keyof Values & string, FieldError>>>>;
    setInvalid: (names: readonly (keyof Values & string)[], message?: string) => void;
    reset: (next?: Values) => void;
    focus: (name: (keyof Values & string) | undefined) => void;
};
export type FormFields<Values extends Record<string, string>> = ReturnType<typeof useFormFields<Values>>;
