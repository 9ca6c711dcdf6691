import { secretOf, totpCode } from '../setup/totp';
import { expect, expectNoSeriousA11yViolations, presetCookieConsent, test, waitForApp } from './fixtures';

test('turn on two-factor sign-in, then sign in with a code and with a backup code', async ({
  page,
}, info) => {
  await presetCookieConsent(page);
  const tag = `tf${info.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  const password = 'a long enough password';
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: info.project.use.baseURL as string },
    data: { email, password, firstName: 'Robin', username: tag },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);

  await page.goto('/profile');
  await waitForApp(page);
  const panel = page.locator('#two-factor');
  await panel.scrollIntoViewIfNeeded();
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(
    panel.getByRole('img', { name: 'QR code to scan with your authenticator app' }).locator('svg'),
  ).toBeVisible();
  const key = (await panel.getByTestId('two-factor-key').textContent()) ?? '';
  const secret = secretOf(`otpauth://totp/x?secret=${key}`);
  await expectNoSeriousA11yViolations(page, { include: ['#two-factor'] });
  await page.screenshot({ path: info.outputPath('two-factor-setup.png'), fullPage: false });
  await panel.getByLabel('Code from your authenticator app').fill(totpCode(secret));
  await panel.getByRole('button', { name: 'Turn on' }).click();
  const backupCodes = panel.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(backupCodes).toHaveCount(10);
  const codes = await backupCodes.allTextContents();
  await panel.getByRole('button', { name: 'I have saved them' }).click();
  await expect(panel.getByText('On', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Turn off' })).toBeVisible();

  const signIn = async () => {
    await page.request.post('/api/auth/logout', { headers: { origin: info.project.use.baseURL as string } });
    await page.goto('/auth?next=/profile');
    await waitForApp(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Two-factor sign-in' })).toBeVisible();
    // The password alone opened no session.
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
  };

  await signIn();
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expect(page.locator('#two-factor').getByText('On', { exact: true })).toBeVisible();

  await signIn();
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/profile');

  // A spent backup code does not work again.
  await signIn();
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('has been used already');
});
