/**
 * /settings: account settings (exposed as mf_profile/SettingsPage): name and phone, password,
 * sign out everywhere, download my data, delete my account after typing the password.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, call, queryKeys, useDocumentTitle, useMutation, useQuery, useQueryClient, useSessionUser } from '@wishes/kit-client';
import { Button, ErrorState, FINISHED, Spinner, fieldErrorId, useFormFields, useSubmit, zoneList, type FieldBinding } from '@wishes/kit-ui';
import { signIn, signOut, toast } from '@wishes/kit-session';
import { type Account } from '@wishes/kit-contract';
import './settings.css';

export const SETTINGS_TEXT = {
  title: 'Settings',
  failed: 'Could not load your account.',
  profile: 'Profile',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  save: 'Save changes',
  saved: 'Your profile has been saved.',
  password: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  changePassword: 'Change password',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  sessions: 'Sessions',
  sessionsHelp: 'Signed in on a device you no longer use? End every session, this one included.',
  signOutEverywhere: 'Sign out everywhere',
  signedOutEverywhere: 'You have been signed out on every device.',
  data: 'Your data',
  dataHelp: 'A JSON file with your account, all your wishes (private ones too), votes, follows, followers, reports and notifications.',
  download: 'Download my data',
  downloaded: 'Your data has been downloaded.',
  privacy: 'Privacy Policy',
  danger: 'Delete account',
  dangerHelp:
    'This deletes your account, your wishes, your votes, follows, reports, notifications and avatar. It cannot be undone. Type your password to confirm.',
  deletePassword: 'Your password',
  deleteButton: 'Delete my account',
  deleted: 'Your account has been deleted.',
  generic: 'Something went wrong. Please try again.',
  reminders: 'Reminders',
  remindersHelp: "Reminders of your people's dates come at 9:00 in your time zone.",
  timeZone: 'Your time zone',
  reminderEmails: 'Also send reminders by email',
  remindersSaved: 'Your reminder settings have been saved.',
  saveReminders: 'Save reminder settings',
} as const;

const errorOf = (error: unknown) => (error instanceof ApiError && error.message ? error.message : SETTINGS_TEXT.generic);

function Section({ title, children, tone }: { title: string; children: ReactNode; tone?: 'danger' }) {
  const id = useId();
  return (
    <section className={`profile-settings__section${tone ? ` is-${tone}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="profile-settings__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A labelled input bound with the kit's `bind(name)`, and its error message (`error`) under it. */
