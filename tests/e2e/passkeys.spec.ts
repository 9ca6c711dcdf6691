import { expect, expectNoSeriousA11yViolations, presetCookieConsent, test, waitForApp } from './fixtures';

/**
 * Passkeys in Chromium with a virtual authenticator of the DevTools protocol: a platform
 * authenticator (internal transport, CTAP2) that keeps discoverable credentials and verifies its
 * user, as a laptop's fingerprint reader would. Runs at 1280 and 390 px (the desktop and mobile
 * projects).
 */
test('add a passkey on /profile, sign out, then sign in with it on /auth', async ({ page }, info) => {
  const baseURL = info.project.use.baseURL as string;
  const tag = `pk${info.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  await presetCookieConsent(page);
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { email, password: 'a long enough password', firstName: 'Kim', username: tag },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto('/profile#passkeys');
  await waitForApp(page);
  const panel = page.locator('#passkeys');
  await expect(panel.getByText('You have no passkeys yet.')).toBeVisible();
  await panel.getByLabel('Name').fill('Test laptop');
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey "Test laptop" added', { exact: true })).toBeVisible();
  const row = panel.getByTestId('passkey-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Test laptop');
  await expect(row).toContainText('Added');
  await expect(row).toContainText('Not used yet');

  // The authenticator holds one discoverable credential for this site.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: info.outputPath(`passkeys-panel-${info.project.name}.png`) });
  await expectNoSeriousA11yViolations(page, { include: ['#passkeys'] });

  // Signed out, the passkey alone signs back in: no email, no password, no code.
  await page.request.post('/api/auth/logout', { headers: { origin: baseURL } });
  await page.goto('/auth?next=/profile');
  await waitForApp(page);
  await page.screenshot({ path: info.outputPath(`passkey-sign-in-${info.project.name}.png`) });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expect(page.getByRole('heading', { name: 'Hi, Kim' })).toBeVisible();
  await expect(page.locator('#passkeys').getByTestId('passkey-row')).toContainText('Last used');
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0].signCount).toBeGreaterThan(credentials[0].signCount);

  // Within 10 minutes of signing in, removing it needs no password.
  await page.locator('#passkeys').getByRole('button', { name: 'Remove passkey Test laptop' }).click();
  await expect(page.getByText('Passkey "Test laptop" removed', { exact: true })).toBeVisible();
  await expect(page.locator('#passkeys').getByText('You have no passkeys yet.')).toBeVisible();
});
