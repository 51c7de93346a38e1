/** React bindings for the shared stores. */
import { useCallback, useEffect, useState } from 'react';
import type { BehaviorSubject } from 'rxjs';
import { session$, type SessionUser } from './session';
import { options$, loadOptions, siteName } from './options';
import { useKeyedState } from './useKeyedState';
import type { Options } from './contract/schemas';

/** Current value of a BehaviorSubject, re-rendering on change. */
export function useBehavior<T>(subject: BehaviorSubject<T>): T {
  const [value, setValue] = useState(subject.value);
  useEffect(() => {
    const subscription = subject.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [subject]);
  return value;
}

export function useSessionUser(): SessionUser | null {
  return useBehavior(session$).user;
}

/** Site options, loaded once for the whole site. */
export function useOptions(): Options | null {
  const options = useBehavior(options$);
  useEffect(() => {
    if (!options) void loadOptions();
  }, [options]);
  return options;
}

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
export function useOptionsWithRetry(): OptionsWithRetry {
  const options = useBehavior(options$);
  const [attempt, setAttempt] = useState(0);
  // Not failed (again) while a new attempt, or new options, are on their way.
  const [failed, setFailed] = useKeyedState([options, attempt], false);

  useEffect(() => {
    if (options) return;
    let active = true;
    void loadOptions().then((loaded) => {
      if (active && !loaded) setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [options, attempt, setFailed]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { options, failed: failed && !options, retry };
}

/** Sets document.title to '<page> | <site name>'. */
export function useDocumentTitle(page: string): void {
  const options = useBehavior(options$);
  useEffect(() => {
    document.title = `${page} | ${options?.site_name || siteName()}`;
  }, [page, options]);
}
