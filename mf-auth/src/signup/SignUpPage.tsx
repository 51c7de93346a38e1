import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  api,
  Button,
  returnPathFrom,
  returnToQuery,
  signIn,
  siteName,
  SIGN_UP_FIELDS,
  toast,
  useDocumentTitle,
  useFormFields,
  validateSignUp,
  type SignUpValues,
} from '@wishes/shared';
import { AuthCard, AuthMessage } from '../common/AuthCard';
import { AuthField } from '../common/AuthField';
import { AUTH_FIELDS, REQUIRED_FIELDS_MESSAGE, serverErrorFields, serverErrorText } from '../common/forms';

export const CREATE_ACCOUNT_FALLBACK = 'Could not create account';
export const AUTO_LOGIN_FAILED = 'Login failed. Please try logging in manually.';

const EMPTY: SignUpValues = { first_name: '', last_name: '', email: '', phone: '', password: '', confirm_password: '' };

/**
 * /auth/sign_up: creates the account, then signs in automatically and goes to /feed, or to the
 * page the visitor was heading to (`?next=`, same-site paths only).
 */
export default function SignUpPage() {
  useDocumentTitle('Sign Up');
  const navigate = useNavigate();
  const { search } = useLocation();
  const pendingRef = useRef(false);
  const form = useFormFields<SignUpValues>(EMPTY, AUTH_FIELDS);
  const { values } = form;
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const showError = (message: string, fields: string[]) => {
    setError(message);
    // Form order, whatever order the fields were reported in (names the form lacks are dropped).
    const marked = SIGN_UP_FIELDS.filter((field) => fields.includes(field));
    form.setInvalid(marked);
    form.focus(marked[0]);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pendingRef.current) return;
    const { missing, error: mismatch } = validateSignUp(values);
    if (missing.length) return showError(REQUIRED_FIELDS_MESSAGE, missing);
    if (mismatch) return showError(mismatch, ['password', 'confirm_password']);

    setError(null);
    form.setInvalid([]);
    pendingRef.current = true;
    setPending(true);
    const email = values.email.trim();
    const firstName = values.first_name.trim();
    try {
      await api.createUser({
        email,
        password: values.password,
        first_name: firstName,
        last_name: values.last_name.trim(),
        phone: values.phone.trim(),
      });
    } catch (failure) {
      pendingRef.current = false;
      setPending(false);
      showError(serverErrorText(failure) ?? CREATE_ACCOUNT_FALLBACK, serverErrorFields(failure));
      return;
    }

    // The account exists now; a failed auto-login must not look like a failed sign-up.
    try {
      const tokens = await api.login(email, values.password);
      if (!tokens.access || !tokens.refresh) throw new Error('Login response without tokens');
      signIn(tokens, email);
    } catch {
      navigate(`/auth/sign_in${returnToQuery(search)}`, { state: { message: AUTO_LOGIN_FAILED } });
      return;
    }
    navigate(returnPathFrom(search));
    toast.success(`Welcome to ${siteName()}, ${firstName}!`);
  };

  return (
    <AuthCard title="Sign Up">
      {error ? <AuthMessage kind="error">{error}</AuthMessage> : null}
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-label="Sign up">
        <div className="auth-row">
          <AuthField {...form.bind('first_name')} required label="First name" autoComplete="given-name" />
          <AuthField {...form.bind('last_name')} required label="Last name" autoComplete="family-name" />
        </div>
        <AuthField {...form.bind('email')} required label="Email" type="email" inputMode="email" autoComplete="email" />
        <AuthField {...form.bind('phone')} required label="Phone" type="tel" inputMode="tel" autoComplete="tel" />
        <AuthField {...form.bind('password')} required label="Password" type="password" autoComplete="new-password" />
        <AuthField {...form.bind('confirm_password')} required label="Confirm password" type="password" autoComplete="new-password" />
        <Button type="submit" size="large" className="auth-submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Creating account...' : 'Sign Up'}
        </Button>
      </form>
      <nav className="auth-links auth-links--center" aria-label="Account help">
        <Link className="auth-link" to={`/auth/sign_in${returnToQuery(search)}`}>
          Already have an account? Sign In
        </Link>
      </nav>
    </AuthCard>
  );
}
