import { toast } from '@wishes/kit-session';

export const LAZY_PANEL_TEXTS = { failed: 'Could not open this. Please try again.' } as const;

/**
 * Fetches a panel's code at its first use, then runs `use` with it. The modals a wish card opens
 * (share, report, the author's edit and delete, the voters) are not part of the feed's start-up:
 * a visitor who only reads never downloads them, one who opens one waits for a small chunk (cached
 * afterwards), and the modal opens with its content in place. A failed fetch (offline, a release
 * switched under the page) says so in a toast and leaves the page as it was.
 */
export function withLazyPanel<M, T>(load: () => Promise<M>, use: (module: M) => T): Promise<Awaited<T> | undefined> {
  return load().then(
    (module) => use(module) as Awaited<T>,
    (error: unknown) => {
      console.error('[mf-feed] could not load a panel', error);
      toast.error(LAZY_PANEL_TEXTS.failed);
      return undefined;
    },
  );
}
