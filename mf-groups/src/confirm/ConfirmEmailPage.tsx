/**
 * /groups/confirm-email?token=… (anyone, no sign-in; exposed as mf_groups/ConfirmEmailPage): a
 * signer confirms the address they gave, so that the recipient's reply reaches them. The address is
 * confirmed by a press, not by opening the link: mail scanners open links on their own.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@wishes/kit-client';
import { Button } from '@wishes/kit-ui';
import { act, errorOf } from '../common/api';
import '../common/groups.css';

export const CONFIRM_TEXT = {
  title: 'Confirm your address',
  lead: 'Confirm this address to get a copy of the reply when the person you signed for answers the group wish. It gets no other mail.',
  confirm: 'Confirm my address',
  confirming: 'Confirming...',
  done: 'Your address is confirmed. You will get a copy of the reply.',
  missing: 'This confirmation link is incomplete. Open the link from the mail again.',
  home: 'Go to the feed',
} as const;

type Step = { kind: 'ready' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'failed'; message: string };

export default function ConfirmEmailPage() {
  useDocumentTitle(CONFIRM_TEXT.title);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [step, setStep] = useState<Step>({ kind: 'ready' });

  async function confirm() {
    setStep({ kind: 'sending' });
    try {
      await act('confirmGroupEmail', { body: { token } });
      setStep({ kind: 'done' });
    } catch (error) {
      setStep({ kind: 'failed', message: errorOf(error) });
    }
  }

  return (
    <section className="groups-page" aria-labelledby="confirm-title">
      <div className="groups-card">
        <h1 id="confirm-title" className="groups-title">
          {CONFIRM_TEXT.title}
        </h1>
        {!token ? (
          <p className="groups-error" role="alert">
            {CONFIRM_TEXT.missing}
          </p>
        ) : step.kind === 'done' ? (
          <p className="groups-lead" role="status">
            {CONFIRM_TEXT.done}
          </p>
        ) : (
          <>
            <p className="groups-lead">{CONFIRM_TEXT.lead}</p>
            {step.kind === 'failed' && (
              <p className="groups-error" role="alert">
                {step.message}
              </p>
            )}
            <Button onClick={() => void confirm()} disabled={step.kind === 'sending'} aria-busy={step.kind === 'sending'}>
              {step.kind === 'sending' ? CONFIRM_TEXT.confirming : CONFIRM_TEXT.confirm}
            </Button>
          </>
        )}
        <p className="groups-meta">
          <Link to="/feed">{CONFIRM_TEXT.home}</Link>
        </p>
      </div>
    </section>
  );
}
