import { expect, test } from '@playwright/test';
import { readOutbox } from '../../src/server/lib/mailer';
import { expectNoSeriousA11yViolations, presetCookieConsent, signInAsAdmin, waitForApp } from './fixtures';

test('an admin answers a contact message by email, and it moves to Answered', async ({ page }, info) => {
  await presetCookieConsent(page);
  // A message of this run's own, sent through the contact form's API.
  const email = `inbox-${info.project.name}-${Date.now().toString(36)}@example.com`;
  const baseURL = info.project.use.baseURL as string;
  const sent = await page.request.post('/api/contact', {
    headers: {
      origin: baseURL,
      'x-forwarded-for': `10.9.${info.project.name === 'mobile' ? 2 : 1}.${Date.now() % 250}`,
    },
    data: { name: 'Inbox Test', email, topic: 'General question', message: `Question from ${email}` },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signInAsAdmin(page);
  await page.goto('/admin/messages');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const card = page.locator('[data-testid^="message-"]').filter({ hasText: `Question from ${email}` });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: ['main'] });
  await card.getByLabel('Reply by email').fill('Thanks: here is the answer.');
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Reply sent', { exact: true }),
  ).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.getByRole('button', { name: /^Answered/ }).click();
  const answered = page.locator('[data-testid^="message-"]').filter({ hasText: `Question from ${email}` });
  await expect(answered).toContainText('Thanks: here is the answer.');
  await expect
    .poll(async () => (await readOutbox(process.env.PFC_E2E_DATA_DIR as string)).some((m) => m.to === email))
    .toBe(true);
});
