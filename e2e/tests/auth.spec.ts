/** Sign-up, sign-in, sign-out and password reset (docs/product.md#2-screens-and-routes auth screens, docs/product.md#4-states Session, docs/product.md#5-validation, docs/product.md#8-error-texts Login/Reset). */
import { strongPassword, unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { waitForLink } from '../support/mail';
import { expectPath, expectTitle, expectToast, header, signInLink, accountButton, signOutViaMenu, storedSession, toast } from '../support/ui';

// The console-error watch (support/console-watch.ts): wrong passwords, taken emails, weak passwords and forged reset links answer 4xx on purpose.
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/\/api\/token\/ → 401$/, /\/api\/base\/create_user\/ → 4\d\d$/, /\/api\/password\/reset\/confirm\/? → 4\d\d$/, /status of 4\d\d .*\/api\/(token|base\/create_user|password\/reset\/confirm)\/?\)$/);
});

test.describe('sign up', () => {
  test('sign up lands on /feed with a welcome toast, survives a reload, and sign out goes home', async ({ page }) => {
    const email = `e2e-${unique('su')}@example.com`;
    const password = strongPassword();
    await page.goto('/auth/sign_up');
    await expectTitle(page, 'Sign Up');
    await page.getByLabel('First name').fill('Greta');
    await page.getByLabel('Last name').fill('Lindqvist');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+4670000000');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expectPath(page, '/feed');
    await expectToast(page, /Welcome/);
    await expect(accountButton(page)).toContainText(email);

    await page.reload();
    await expect(accountButton(page)).toBeVisible();
    await expect(accountButton(page)).toContainText(email);
    expect((await storedSession(page)).username).toBe(email);

    await signOutViaMenu(page);
    await expectPath(page, '/');
    await expect(signInLink(page)).toBeVisible();
    expect(await storedSession(page)).toEqual({ access: null, refresh: null, username: null });
    await page.reload();
    await expect(signInLink(page)).toBeVisible();
  });

  test('all six fields are required and passwords must match', async ({ page }) => {
    await page.goto('/auth/sign_up');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/base/create_user')) requests.push(r.url());
    });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First name')).toBeFocused();

    await page.getByLabel('First name').fill('Greta');
    await page.getByLabel('Last name').fill('Lindqvist');
    await page.getByLabel('Email').fill(`e2e-${unique('mm')}@example.com`);
    await page.getByLabel('Phone').fill('+4670000000');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-42');
    await page.getByLabel('Confirm password').fill('Correct-Horse-43');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Above the form and beside the confirmation (every field's error is shown beside it).
    await expect(page.getByRole('alert')).toHaveText("Please edit the passwords as they don't match.");
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription("Please edit the passwords as they don't match.");
    expect(requests).toEqual([]);
  });

  test('the server error is shown for a taken email and a weak password', async ({ page, api }) => {
    const existing = await api.createUser();
    await page.goto('/auth/sign_up');
    await page.getByLabel('First name').fill('Greta');
    await page.getByLabel('Last name').fill('Lindqvist');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Phone').fill('+4670000000');
    const password = strongPassword();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('A user with that email already exists.')).toBeVisible();

    await page.getByLabel('Email').fill(`e2e-${unique('wk')}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('12345678');
    await page.getByLabel('Confirm password').fill('12345678');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Digits only: said beside the field before anything is sent (the server says the same).
    await expect(page.getByText(/too common|entirely numeric|cannot be only digits/).first()).toBeVisible();
    await expectPath(page, '/auth/sign_up');
  });
});

test.describe('sign-up failures', () => {
  async function fillSignUp(page: import('@playwright/test').Page, email: string) {
    const password = strongPassword();
    await page.getByLabel('First name').fill('Greta');
    await page.getByLabel('Last name').fill('Lindqvist');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+4670000000');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
  }

  test('a failed automatic login after sign-up goes to sign-in with the spec message', async ({ page }) => {
    await page.route((url) => /^\/api\/token\/?$/.test(url.pathname), (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await page.goto('/auth/sign_up');
    await fillSignUp(page, `e2e-${unique('al')}@example.com`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectPath(page, '/auth/sign_in');
    await expect(page.getByText('Login failed. Please try logging in manually.')).toBeVisible();
  });

  test('a sign-up failure without a server error shows "Could not create account"', async ({ page }) => {
    await page.route((url) => url.pathname.startsWith('/api/base/create_user'), (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto('/auth/sign_up');
    await fillSignUp(page, `e2e-${unique('cf')}@example.com`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Could not create account')).toBeVisible();
  });
});

test.describe('sign in', () => {
  test('signs in with email and password and goes to /feed', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/');
    await signInLink(page).click();
    await expectPath(page, '/auth/sign_in');
    await expectTitle(page, 'Sign In');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectPath(page, '/feed');
    await expect(accountButton(page)).toContainText(user.email);
    const stored = await storedSession(page);
    expect(stored.access).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(stored.username).toBe(user.email);
  });

  test('wrong credentials show the friendly message; empty fields make no request', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/auth/sign_in');
    let tokenCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/token/')) tokenCalls++;
    });
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(tokenCalls).toBe(0);

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password-1');
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('The email or password you entered is incorrect. Please try again or reset your password.')).toBeVisible();
    await expectPath(page, '/auth/sign_in');

    await page.getByLabel('Email').fill(`nobody-${unique()}@example.com`);
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('The email or password you entered is incorrect. Please try again or reset your password.')).toBeVisible();
  });

  test('a server failure other than 401 shows the generic sign-in message', async ({ page }) => {
    await page.route((url) => /^\/api\/token\/?$/.test(url.pathname), (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await page.goto('/auth/sign_in');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password').fill('whatever-123');
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Unable to sign in. Please check your credentials.')).toBeVisible();
  });

  test('a login response without tokens is "Authentication failed"', async ({ page }) => {
    await page.route((url) => /^\/api\/token\/?$/.test(url.pathname), (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await page.goto('/auth/sign_in');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password').fill('whatever-123');
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Authentication failed')).toBeVisible();
    await expectPath(page, '/auth/sign_in');
  });

  test('links lead to sign up and to password reset', async ({ page }) => {
    await page.goto('/auth/sign_in');
    await page.getByRole('link', { name: /Sign Up/ }).click();
    await expectPath(page, '/auth/sign_up');
    await page.goto('/auth/sign_in');
    await page.getByRole('link', { name: /Forgot your password/ }).click();
    await expectPath(page, '/auth/reset_password');
    await expectTitle(page, 'Reset Password');
  });
});

test.describe('password reset', () => {
  test('request a link, read it from the SMTP receiver, set a new password and sign in with it', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/auth/reset_password');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Follow the link in the email to choose a new password.')).toBeVisible();

    const link = await waitForLink(user.email, /\/auth\/reset_password_confirm\//);
    const url = new URL(link);
    expect(url.origin).toBe(new URL(page.url()).origin);
    await page.goto(url.pathname);
    await expectTitle(page, 'Set New Password');

    const newPassword = strongPassword();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword + 'x');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectToast(page, 'Password has been reset successfully!');
    await expectPath(page, '/auth/sign_in');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('The email or password you entered is incorrect. Please try again or reset your password.')).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectPath(page, '/feed');

    // The link is single-use.
    await signOutViaMenu(page);
    await page.goto(url.pathname);
    const another = strongPassword();
    await page.getByLabel('New password', { exact: true }).fill(another);
    await page.getByLabel('Confirm new password').fill(another);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectToast(page, 'Failed to reset password. Please try again.');
    await expectPath(page, url.pathname.replace(/\/$/, '') + '/');
  });

  test('a second reset request is blocked while one is pending', async ({ page }) => {
    let calls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    await page.route((url) => /^\/api\/password\/reset\/?$/.test(url.pathname), async (route) => {
      calls++;
      await gate;
      await route.continue();
    });
    await page.goto('/auth/reset_password');
    await page.getByLabel('Email').fill(`nobody-${unique()}@example.com`);
    const send = page.getByRole('button', { name: /Send Reset Link|Sending/ });
    await send.click();
    await send.click({ force: true }).catch(() => undefined);
    await page.getByLabel('Email').press('Enter').catch(() => undefined);
    await page.waitForTimeout(300);
    expect(calls).toBe(1);
    release();
    await expect(page.getByText('Follow the link in the email to choose a new password.')).toBeVisible();
    expect(calls).toBe(1);
  });

  test('an unknown email gets the same answer (no account enumeration)', async ({ page }) => {
    await page.goto('/auth/reset_password');
    await page.getByLabel('Email').fill(`nobody-${unique()}@example.com`);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Follow the link in the email to choose a new password.')).toBeVisible();
  });

  test('a failing reset request shows the spec toast', async ({ page }) => {
    await page.route((url) => /^\/api\/password\/reset\/?$/.test(url.pathname), (route) => route.abort());
    await page.goto('/auth/reset_password');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Could not send reset link. Please try again later.');
    await expect(page.getByText('Password reset request failed. Please try again.')).toBeVisible();
  });

  test('a link without a token is invalid', async ({ page }) => {
    await page.goto('/auth/reset_password_confirm/MQ');
    await expect(page.getByText('Invalid password reset link. Please request a new one.')).toBeVisible();
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await expectPath(page, '/auth/reset_password');
  });

  test('a forged token is refused by the server', async ({ page }) => {
    await page.goto('/auth/reset_password_confirm/MQ/not-a-real-token/');
    const password = strongPassword();
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectToast(page, 'Failed to reset password. Please try again.');
    await expect(toast(page, 'Password has been reset successfully!')).toHaveCount(0);
  });
});

test('the header shows the username and only Feed for visitors', async ({ signedInPage: page, me }) => {
  await page.goto('/');
  await expect(accountButton(page)).toContainText(me.email);
  const nav = header(page).getByRole('navigation', { name: 'Main' });
  for (const name of ['Feed', 'Business', 'Search', 'Compose Wish', 'Subscriptions']) await expect(nav.getByRole('link', { name })).toBeVisible();
  await signOutViaMenu(page);
  await expect(nav.getByRole('link')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Feed' })).toBeVisible();
});
