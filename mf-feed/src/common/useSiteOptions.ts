import { useCallback, useEffect, useState } from 'react';
import { loadOptions, options$, useBehavior, type Options } from '@wishes/shared';

export interface SiteOptionsState {
  options: Options | null;
  /** The last load failed (the shared store resolves null); offer a retry. */
  failed: boolean;
  retry: () => void;
}

/**
 * The shared site options plus a failure flag: useOptions() alone keeps waiting forever when
 * the options request fails, and screens must show an error with a retry instead.
 */
export function useSiteOptions(): SiteOptionsState {
  const options = useBehavior(options$);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (options) return;
    let active = true;
    setFailed(false);
    void loadOptions().then((loaded) => {
      if (active && !loaded) setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [options, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { options, failed: failed && !options, retry };
}
