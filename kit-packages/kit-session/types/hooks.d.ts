import type { BehaviorSubject } from 'rxjs';
import { type SessionUser } from './session';
import type { Options } from './contract/schemas';
/** Current value of a BehaviorSubject, re-rendering on change. */
export declare function useBehavior<T>(subject: BehaviorSubject<T>): T;
export declare function useSessionUser(): SessionUser | null;
/** Site options, loaded once for the whole site. */
export declare function useOptions(): Options | null;
export interface OptionsWithRetry {
    options: Options | null;
    /** The last load failed (the shared store resolves null): show an error with a retry. */
    failed: boolean;
    retry: () => void;
}
/**
 * The site options plus a failure flag: useOptions() alone keeps waiting forever when the options
 * request fails, and a screen that needs them shows an error with a retry instead.
 */
export declare function useOptionsWithRetry(): OptionsWithRetry;
/** Sets document.title to '<page> | <site name>'. */
export declare function useDocumentTitle(page: string): void;
