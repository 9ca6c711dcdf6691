import { readOutbox } from '../../src/server/lib/mailer';
import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  signInAsAdmin,
  test,
  waitForApp,
} from './fixtures';

test('an admin answers a contact message by email, kept with the message', async ({ page }, info) => {
  await presetCookieConsent(page);
  // Each project answers its own demo message (the contact form's own limit is left to its test).
  const { text, email } =
    info.project.name === 'mobile'
      ? { text: 'The Northbridge code from your deals page', email: 'marco@demo.propfirmclub.test' }
      : { text: 'Could you add Falcon Ridge Funding?', email: 'priya@demo.propfirmclub.test' };
  await signInAsAdmin(page);
  await page.goto('/admin/messages?status=all');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const card = page.locator('[data-testid^="message-"]').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
  const reply = `Thanks for writing (${info.project.name} ${Date.now()}).`;
  await card.getByLabel('Reply by email').fill(reply);
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Reply sent', { exact: true }),
  ).toBeVisible();
  await expect(card).toContainText(reply);
  await expect(card).toContainText('Answered');
  await expect
    .poll(async () =>
      (await readOutbox(process.env.PFC_E2E_DATA_DIR as string)).some(
        (m) => m.to === email && m.text.includes(reply),
      ),
    )
    .toBe(true);
});

test('an admin finds a user and sees their activity', async ({ page }) => {
  await presetCookieConsent(page);
  await signInAsAdmin(page);
  await page.goto('/admin/users?q=maya');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const card = page.locator('[data-testid^="user-"]').filter({ hasText: 'maya_trades' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Show activity' }).click();
  await expect(card.getByRole('heading', { name: 'Reviews', level: 3 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
});

test('an admin reads the next deals email and sends it now; the send is recorded', async ({ page }, info) => {
  await presetCookieConsent(page);
  await signInAsAdmin(page);
  await page.goto('/admin/newsletter');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Deals email', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Subject: This week's prop firm deals/)).toBeVisible();
  const preview = page.frameLocator('iframe[title="Preview of the deals email"]');
  await expect(preview.getByRole('heading', { name: "This week's prop firm deals" })).toBeVisible();
  // The email inside the sandboxed frame is not the page's own markup (and axe cannot enter it).
  await expectNoSeriousA11yViolations(page, { include: ['main'], exclude: ['iframe'] });
  // One send at a time for the whole site: the desktop project sends, the mobile one reads.
  test.skip(info.project.name === 'mobile', 'one send at a time: sent by the desktop project');
  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('button', { name: 'Send to everyone' }).click();
  const sends = page.getByRole('region', { name: 'Sends' });
  await expect(sends.locator('[data-testid^="send-"]').first()).toContainText(/Sent now by .*\n?.*/);
  await expect(
    sends.locator('[data-testid^="send-"]').first().getByText('sent', { exact: true }),
  ).toBeVisible({
    timeout: 15_000,
  });
});
