import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, FINISHED, useFormFields, useSubmit, validateLogin } from '@wishes/kit-ui';
import { returnPathFrom, returnToQuery } from '@wishes/kit-session';
import { useDocumentTitle, useSessionUser } from '@wishes/kit-client';
import { AuthCard, AuthMessage } from '../common/AuthCard';
import { AuthField } from '../common/AuthField';
import { AUTH_FIELDS, REQUIRED_FIELDS_MESSAGE } from '../common/forms';
import { useLogin, useStartSession } from '../common/mutations';
import { AUTHENTICATION_FAILED, loginErrorMessage } from './loginError';

/** A message handed over by another page through router state (e.g. sign-up's failed auto-login). */
function stateMessage(state: unknown): string | null {
  const message = (state as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/**
 * /auth/sign_in: email + password; success stores the tokens and goes to /feed, or to the page the
 * visitor was heading to (`?next=`, same-site paths only: anything else is ignored).
 */
export default function SignInPage() {
  useDocumentTitle('Sign In');
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSessionUser();
  const form = useFormFields({ email: '', password: '' }, AUTH_FIELDS);
  const { email, password } = form.values;
  const [error, setError] = useState<string | null>(null);
  const notice = stateMessage(location.state);
  const login = useLogin();
  const startSession = useStartSession();

  const validate = () => {
    const missing = validateLogin({ email, password });
    form.setInvalid(missing);
    if (missing.length) {
      setError(REQUIRED_FIELDS_MESSAGE);
      form.focus(missing[0]);
      return false;
    }
    setError(null);
    return true;
  };

  const { busy: pending, submit } = useSubmit(async () => {
    let tokens;
    try {
      tokens = await login.mutateAsync({ email: email.trim(), password });
    } catch (failure) {
      setError(loginErrorMessage(failure));
      return;
    }
    // The client checks the fields exist; empty tokens count as a failed login too.
    if (!tokens.access || !tokens.refresh) {
      setError(AUTHENTICATION_FAILED);
      return;
    }
    startSession(tokens, email.trim());
    navigate(returnPathFrom(location.search));
    return FINISHED;
  }, { validate });

  return (
    <AuthCard title="Sign In">
      {user ? (
        <AuthMessage kind="info">
          You are signed in as {user.username}.{' '}
          <Link className="auth-link" to="/feed">
            Go to the feed
          </Link>
        </AuthMessage>
      ) : null}
      {notice ? <AuthMessage kind="info">{notice}</AuthMessage> : null}
      {error ? <AuthMessage kind="error">{error}</AuthMessage> : null}
      <form className="auth-form" noValidate onSubmit={submit} aria-label="Sign in">
        <AuthField {...form.bind('email')} label="Email" type="email" autoComplete="email" inputMode="email" required />
        <AuthField {...form.bind('password')} label="Password" type="password" autoComplete="current-password" required />
        <Button type="submit" size="large" className="auth-submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <nav className="auth-links" aria-label="Account help">
        <Link className="auth-link" to={`/auth/sign_up${returnToQuery(location.search)}`}>
          Don't have an account? Sign Up
        </Link>
        <Link className="auth-link" to="/auth/reset_password">
          Forgot your password?
        </Link>
      </nav>
    </AuthCard>
  );
}
