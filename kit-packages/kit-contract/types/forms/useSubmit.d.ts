import { type FormEvent } from 'react';
/** What `run` returns when the form's work is over (the page leaves or shows the outcome): it stays busy. */
export declare const FINISHED = "finished";
export interface SubmitOptions {
    /** Runs first, before anything is busy: false stops the submit (it has shown the form's errors). */
    validate?: () => boolean;
}
/**
 * A form's submit handler: stops the browser's own submit, asks `validate`, then keeps `busy` true
 * while `run` works (its button shows it), whatever the outcome; after it, busy again unless `run`
 * returned FINISHED. A submit while busy is ignored — a ref, not only state, so two clicks in one
 * tick still send one request. `run` shows its own errors and toasts.
 */
export declare function useSubmit(run: () => Promise<void | typeof FINISHED>, { validate }?: SubmitOptions): {
    busy: boolean;
    submit: (event: FormEvent) => Promise<void>;
};
