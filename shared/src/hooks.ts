/** React bindings for the shared stores. */
import { useEffect, useState } from 'react';
import type { Observable, BehaviorSubject } from 'rxjs';
import { session$, type SessionUser } from './session';
import { options$, loadOptions, siteName } from './options';
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

/** Subscribes to an observable for the component's lifetime. */
export function useObservable<T>(source: Observable<T>, onValue: (value: T) => void): void {
  useEffect(() => {
    const subscription = source.subscribe(onValue);
    return () => subscription.unsubscribe();
    // onValue is expected to be stable enough; re-subscribing on every render would drop events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);
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

/** Sets document.title to '<page> | <site name>'. */
export function useDocumentTitle(page: string): void {
  const options = useBehavior(options$);
  useEffect(() => {
    document.title = `${page} | ${options?.site_name || siteName()}`;
  }, [page, options]);
}
