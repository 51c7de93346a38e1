import { useEffect } from 'react';

/**
 * While `active`, leaving or reloading the page asks the browser to confirm, so text the person
 * has not saved is not lost by accident. (In-app navigation is not covered: the shell's
 * BrowserRouter has no blocker API.)
 */
export function useUnsavedChangesWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
