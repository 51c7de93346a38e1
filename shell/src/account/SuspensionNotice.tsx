import { useEffect } from 'react';
import { Button } from '@wishes/kit-ui';
import { clearSuspensionNotice, openModal, suspensionNotice, type Suspension } from '@wishes/kit-session';

export const SUSPENSION_TEXTS = {
  title: 'Your account has been suspended',
  signedOut: 'A moderator suspended your account, so you have been signed out.',
  reason: 'Reason given:',
  noReason: 'The moderator gave no reason.',
  ok: 'OK',
} as const;

function NoticeBody({ suspension, close }: { suspension: Suspension; close: () => void }) {
  return (
    <div className="shell-suspension">
      <p>{SUSPENSION_TEXTS.signedOut}</p>
      {suspension.reason ? (
        <p>
          {SUSPENSION_TEXTS.reason} <strong>{suspension.reason}</strong>
        </p>
      ) : (
        <p>{SUSPENSION_TEXTS.noReason}</p>
      )}
      <Button onClick={close}>{SUSPENSION_TEXTS.ok}</Button>
    </div>
  );
}

/**
 * Tells a member whose account was suspended, in the tab they had open, with the moderator's
 * reason: the server's answer to the refresh (or to any call with their tokens, which asks for a
 * refresh) carries it; the session ends, the tab goes to / and reloads, and this shows it there.
 */
export function SuspensionNotice() {
  useEffect(() => {
    const suspension = suspensionNotice();
    if (!suspension) return;
    openModal({ title: SUSPENSION_TEXTS.title, render: (close) => <NoticeBody suspension={suspension} close={close} />, onClose: clearSuspensionNotice });
  }, []);
  return null;
}
