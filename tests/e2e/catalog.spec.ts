import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  expect,
  expectNoSeriousA11yViolations,
  presetCookieConsent,
  signInAsAdmin,
  test,
  waitForApp,
} from './fixtures';

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await presetCookieConsent(page);
});

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('export the catalog, change a price in the spreadsheet, dry run, apply, see it on the firm page', async ({
  page,
}, testInfo) => {
  // Each width edits a firm of its own: the two projects share one database.
  const slug = testInfo.project.name === 'mobile' ? 'mintgate' : 'oakmere';
  await signInAsAdmin(page);
  await page.goto('/admin/data');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Data', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'accounts.csv' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('accounts.csv');
  const exported = readFileSync((await download.path())!, 'utf8');
  expect(exported.startsWith('\uFEFFslug,name,')).toBe(true);

  // In the spreadsheet: keep this firm's rows (a merge import leaves the rest alone), raise one price.
  const rows = parse(exported, { bom: true }) as string[][];
  const [header] = rows;
  const mine = rows.filter((r) => r[0] === slug);
  expect(mine.length).toBeGreaterThan(1);
  const priceAt = header.indexOf('price');
  const oldPrice = Number(mine[0][priceAt]);
  const newPrice = Math.round(oldPrice + 7);
  mine[0][priceAt] = String(newPrice);
  const file = testInfo.outputPath('accounts.csv');
  writeFileSync(file, `\uFEFF${stringify([header, ...mine])}`);

  await page.getByLabel('Catalog files').setInputFiles(file);
  await page.getByRole('button', { name: 'Dry run' }).click();
  const summary = page.getByTestId('catalog-summary');
  await expect(summary).toContainText('Firms: 0 new, 1 changed, 0 unchanged');
  await expect(summary).toContainText('1 rule changes');
  const table = page.getByRole('table', { name: 'Firms the import changes' });
  // The header and the one firm.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`.price: ${oldPrice} → ${newPrice}`);
  const ruleText = (await table.getByText(/^Rule change: /).innerText()).replace(/^Rule change: /, '');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('catalog-dry-run.png'), fullPage: true });

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Import applied', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

  // The firm page's rule-change history shows it, as after an edit by hand.
  await page.goto(`/firm/${slug}`);
  await waitForApp(page);
  await expect(page.getByText(ruleText).first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Done again, the same file changes nothing.
  await page.goto('/admin/data');
  await waitForApp(page);
  await page.getByLabel('Catalog files').setInputFiles(file);
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('catalog-summary')).toContainText('Firms: 0 new, 0 changed, 1 unchanged');
});
