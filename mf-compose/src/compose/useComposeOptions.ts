import { useCallback, useEffect, useRef, useState } from 'react';
import { loadOptions, useOptions, type Options } from '@wishes/shared';

export interface ComposeOptionsState {
  options: Options | null;
  /** The options could not be loaded; the form falls back to free text. */
  failed: boolean;
  retry: () => void;
}

/** The site options (shared store) plus what useOptions() alone cannot tell: that loading failed. */
export function useComposeOptions(): ComposeOptionsState {
  const options = useOptions();
  const [failed, setFailed] = useState(false);
  const mounted = useRef(true);

  const load = useCallback(() => {
    setFailed(false);
    void loadOptions().then((loaded) => {
      if (!loaded && mounted.current) setFailed(true);
    });
  }, []);

  useEffect(() => {
    mounted.current = true;
    if (!options) load();
    return () => {
      mounted.current = false;
    };
    // Only on mount: later loads are the person's retries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { options, failed: !options && failed, retry: load };
}
