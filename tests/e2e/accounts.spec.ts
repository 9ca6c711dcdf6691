import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  test,
  verificationLink,
  waitForApp,
} from './fixtures';

test('sign up, verify through the outbox link, log out, log in, see the points', async ({ page }, info) => {
  await presetCookieConsent(page);
  const tag = `${info.project.name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  const password = 'a long enough password';

  await page.goto('/auth?mode=signup');
  await waitForApp(page);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page, { include: ['main'] });

  // Client-side rules answer before the server is asked.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Enter your first name.')).toBeVisible();

  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Username').fill(tag);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  const link = await verificationLink(email);
  await page.goto(link);
  await expect(page.getByText('Email Verified!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');

  await page.goto('/profile');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  // The server-rendered button shows before React hydrates it; a click before then does nothing.
  await waitForApp(page);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  await page.goto('/profile');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth' && url.searchParams.get('next') === '/profile',
  );
  await waitForApp(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText("don't match");
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expect(page.getByTestId('points-balance')).toHaveText('0');
  // The navigation's Profile link carries the points badge (inside the menu panel on small screens).
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) await openMenu.click();
  await expect(page.getByRole('link', { name: 'Profile 0 points' }).first()).toBeVisible();
});

test("new password fields show the estimator's advice and refuse a guessable password", async ({
  page,
}, info) => {
  await presetCookieConsent(page);
  const tag = `${info.project.name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.goto('/auth?mode=signup');
  await waitForApp(page);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Username').fill(tag);
  await page.getByLabel('Email').fill(`${tag}@example.com`);
  const password = page.getByLabel('Password');
  await password.fill('password1');
  await expect(page.getByText('This is a commonly used password.')).toBeVisible();
  await password.fill(`${tag}2026`);
  await expect(page.getByText('There should not be any personal or page related data.')).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('This password is too easy to guess.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
  await password.fill('kettle orbit velvet lantern');
  await expect(page.getByText('Hard to guess. Good choice.')).toBeVisible();
  await expect(page.getByText('This password is too easy to guess.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // The change form knows whose password it is from the session.
  await page.goto('/profile');
  await waitForApp(page);
  const change = page.getByRole('form', { name: 'Change password' });
  await change.getByLabel('New password', { exact: true }).fill(`${tag}2026`);
  await expect(change.getByText('There should not be any personal or page related data.')).toBeVisible();
});

test('an expired or broken verification link explains itself', async ({ page }) => {
  await presetCookieConsent(page);
  await page.goto('/api/auth/verify-email?token=not-a-real-token');
  await expect(page.getByText('Verification link invalid', { exact: true })).toBeVisible();
  await expect(page).toHaveURL((url) => url.search === '');
});

test('a new submit on the profile forms clears the last server error', async ({ page }, info) => {
  await presetCookieConsent(page);
  const tag = `${info.project.name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'a long enough password';
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: info.project.use.baseURL! },
    data: { email: `${tag}@example.com`, password, firstName: 'Robin', username: tag },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await page.goto('/profile');

  // Change password: the server's answer to the last submit goes once the client rules stop the next.
  const change = page.getByRole('form', { name: 'Change password' });
  await change.getByLabel('Current password').fill('not the password');
  await change.getByLabel('New password', { exact: true }).fill('another long password');
  await change.getByLabel('Repeat new password').fill('another long password');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(change.getByRole('alert')).toHaveText('Your current password is incorrect.');
  await change.getByLabel('Current password').fill(password);
  await change.getByLabel('Repeat new password').fill('a different password');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(change.getByText('The passwords do not match.')).toBeVisible();
  await expect(change.getByRole('alert')).toHaveCount(0);

  // Delete account: the same in its dialog.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect.');
  await dialog.getByLabel('Password').fill('');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByText('Enter your password to confirm.', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});
