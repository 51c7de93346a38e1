import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { API_ERRORS, ApiError, useDocumentTitle } from '@wishes/kit-client';
import { Button, FINISHED, MESSAGES, useFormFields, useSubmit, validateResetConfirm } from '@wishes/kit-ui';
import { LIMITS, TIMING, toast } from '@wishes/kit-session';
import { AuthCard, AuthMessage } from '../common/AuthCard';
import { AuthField } from '../common/AuthField';
import { AUTH_FIELDS } from '../common/forms';
import { useResetConfirm } from '../common/mutations';
import { resetLinkParts } from './resetLink';

export const RESET_SUCCESS_TOAST = 'Password has been reset successfully!';
export const RESET_FAILURE_TOAST = 'Failed to reset password. Please try again.';

type PasswordField = 'new_password' | 'confirm_password';

/** Which field a validation message is about, so focus lands where the fix is needed. */
function fieldsFor(message: string): PasswordField[] {
  if (message === MESSAGES.resetPasswordsDontMatch) return ['confirm_password'];
  return ['new_password'];
}

/** /auth/reset_password_confirm/:uid/:token: sets a new password, then goes to sign-in after 1.5 s. */
export default function ResetConfirmPage() {
  useDocumentTitle('Set New Password');
  const navigate = useNavigate();
  const { uid, token } = resetLinkParts(useParams());
  const linkValid = Boolean(uid && token);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const form = useFormFields({ new_password: '', confirm_password: '' }, AUTH_FIELDS);
  const { new_password: password, confirm_password: confirm } = form.values;
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const resetConfirm = useResetConfirm();

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const validate = () => {
    const problem = validateResetConfirm({ uid, token, password, confirm });
    if (problem) {
      const fields = fieldsFor(problem);
      setError(problem);
      form.setInvalid(fields);
      form.focus(fields[0]);
      return false;
    }
    setError(null);
    form.setInvalid([]);
    return true;
  };

  // Once reset, the form stays busy (FINISHED) until the redirect.
  const { busy: pending, submit } = useSubmit(async () => {
    try {
      await resetConfirm.mutateAsync({ uid, token, new_password: password });
      // The toast says it is done; the page says only what comes next.
      setSuccess('Redirecting to Sign In...');
      toast.success(RESET_SUCCESS_TOAST);
      redirectTimer.current = setTimeout(() => navigate('/auth/sign_in'), TIMING.redirectAfterResetMs);
      return FINISHED;
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : API_ERRORS.resetConfirm);
      toast.error(RESET_FAILURE_TOAST);
    }
  }, { validate });

  if (!linkValid) {
    return (
      <AuthCard title="Set New Password">
        <AuthMessage kind="error">{MESSAGES.resetLinkInvalid}</AuthMessage>
        <nav className="auth-links auth-links--center" aria-label="Account help">
          <Link className="auth-link" to="/auth/reset_password">
            Request a new reset link
          </Link>
        </nav>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set New Password">
      {success ? <AuthMessage kind="success">{success}</AuthMessage> : null}
      {error ? <AuthMessage kind="error">{error}</AuthMessage> : null}
      <form className="auth-form" noValidate onSubmit={submit} aria-label="Set new password">
        <AuthField {...form.bind('new_password')} label="New password" type="password" autoComplete="new-password" required minLength={LIMITS.passwordMin} />
        <AuthField {...form.bind('confirm_password')} label="Confirm new password" type="password" autoComplete="new-password" required />
        <Button type="submit" size="large" className="auth-submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
      <nav className="auth-links auth-links--center" aria-label="Account help">
        <Link className="auth-link" to="/auth/reset_password">
          Request a new reset link
        </Link>
      </nav>
    </AuthCard>
  );
}
