import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { API_ERRORS, call, errorMessage, useDocumentTitle, useMutation, useSessionUser } from '@wishes/kit-client';
import { Button, ensureUiStyles, useFormFields, useSubmit, validateOfferEmail } from '@wishes/kit-ui';
import { LIMITS, TIMING, toast } from '@wishes/kit-session';
import { type OfferRequest } from '@wishes/kit-contract';
import { settleWhileMounted } from '../common/settleWhileMounted';
import { CharacterCounter, FormField } from '../common/FormField';
import '../compose/compose.css';
import './business.css';

export const BUSINESS_TEXT = {
  title: 'Business',
  sent: 'Offer received successfully',
  send: 'Send Offer',
  sending: 'Sending…',
} as const;

/**
 * The business-offer form (/business, signed-in only): email and message. The email follows the
 * spec's offer rule before anything is sent; the message is the server's to judge (non-empty,
 * at most 5000 characters) and its error is shown as is. Success goes home after 0.8 s.
 */
export default function BusinessPage() {
  ensureUiStyles(); // .w-input on the form controls
  useDocumentTitle(BUSINESS_TEXT.title);
  const navigate = useNavigate();
  // It starts with the email the member signed in with (the page is signed-in only); they may change it.
  const user = useSessionUser();
  const form = useFormFields({ email: user?.username ?? '', message: '' }, { idPrefix: 'business-', clearErrorOnEdit: true });
  const { email, message } = form.values;
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );
  const offer = useMutation({
    mutationFn: (body: OfferRequest) => call('submitOffer', { body }),
    // The server's `error` (e.g. an empty or too long message) or the spec's default; said even
    // after the page was left.
    onError: (error) => toast.error(errorMessage(error, API_ERRORS.offer)),
  });

  const validate = () => {
    if (sent) return false;
    const invalid = validateOfferEmail(email);
    form.setErrors(invalid ? { email: invalid } : {});
    setFormError(null);
    if (invalid) form.focus('email');
    return !invalid;
  };

  const { busy: sending, submit } = useSubmit(async () => {
    try {
      await settleWhileMounted(offer, { email: email.trim(), message });
      toast.success(BUSINESS_TEXT.sent);
      setSent(true);
      redirectTimer.current = setTimeout(() => navigate('/'), TIMING.redirectAfterOfferMs);
    } catch (error) {
      setFormError(errorMessage(error, API_ERRORS.offer));
    }
  }, { validate });

  return (
    <section className="compose-page compose-business" aria-labelledby="business-title">
      <header className="compose-page__header">
        <h1 id="business-title" className="compose-page__title">
          {BUSINESS_TEXT.title}
        </h1>
        <p className="compose-page__lead">
          Want to work with us? Send an offer for a partnership, advertising, sponsorship or anything else you have in mind. Tell us
          who you are and what you propose, and we will reply to the email address you give.
        </p>
      </header>

      <form className="compose-card compose-form compose-business__form" noValidate onSubmit={submit} aria-busy={sending} aria-labelledby="business-title">
        <FormField field={form.bind('email')} label="Email" error={form.errorOf('email')}>
          {(control) => <input {...control} className="compose-input w-input" type="email" inputMode="email" autoComplete="email" />}
        </FormField>
        <FormField field={form.bind('message')} label="Message" aside={<CharacterCounter length={message.length} max={LIMITS.offerMessageMax} />}>
          {(control) => <textarea {...control} className="compose-input w-input compose-textarea" rows={8} maxLength={LIMITS.offerMessageMax} />}
        </FormField>

        {formError ? (
          <p className="compose-field__error compose-business__error" role="alert">
            {formError}
          </p>
        ) : null}

        <div className="compose-actions">
          <Button
            type="submit"
            size="large"
            disabled={sending || sent}
            icon={sending ? <span className="w-spinner compose-button-spinner" aria-hidden="true" /> : undefined}
          >
            {sending ? BUSINESS_TEXT.sending : BUSINESS_TEXT.send}
          </Button>
        </div>
      </form>
    </section>
  );
}