function Field({ field, label, error, type = 'text', ...input }: { field: FieldBinding; label: string; error?: string; type?: string; autoComplete?: string; maxLength?: number; required?: boolean }) {
  return (
    <div className="profile-settings__field">
      <label htmlFor={field.id}>{label}</label>
      <input {...field} {...input} className="w-input" type={type} />
      {error ? (
        <p id={fieldErrorId(field.id)} className="profile-settings__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ProfileForm({ account, onSaved }: { account: Account; onSaved: (account: Account) => void }) {
  // The form's one error (whatever failed) is shown under the last field.
  const form = useFormFields({ first_name: account.first_name, last_name: account.last_name, phone: account.phone });
  const { busy, submit } = useSubmit(async () => {
    form.setErrors({});
    try {
      onSaved(await call('updateAccount', { body: form.values }));
      toast.success(SETTINGS_TEXT.saved);
    } catch (e) {
      form.setErrors({ phone: errorOf(e) });
    }
  });
  return (
    <form onSubmit={submit} className="profile-settings__form" noValidate>
      <p className="profile-settings__static">
        <span>{SETTINGS_TEXT.email}</span> {account.email}
      </p>
      <Field field={form.bind('first_name')} label={SETTINGS_TEXT.firstName} autoComplete="given-name" maxLength={150} required />
      <Field field={form.bind('last_name')} label={SETTINGS_TEXT.lastName} autoComplete="family-name" maxLength={150} required />
      <Field field={form.bind('phone')} label={SETTINGS_TEXT.phone} type="tel" autoComplete="tel" maxLength={32} error={form.errorOf('phone')} />
      <Button type="submit" disabled={busy}>
        {SETTINGS_TEXT.save}
      </Button>
    </form>
  );
}

function RemindersForm({ account, onSaved }: { account: Account; onSaved: (account: Account) => void }) {
  const ids = useId();
  const [zone, setZone] = useState(account.time_zone ?? 'UTC');
  const [emails, setEmails] = useState(account.reminder_emails !== false);
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useSubmit(async () => {
    setError(null);
    try {
      onSaved(await call('updateAccount', { body: { time_zone: zone, reminder_emails: emails } }));
      toast.success(SETTINGS_TEXT.remindersSaved);
    } catch (failure) {
      setError(errorOf(failure));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="profile-settings__help">{SETTINGS_TEXT.remindersHelp}</p>
      <div className="profile-settings__field">
        <label htmlFor={`${ids}-zone`}>{SETTINGS_TEXT.timeZone}</label>
        <select id={`${ids}-zone`} className="w-input" value={zone} onChange={(event) => setZone(event.target.value)}>
          {zoneList().map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </div>
      <div className="profile-settings__field profile-settings__check">
        <input id={`${ids}-emails`} type="checkbox" checked={emails} onChange={(event) => setEmails(event.target.checked)} />
        <label htmlFor={`${ids}-emails`}>{SETTINGS_TEXT.reminderEmails}</label>
      </div>
      {error ? (
        <p className="profile-settings__error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {SETTINGS_TEXT.saveReminders}
      </Button>
    </form>
  );
}

function PasswordForm({ email }: { email: string }) {
  const form = useFormFields({ current: '', next: '' });
  const { current, next } = form.values;
  const { busy, submit } = useSubmit(async () => {
    form.setErrors({});
    try {
      const tokens = await call('changePassword', { body: { current_password: current, new_password: next } });
      // This device keeps going with the new pair; every other session has ended.
      signIn({ access: tokens.access, refresh: tokens.refresh }, email);
      form.reset();
      toast.success(SETTINGS_TEXT.passwordChanged);
    } catch (e) {
      const fields = (e instanceof ApiError ? (e.body?.fields as Record<string, string> | undefined) : undefined) ?? {};
      if (fields.current_password) form.setErrors({ current: fields.current_password });
      else form.setErrors({ next: fields.new_password ?? errorOf(e) });
    }
  });
  return (
    <form onSubmit={submit} className="profile-settings__form" noValidate>
      <Field field={form.bind('current')} label={SETTINGS_TEXT.currentPassword} type="password" autoComplete="current-password" error={form.errorOf('current')} required />
      <Field field={form.bind('next')} label={SETTINGS_TEXT.newPassword} type="password" autoComplete="new-password" error={form.errorOf('next')} required />
      <Button type="submit" disabled={busy || !current || !next}>
        {SETTINGS_TEXT.changePassword}
      </Button>
    </form>
  );
}

/** Saves the export as a file: the JSON the server sent, under the name it suggests. */
async function downloadMyData(userId: number) {
  const data = await call('exportAccount');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `wishes-account-${userId}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const form = useFormFields({ password: '' });
  const { password } = form.values;
  // Deleted, the page leaves: the button stays busy (FINISHED) meanwhile.
  const { busy, submit } = useSubmit(async () => {
    form.setErrors({});
    try {
      await call('deleteAccount', { body: { password } });
      onDeleted();
      return FINISHED;
    } catch (e) {
      form.setErrors({ password: errorOf(e) });
    }
  });
  return (
    <form onSubmit={submit} className="profile-settings__form" noValidate>
      <p className="profile-settings__help">{SETTINGS_TEXT.dangerHelp}</p>
      <Field field={form.bind('password')} label={SETTINGS_TEXT.deletePassword} type="password" autoComplete="current-password" error={form.errorOf('password')} required />
      <Button type="submit" variant="danger" disabled={busy || !password}>
        {SETTINGS_TEXT.deleteButton}
      </Button>
    </form>
  );
}

export default function SettingsPage() {
  useDocumentTitle(SETTINGS_TEXT.title);
  const user = useSessionUser();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.account(), queryFn: () => call('getAccount') });
  const account = query.data ?? null;
  // Not failed (again) while a retry is on its way.
  const failed = query.isError && !query.isFetching;
  const setAccount = (saved: Account) => client.setQueryData(queryKeys.account(), saved);

  // Signed out while still on /settings, the sign-in guard would send the page to /auth/sign_in; so
  // go home first and sign out once this page has left (unmounted), or after a second at the latest.
  const leaving = useRef<string | null>(null);
  const finishLeaving = () => {
    const message = leaving.current;
    if (message === null) return;
    leaving.current = null;
    signOut();
    toast.success(message);
  };
  useEffect(() => finishLeaving, []);
  const leave = (message: string) => {
    leaving.current = message;
    navigate('/', { replace: true });
    setTimeout(finishLeaving, 1000);
  };

  const signOutEverywhere = useMutation({
    mutationFn: () => call('signOutEverywhere'),
    onSuccess: () => leave(SETTINGS_TEXT.signedOutEverywhere),
    onError: (e) => toast.error(errorOf(e)),
  });
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => toast.success(SETTINGS_TEXT.downloaded),
    onError: (e) => toast.error(errorOf(e)),
  });

  let content;
  if (failed) content = <ErrorState message={SETTINGS_TEXT.failed} onRetry={() => void query.refetch()} />;
  else if (!account) content = <Spinner label="Loading your account..." />;
  else
    content = (
      <>
        <Section title={SETTINGS_TEXT.profile}>
          <ProfileForm account={account} onSaved={setAccount} />
        </Section>
        <Section title={SETTINGS_TEXT.reminders}>
          <RemindersForm account={account} onSaved={setAccount} />
        </Section>
        <Section title={SETTINGS_TEXT.password}>
          <PasswordForm email={user?.username ?? account.email} />
        </Section>
        <Section title={SETTINGS_TEXT.sessions}>
          <p className="profile-settings__help">{SETTINGS_TEXT.sessionsHelp}</p>
          <Button variant="secondary" onClick={() => signOutEverywhere.mutate()}>
            {SETTINGS_TEXT.signOutEverywhere}
          </Button>
        </Section>
        <Section title={SETTINGS_TEXT.data}>
          <p className="profile-settings__help">
            {SETTINGS_TEXT.dataHelp} <Link to="/page/privacy_policy">{SETTINGS_TEXT.privacy}</Link>
          </p>
          <Button variant="secondary" onClick={() => download.mutate(account.user_id)}>
            {SETTINGS_TEXT.download}
          </Button>
        </Section>
        <Section title={SETTINGS_TEXT.danger} tone="danger">
          <DeleteAccount onDeleted={() => leave(SETTINGS_TEXT.deleted)} />
        </Section>
      </>
    );

  return (
    <div className="profile-settings">
      <h1 className="profile-settings__title">{SETTINGS_TEXT.title}</h1>
      {content}
    </div>
  );
}
