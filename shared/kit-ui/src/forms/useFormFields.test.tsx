import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@wishes/kit-test';
import { fieldErrorId, useFormFields, type FieldBinding, type FormFieldsOptions } from './useFormFields';

type Values = { email: string; password: string };
type Form = ReturnType<typeof useFormFields<Values>>;
/** A button per action, so a test can drive the form as a person would (clicks) and read the DOM. */
type Actions = Record<string, (form: Form) => void>;

function Input({ label, field }: { label: string; field: FieldBinding }) {
  return (
    <>
      <label htmlFor={field.id}>{label}</label>
      <input {...field} />
    </>
  );
}

function SignInForm({ actions = {}, ...options }: FormFieldsOptions<Values> & { actions?: Actions }) {
  const form = useFormFields<Values>({ email: '', password: '' }, options);
  const message = form.errorOf('email');
  return (
    <form>
      <Input label="Email" field={form.bind('email')} />
      <Input label="Password" field={form.bind('password')} />
      {message ? <p id={fieldErrorId(form.bind('email').id)}>{message}</p> : null}
      <output data-testid="values">{JSON.stringify(form.values)}</output>
      <output data-testid="errors">{JSON.stringify(form.errors)}</output>
      {Object.entries(actions).map(([name, run]) => (
        <button key={name} type="button" onClick={() => run(form)}>
          {name}
        </button>
      ))}
    </form>
  );
}

const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));
const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

describe('useFormFields', () => {
  it('binds id, name, value and onChange: typing updates the values', async () => {
    renderAt(<SignInForm idPrefix="auth-field-" />);
    expect(email()).toHaveAttribute('id', 'auth-field-email');
    expect(email()).toHaveAttribute('name', 'email');
    await userEvent.type(email(), 'ann@example.com');
    expect(email()).toHaveValue('ann@example.com');
    expect(screen.getByTestId('values')).toHaveTextContent('{"email":"ann@example.com","password":""}');
  });

  it('makes unique ids without a prefix', () => {
    renderAt(<SignInForm />);
    expect(email().id).toMatch(/email$/);
    expect(password().id).toMatch(/password$/);
    expect(email().id).not.toBe(password().id);
  });

  it('marks invalid fields (aria-invalid; aria-describedby only with a message of its own) and focuses one', async () => {
    const actions: Actions = {
      'Mark both': (form) => form.setInvalid(['email', 'password']),
      'Email message': (form) => form.setErrors({ email: 'Not an email' }),
      'Focus email': (form) => form.focus('email'),
      'Password required': (form) => form.setInvalid(['password'], 'Required'),
      'Clear': (form) => form.setInvalid([]),
    };
    renderAt(<SignInForm idPrefix="f-" actions={actions} />);
    expect(email()).not.toHaveAttribute('aria-invalid');

    await click('Mark both');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).not.toHaveAttribute('aria-describedby');

    await click('Email message');
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(email()).toHaveAttribute('aria-describedby', 'f-email-error');
    expect(email()).toHaveAccessibleDescription('Not an email');

    await click('Focus email');
    expect(email()).toHaveFocus();

    await click('Password required');
    expect(screen.getByTestId('errors')).toHaveTextContent('{"password":"Required"}');

    await click('Clear');
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('errors')).toHaveTextContent('{}');
  });

  it('keeps errors while typing by default', async () => {
    renderAt(<SignInForm actions={{ Mark: (form) => form.setInvalid(['email']) }} />);
    await click('Mark');
    await userEvent.type(email(), 'a');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears the edited field’s error with clearErrorOnEdit', async () => {
    renderAt(<SignInForm clearErrorOnEdit actions={{ Mark: (form) => form.setInvalid(['email', 'password']) }} />);
    await click('Mark');
    await userEvent.type(email(), 'a');
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears it only when the rule says so for the new value', async () => {
    renderAt(<SignInForm clearErrorOnEdit={(value) => value.trim() !== ''} actions={{ Mark: (form) => form.setInvalid(['email']) }} />);
    await click('Mark');
    await userEvent.type(email(), ' ');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email(), 'a');
    expect(email()).not.toHaveAttribute('aria-invalid');
  });

  it('reset() goes back to the initial values (or given ones) without errors', async () => {
    const actions: Actions = {
      Mark: (form) => form.setInvalid(['email']),
      Reset: (form) => form.reset(),
      'Reset to Bea': (form) => form.reset({ email: 'bea@example.com', password: '' }),
    };
    renderAt(<SignInForm actions={actions} />);
    await userEvent.type(password(), 'secret');
    await click('Mark');
    await click('Reset');
    expect(screen.getByTestId('values')).toHaveTextContent('{"email":"","password":""}');
    expect(screen.getByTestId('errors')).toHaveTextContent('{}');
    await click('Reset to Bea');
    expect(email()).toHaveValue('bea@example.com');
  });

  it('can keep its values elsewhere (`state`), e.g. in a draft', async () => {
    function Outside() {
      const state = useState<Values>({ email: 'kept@example.com', password: '' });
      const form = useFormFields(state[0], { state });
      return (
        <>
          <Input label="Email" field={form.bind('email')} />
          <output data-testid="outside">{state[0].email}</output>
        </>
      );
    }
    renderAt(<Outside />);
    expect(email()).toHaveValue('kept@example.com');
    await userEvent.type(email(), '!');
    expect(screen.getByTestId('outside')).toHaveTextContent('kept@example.com!');
  });
});
