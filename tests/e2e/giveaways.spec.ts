import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  test,
  verificationLink,
  waitForApp,
} from './fixtures';

// Sign-up, the outbox link and axe take a while on the shared machines.
test.describe.configure({ timeout: 90_000 });

const ACTIVE = '/giveaways/northbridge-100k-challenge-giveaway';

/** Signs a new account up in the page's browser context; verified through its outbox link when asked. */
async function signUp(page: Page, verified: boolean): Promise<string> {
  const baseURL = test.info().project.use.baseURL!;
  const tag = `gv${test.info().project.name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { email, password: 'a long enough password', firstName: 'Gina', username: tag },
  });
  expect(res.status(), await res.text()).toBe(200);
  if (verified) {
    await page.goto(await verificationLink(email));
    await expect(page.getByText('Email Verified!', { exact: true })).toBeVisible();
  }
  return tag;
}

test('a verified user enters, sees the ticket, and still sees it after a reload', async ({ page }) => {
  await presetCookieConsent(page);
  const tag = await signUp(page, true);
  await page.goto(ACTIVE);
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Win a 100K Northbridge Challenge' })).toBeVisible();
  await expect(
    page.getByText('Required: Provide your social media handle to verify your entry.'),
  ).toBeVisible();
  await page.getByPlaceholder('@yourusername (required)').fill(`  @${tag}  `);
  await page.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page.getByText('Successfully Entered!', { exact: true })).toBeVisible();
  const banner = page.getByText(/You're entered! Ticket #\d+/);
  await expect(banner).toBeVisible();
  const ticket = (await banner.textContent())?.match(/#(\d+)/)?.[1];
  // The entry list shows the new ticket with the trimmed handle.
  await expect(page.getByRole('row', { name: new RegExp(`#${ticket}\\b.*@${tag}`) })).toBeVisible();

  await page.reload();
  await expect(page.getByText(`You're entered! Ticket #${ticket}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
});

test('an unverified user sees the verification banner and the toast', async ({ page }) => {
  await presetCookieConsent(page);
  await signUp(page, false);
  await page.goto(ACTIVE);
  await waitForApp(page);
  await expect(page.getByText('Email verification required!', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page.getByText('Email Verification Required', { exact: true })).toBeVisible();
  await expect(page.getByText(/You're entered!/)).toHaveCount(0);
});

test('an anonymous visitor sees the sign-in banner, and an unknown giveaway is a 404', async ({ page }) => {
  await presetCookieConsent(page);
  await page.goto(ACTIVE);
  await waitForApp(page);
  await expect(page.getByText('You must be logged in to enter giveaways.')).toBeVisible();
  await page.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(page.getByText('Sign In Required', { exact: true })).toBeVisible();
  const res = await page.goto('/giveaways/no-such-giveaway');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Giveaway Not Found' })).toBeVisible();
});

test('the verifier turns green on the demo giveaway and red after one entry changes', async ({ page }) => {
  await presetCookieConsent(page);
  await page.goto('/verify-giveaway');
  await page.getByLabel('Giveaway', { exact: true }).selectOption({ label: 'Autumn Futures Giveaway' });
  await page.getByRole('button', { name: 'Verify in this browser' }).click();
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toHaveAttribute('data-verdict', 'verified');
  await expect(page.locator('[data-check][data-ok="true"]')).toHaveCount(5);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download JSON' }).click(),
  ]);
  const record = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(record.entries).toHaveLength(20);
  record.entries[3].userId = 'someone-else';
  await page.getByLabel('JSON file').setInputFiles({
    name: 'tampered.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(record)),
  });
  await expect(verdict).toHaveAttribute('data-verdict', 'failed');
  await expect(page.locator('[data-check="entry-list"]')).toHaveAttribute('data-ok', 'false');
  await expect(page.locator('[data-check="entry-hashes"]')).toHaveAttribute('data-ok', 'false');
  await expect(page.locator('[data-check="server-seed"]')).toHaveAttribute('data-ok', 'true');
});
