import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  signInAsAdmin,
  test,
  verificationLink,
  waitForApp,
} from './fixtures';

/** The points badge next to Profile (in the slide-out panel below the large breakpoint). */
async function badgeText(page: Page, mobile: boolean): Promise<string> {
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const link = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: /Profile/ });
    const text = (await link.textContent()) ?? '';
    await page.keyboard.press('Escape');
    return text;
  }
  return (
    (await page
      .locator('header')
      .getByRole('link', { name: /Profile/ })
      .textContent()) ?? ''
  );
}

test('a claim with an upload, its approval by an admin, and the badge moving without a reload', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const mobile = info.project.name === 'mobile';
  await presetCookieConsent(page);
  const tag = `pts${info.project.name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  const baseURL = info.project.use.baseURL as string;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { email, password: 'a long enough password', firstName: 'Pat', username: tag },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await page.goto(await verificationLink(email));

  // The claim, with a real receipt image.
  await page.goto('/cashback-claims');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Cashback Claims', level: 1 })).toBeVisible();
  const firmSelect = page.getByLabel('Firm');
  const firstFirm = firmSelect.locator('option').nth(1);
  const firmLabel = (await firstFirm.textContent()) ?? '';
  const percentage = Number(firmLabel.match(/\(([\d.]+)% cashback\)/)?.[1]);
  expect(percentage).toBeGreaterThan(0);
  await firmSelect.selectOption({ index: 1 });
  const order = `E2E-${tag}`;
  await page.getByLabel('Order reference').fill(order);
  await page.getByLabel('Amount spent (USD)').fill('500');
  await page.getByLabel('Purchase date').fill(new Date().toISOString().slice(0, 10));
  const expected = Math.floor(500 * percentage);
  await expect(page.getByTestId('claim-estimate')).toHaveText(expected.toLocaleString('en-US'));
  const receipt = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#f0f0f0' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Receipt screenshot')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
  await page.getByRole('button', { name: 'Send claim' }).click();
  const mine = page.getByTestId('own-claims').getByRole('listitem').filter({ hasText: order });
  await expect(mine).toContainText('Pending');

  // An admin approves it from the queue, where the receipt is shown.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const adminPage = await adminContext.newPage();
  await presetCookieConsent(adminPage);
  await signInAsAdmin(adminPage);
  await adminPage.goto('/admin/cashback-claims');
  const card = adminPage.locator('[data-testid^="admin-claim-"]').filter({ hasText: order });
  await expect(card.getByRole('img', { name: `Receipt for order ${order}` })).toBeVisible();
  await expect
    .poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await card.getByRole('button', { name: /^Approve/ }).click();
  await expect(adminPage.getByText('Claim approved', { exact: true })).toBeVisible();
  await adminContext.close();

  // The trader sees the approval and the new balance.
  await page.reload();
  await expect(mine).toContainText('Approved');
  expect(await badgeText(page, mobile)).toContain(expected.toLocaleString('en-US'));

  // Spending moves the badge without a reload.
  await page.goto('/profile');
  await waitForApp(page);
  await expect(page.getByTestId('history-balance')).toHaveText(expected.toLocaleString('en-US'));
  await expect(page.getByTestId('points-history')).toContainText('Cashback claim approved');
  await page.getByLabel('PayPal email address').fill(email);
  const url = page.url();
  await page.getByRole('button', { name: /^Request \$/ }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Cash-out requested', { exact: true }),
  ).toBeVisible();
  const left = (expected - 2500).toLocaleString('en-US');
  await expect.poll(() => badgeText(page, mobile)).toContain(left);
  await expect(page.getByTestId('history-balance')).toHaveText(left);
  expect(page.url()).toBe(url);

  // The signed-in home, rendered on the server for this trader: balance, the latest points, the
  // cash-out waiting for an admin.
  const home = await page.request.get('/');
  expect(await home.text()).toContain(`Welcome back, ${tag}`);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome back, ${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('home-balance')).toHaveText(left);
  await expect(page.getByRole('list', { name: 'Latest points' })).toContainText('Cashback claim approved');
  await expect(page.getByTestId('home-waiting')).toContainText('Cash-out of $25.00 by PayPal');
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
});
