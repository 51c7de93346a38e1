/** Site options (GET /api/base/options), fetched once and shared by every app. */
import { BehaviorSubject } from 'rxjs';
import type { Options } from '@wishes/kit-contract/schemas';
import { call } from './client';
import { globalSingleton } from '@wishes/kit-session';
import { DEFAULT_SITE_NAME } from '@wishes/kit-contract/constants';

interface OptionsStore {
  options$: BehaviorSubject<Options | null>;
  pending: Promise<Options | null> | null;
}

const store: OptionsStore = globalSingleton('options', () => ({
  options$: new BehaviorSubject<Options | null>(null),
  pending: null,
}));

export const options$ = store.options$;

/** Loads the options once; later calls share the result. Resolves null on failure (and may retry later). */
export function loadOptions(): Promise<Options | null> {
  if (store.options$.value) return Promise.resolve(store.options$.value);
  if (!store.pending) {
    store.pending = call('getOptions')
      .then((options) => {
        store.options$.next(options);
        return options;
      })
      .catch(() => null)
      .finally(() => {
        store.pending = null;
      });
  }
  return store.pending;
}

export function siteName(): string {
  return store.options$.value?.site_name || DEFAULT_SITE_NAME;
}

/** For tests and for server-embedded options. */
export function setOptions(options: Options | null): void {
  store.options$.next(options);
}
