import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_ERRORS, ApiError, useDocumentTitle } from '@wishes/kit-client';
import { Button, useFormFields, useSubmit, validateResetEmail } from '@wishes/kit-ui';
import { toast } from '@wishes/kit-session';
import { AuthCard, AuthMessage } from '../common/AuthCard';
import { AuthField } from '../common/AuthField';
import { AUTH_FIELDS } from '../common/forms';
import { useResetRequest } from '../common/mutations';

export const RESET_LINK_NOT_SENT = 'Could not send reset link. Please try again later.';

/** /auth/reset_password: asks the server to mail a reset link. */
export default function ResetRequestPage() {
  useDocumentTitle('Reset Password');
  const form = useFormFields({ email: '' }, AUTH_FIELDS);
  const { email } = form.values;
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const resetRequest = useResetRequest();

  const validate = () => {
    const problem = validateResetEmail(email);
    if (problem) {
      setError(problem);
      form.setInvalid(['email']);
      form.focus('email');
      return false;
    }
    setError(null);
    form.setInvalid([]);
    return true;
  };

  const { busy: pending, submit } = useSubmit(async () => {
    try {
      // The confirmation replaces the form: it says it once, without a toast repeating it.
      const { message } = await resetRequest.mutateAsync(email.trim());
      setConfirmation(message);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : API_ERRORS.resetRequest);
      toast.error(RESET_LINK_NOT_SENT);
    }
  }, { validate });

  if (confirmation) {
    return (
      <AuthCard title="Reset Password">
        <AuthMessage kind="success">{confirmation}</AuthMessage>
        <p className="auth-intro">Follow the link in the email to choose a new password.</p>
        <nav className="auth-links auth-links--center" aria-label="Account help">
          <Link className="auth-link" to="/auth/sign_in">
            Back to Sign In
          </Link>
        </nav>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password" intro="Enter your email and we will send you a link to reset your password.">
      {error ? <AuthMessage kind="error">{error}</AuthMessage> : null}
      <form className="auth-form" noValidate onSubmit={submit} aria-label="Reset password">
        <AuthField {...form.bind('email')} label="Email" type="email" inputMode="email" autoComplete="email" required />
        <Button type="submit" size="large" className="auth-submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <nav className="auth-links auth-links--center" aria-label="Account help">
        <Link className="auth-link" to="/auth/sign_in">
          Back to Sign In
        </Link>
      </nav>
    </AuthCard>
  );
}
