/** React bindings for the shared stores. */
import { useCallback, useEffect, useState } from 'react';
import type { BehaviorSubject } from 'rxjs';
import { session$, type SessionUser } from '@wishes/kit-session';
import { options$, loadOptions, siteName } from './options';
import { queryKeys } from './queryKeys';
import { useQuery } from './query/siteHooks';
import type { Options } from '@wishes/kit-contract/schemas';

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
  // The options store (options.ts) loads once and shares the answer; this query only tells a
  // failed load (and asks again on Retry) while the store is still empty.
  const load = useQuery({
    queryKey: queryKeys.options(),
    queryFn: async () => {
      const loaded = await loadOptions();
      if (!loaded) throw new Error('The site options could not be loaded.');
      return loaded;
    },
    enabled: !options,
    staleTime: Infinity,
  });
  const { refetch } = load;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { options, failed: load.isError && !load.isFetching && !options, retry };
}

/** Sets document.title to '<page> | <site name>'. */
export function useDocumentTitle(page: string): void {
  const options = useBehavior(options$);
  useEffect(() => {
    document.title = `${page} | ${options?.site_name || siteName()}`;
  }, [page, options]);
}
