import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  signInAsAdmin,
  test,
  waitForApp,
} from './fixtures';

// Whole journeys through several pages: longer than the default on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await presetCookieConsent(page);
});

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin writes a post with an uploaded featured image, previews it and finds it on /blog', async ({
  page,
}, testInfo) => {
  const title = `E2E post ${testInfo.project.name} ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto('/admin/posts/new');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Title is required', { exact: true })).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill(title);
  // The slug follows the title until it is edited.
  await expect(page.getByLabel('Slug')).toHaveValue(title.toLowerCase().replaceAll(' ', '-'));
  await page.getByLabel('Excerpt').fill('Rules, payouts and prices that changed this week.');
  await page.getByLabel('Tags').fill('payouts, rules');
  const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Upload featured image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expect(page.getByText('Image uploaded', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Featured image', { exact: true })).toHaveValue(/^\/.+\.webp$/);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await content.pressSequentially('Three firms cut their daily drawdown this week.');
  await expect(page.getByText(/computed from the text \(1 min now\)/)).toBeVisible();

  // A draft's preview shows the post as the public page would.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(preview.getByText('Three firms cut their daily drawdown this week.')).toBeVisible();
  await expect(preview.getByText('1 min read')).toBeVisible();
  await expect(preview.locator('img[src$=".webp"]')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Back to editing' }).click();

  await page.getByLabel('Published', { exact: true }).check();
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await expect(page.getByText('Post saved', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, { include: ['main'] });

  await page.goto('/blog');
  await waitForApp(page);
  const card = page.getByRole('link', { name: title }).first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('article img[src$=".webp"]').first()).toBeVisible();

  // Listed in the admin with its status; deleted with a confirmation.
  await page.goto('/admin/posts');
  await waitForApp(page);
  await page.getByLabel('Search').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Delete post' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL('/admin/posts');
});

test('a scheduled post is not on /blog', async ({ page }, testInfo) => {
  const title = `E2E scheduled ${testInfo.project.name} ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto('/admin/posts/new');
  await waitForApp(page);
  await page.getByLabel('Title', { exact: true }).fill(title);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await content.pressSequentially('Not yet.');
  await page.getByLabel('Published', { exact: true }).check();
  await page.getByLabel('Publish date').fill(`${new Date().getFullYear() + 1}-01-15T09:30`);
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();
  const slug = (await page.getByLabel('Slug').inputValue()) || '';
  expect(slug).not.toBe('');

  await page.goto('/blog');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  const direct = await page.goto(`/blog/${slug}`);
  expect(direct?.status()).toBe(404);
  await expect(page.getByText('Post Not Found')).toBeVisible();

  await page.goto('/admin/posts?status=scheduled');
  await waitForApp(page);
  await expect(
    page.getByRole('row').filter({ hasText: title }).getByText('Scheduled', { exact: true }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('quick updates: add, hide with the switch, and delete', async ({ page }, testInfo) => {
  const title = `E2E update ${testInfo.project.name} ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto('/admin/quick-updates');
  await waitForApp(page);
  const form = page.getByRole('form', { name: 'New quick update' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Text').fill('Payouts now go out on Fridays.');
  await form.getByRole('button', { name: 'Add quick update' }).click();
  await expect(page.getByText('Quick update saved', { exact: true })).toBeVisible();
  await page.goto('/blog');
  await waitForApp(page);
  await expect(page.getByText(title)).toBeVisible();

  await page.goto('/admin/quick-updates');
  await waitForApp(page);
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('switch', { name: 'Published' }).click();
  // This row's own badge, shown once the save is in: another row's Hidden badge (the other
  // project's run of this test) can be on the page before this save has reached the server.
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/blog');
  await waitForApp(page);
  await expect(page.getByText(title)).toHaveCount(0);

  await page.goto('/admin/quick-updates');
  await waitForApp(page);
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
