import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, FINISHED, MESSAGES, PASSWORD_RULES_TEXT, SIGN_UP_FIELDS, signUpFieldErrors, useFormFields, useSubmit, type SignUpValues } from '@wishes/kit-ui';
import { returnPathFrom, returnToQuery, toast } from '@wishes/kit-session';
import { siteName, useDocumentTitle } from '@wishes/kit-client';
import { AuthCard, AuthMessage } from '../common/AuthCard';
import { AuthField } from '../common/AuthField';
import { AUTH_FIELDS, REQUIRED_FIELDS_MESSAGE, serverErrorFields, serverErrorText } from '../common/forms';
import { useCreateUser, useLogin, useStartSession } from '../common/mutations';

/** Above the form when fields are wrong but none is empty (each says what is wrong beside it). */
export const CORRECT_FIELDS_MESSAGE = 'Please correct the fields marked below.';

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
  const form = useFormFields<SignUpValues>(EMPTY, AUTH_FIELDS);
  const { values } = form;
  const [error, setError] = useState<string | null>(null);
  const createUser = useCreateUser();
  const login = useLogin();
  const startSession = useStartSession();

  const showError = (message: string, fields: string[]) => {
    setError(message);
    // Form order, whatever order the fields were reported in (names the form lacks are dropped).
    const marked = SIGN_UP_FIELDS.filter((field) => fields.includes(field));
    form.setInvalid(marked);
    form.focus(marked[0]);
  };

  const validate = () => {
    // Every field's error at once, each beside its field; the summary above says what kind.
    const errors = signUpFieldErrors(values);
    const wrong = SIGN_UP_FIELDS.filter((field) => errors[field] !== undefined);
    if (wrong.length) {
      const missing = wrong.some((field) => errors[field] === MESSAGES.signUpRequired);
      const onlyMismatch = wrong.length === 1 && errors.confirm_password === MESSAGES.passwordsDontMatchSignUp;
      setError(missing ? REQUIRED_FIELDS_MESSAGE : onlyMismatch ? MESSAGES.passwordsDontMatchSignUp : CORRECT_FIELDS_MESSAGE);
      // A mismatch marks the confirmation only (its message sits under it): that is the field to fix.
      form.setErrors(errors);
      form.focus(wrong[0]);
      return false;
    }
    setError(null);
    form.setInvalid([]);
    return true;
  };

  const { busy: pending, submit } = useSubmit(async () => {
    const email = values.email.trim();
    const firstName = values.first_name.trim();
    try {
      await createUser.mutateAsync({
        email,
        password: values.password,
        first_name: firstName,
        last_name: values.last_name.trim(),
        phone: values.phone.trim(),
      });
    } catch (failure) {
      showError(serverErrorText(failure) ?? CREATE_ACCOUNT_FALLBACK, serverErrorFields(failure));
      return;
    }

    // The account exists now; a failed auto-login must not look like a failed sign-up.
    try {
      const tokens = await login.mutateAsync({ email, password: values.password });
      if (!tokens.access || !tokens.refresh) throw new Error('Login response without tokens');
      startSession(tokens, email);
    } catch {
      navigate(`/auth/sign_in${returnToQuery(search)}`, { state: { message: AUTO_LOGIN_FAILED } });
      return FINISHED;
    }
    navigate(returnPathFrom(search));
    toast.success(`Welcome to ${siteName()}, ${firstName}!`);
    return FINISHED;
  }, { validate });

  return (
    <AuthCard title="Sign Up">
      {error ? <AuthMessage kind="error">{error}</AuthMessage> : null}
      <form className="auth-form" noValidate onSubmit={submit} aria-label="Sign up">
        <div className="auth-row">
          <AuthField {...form.bind('first_name')} error={form.errorOf('first_name')} required label="First name" autoComplete="given-name" />
          <AuthField {...form.bind('last_name')} error={form.errorOf('last_name')} required label="Last name" autoComplete="family-name" />
        </div>
        <AuthField {...form.bind('email')} error={form.errorOf('email')} required label="Email" type="email" inputMode="email" autoComplete="email" />
        <AuthField {...form.bind('phone')} error={form.errorOf('phone')} required label="Phone" type="tel" inputMode="tel" autoComplete="tel" />
        <AuthField {...form.bind('password')} error={form.errorOf('password')} hint={PASSWORD_RULES_TEXT} required label="Password" type="password" autoComplete="new-password" />
        <AuthField {...form.bind('confirm_password')} error={form.errorOf('confirm_password')} required label="Confirm password" type="password" autoComplete="new-password" />
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
