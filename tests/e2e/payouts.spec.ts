import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { emptyFirm } from '../../src/domain/admin-firms';
import {
  expect,
  expectNoSeriousA11yViolations,
  newTrader,
  presetCookieConsent,
  signInAsAdmin,
  test,
  waitForApp,
} from './fixtures';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A receipt-like picture of blocks of grey, different for every run, so its hash matches only its copy. */
async function evidenceImage(): Promise<Buffer> {
  const size = 256;
  const block = 32;
  const shades = Array.from({ length: 64 }, () => Math.floor(Math.random() * 256));
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      pixels.fill(
        shades[Math.floor(y / block) * 8 + Math.floor(x / block)],
        (y * size + x) * 3,
        (y * size + x) * 3 + 3,
      );
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** Fills the paid report form (in the dialog or in /profile) and sends it. */
async function reportPaid(scope: ReturnType<Page['locator']>, amount: string, image: Buffer) {
  await scope.getByLabel('Amount received (USD)').fill(amount);
  await scope.getByLabel('Payout method').selectOption({ label: 'Other' });
  await scope.getByLabel('Date requested').fill(daysAgo(9));
  await scope.getByLabel('Date received').fill(daysAgo(3));
  await scope.getByLabel('Public comment (optional)').fill('Paid after the usual checks.');
  await expect(scope.getByText('28 of 1,000 characters', { exact: false })).toBeVisible();
  await scope
    .getByLabel('Evidence images')
    .setInputFiles({ name: 'payout.png', mimeType: 'image/png', buffer: image });
  await expect(scope.getByRole('img', { name: 'Evidence 1: payout.png' })).toBeVisible();
}

test('a payout report with an image, its recycled copy flagged, and verification moving the firm’s record', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const origin = info.project.use.baseURL as string;
  const run = `${info.project.name}-${Date.now().toString(36)}`;
  const name = `Payout Test Firm ${run}`;
  const slug = `e2e-payouts-${run}`;

  // A firm of its own, with no reports yet.
  await presetCookieConsent(page);
  await signInAsAdmin(page);
  const created = await page.request.post('/api/admin/firms', {
    headers: { origin },
    data: { ...emptyFirm(), slug, name, status: 'listed', trustRating: 'approved' },
  });
  expect(created.status(), await created.text()).toBe(201);

  // A visitor reads the empty record and is offered to log in.
  const a = await newTrader(browser, page, info, 'pa');
  const image = await evidenceImage();
  await a.page.goto(`/firm/${slug}?tab=payouts`);
  await waitForApp(a.page);
  await expect(a.page.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
  await expect(a.page.getByTestId('payout-tier')).toHaveText('Not enough evidence');

  // Trader A reports a payout with an image and a transaction hash from the firm's tab.
  await a.page.getByRole('button', { name: 'Report a payout' }).click();
  const dialog = a.page.getByRole('dialog', { name: `Report a payout from ${name}` });
  await expect(dialog).toBeVisible();
  // The browser refuses an empty form with the server's own words, on its fields.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose the payout method')).toBeVisible();
  await reportPaid(dialog, '2500', image);
  await dialog.getByLabel('Payment reference (optional)').selectOption({ label: 'Crypto transaction' });
  await dialog.getByLabel('Network').selectOption({ label: 'Ethereum' });
  const hash = `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;
  await dialog.getByLabel('Transaction hash').fill(hash.slice(2));
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText(/Ethereum transaction hashes are 0x followed by 64/)).toBeVisible();
  await dialog.getByLabel('Transaction hash').fill(hash);
  await expectNoSeriousA11yViolations(a.page, { include: ['[role="dialog"]'] });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(
    a.page.getByRole('region', { name: /Notifications/ }).getByText('Payout report sent', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Where it stands, in /profile.
  await a.page.goto('/profile');
  await waitForApp(a.page);
  const own = a.page
    .getByTestId('own-payout-reports')
    .getByTestId('own-payout-report')
    .filter({ hasText: name });
  await expect(own).toContainText('$2,500');
  await expect(own).toContainText('Pending');

  // Trader B sends a copy of the same picture, from /profile: choose the firm, then the same form.
  const b = await newTrader(browser, page, info, 'pb');
  await b.page.goto('/profile');
  await waitForApp(b.page);
  await b.page.getByRole('button', { name: 'Report a payout' }).click();
  await b.page.getByLabel('Which firm paid or denied you?').fill(name);
  await b.page.getByRole('list', { name: 'Firms found' }).getByRole('button', { name }).click();
  const form = b.page.getByRole('form', { name: `Payout report for ${name}` });
  await reportPaid(form, '1800', image);
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(b.page.getByTestId('own-payout-report').filter({ hasText: name })).toContainText('Pending');

  // The admin sees the flag on the copy, naming the report it matches, and its evidence (the flagged
  // view lists the newest first).
  await page.goto('/admin/payout-reports');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Flagged', exact: true }).click();
  await expect(page).toHaveURL(/filter=flagged/);
  const ofFirm = page.locator('[data-testid^="payout-report-"]').filter({ hasText: name });
  const copy = ofFirm.filter({ hasText: '$1,800' });
  const first = ofFirm.filter({ hasText: '$2,500' });
  const firstId = Number((await first.getAttribute('data-testid'))?.replace('payout-report-', ''));
  await expect(
    copy.getByTestId('payout-flag').filter({ hasText: 'An image looks like one sent before' }),
  ).toContainText(`report #${firstId}`);
  await copy.getByRole('button', { name: /^Evidence 1 of report/ }).click();
  const large = page.getByRole('dialog', { name: /^Evidence 1 of report/ });
  await expect
    .poll(() => large.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(large).toBeHidden();
  await expect(first.getByTestId('payout-reference')).toHaveText(hash);
  await expectNoSeriousA11yViolations(page, { include: ['main'] });

  // The admin verifies the first with its grade.
  await first.getByLabel('Evidence grade').selectOption({ label: 'On-chain reference checked' });
  await first.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Report verified', { exact: true })).toBeVisible();

  // Two more of A's payouts, sent and verified through the API, make enough evidence for a tier.
  for (const amount of ['1200', '900']) {
    const sent = await a.page.request.post(`/api/firms/${slug}/payout-reports`, {
      headers: { origin },
      multipart: {
        kind: 'paid',
        amount,
        method: 'other',
        requestedOn: daysAgo(20),
        receivedOn: daysAgo(15),
        processor: 'wise',
        processorReference: String(Math.floor(Math.random() * 1e11)).padStart(11, '7'),
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    const verified = await page.request.post(`/api/admin/payout-reports/${id}/verify`, {
      headers: { origin },
      data: { grade: 'on_chain' },
    });
    expect(verified.status(), await verified.text()).toBe(200);
  }

  // The firm's tab shows the verified payouts and its new tier.
  await a.page.goto(`/firm/${slug}?tab=payouts`);
  await waitForApp(a.page);
  await expect(a.page.getByTestId('payout-tier')).toHaveText('Low');
  await expect(a.page.getByTestId('payouts-all')).toHaveText('3');
  const latest = a.page.getByTestId('payout-report');
  await expect(latest).toHaveCount(3);
  await expect(latest.filter({ hasText: '$2,500' })).toContainText(`@${a.username}`);
  await expect(latest.filter({ hasText: '$2,500' })).toContainText('On-chain reference checked');
  await expect(latest.filter({ hasText: '$2,500' })).not.toContainText(hash);
  await expectNoSeriousA11yViolations(a.page, { include: ['main'] });

  // The trader's profile says it was verified, with its grade.
  await a.page.goto('/profile');
  await expect(own.filter({ hasText: '$2,500' })).toContainText('Verified: On-chain reference checked');
  await Promise.all([a.close(), b.close()]);
});
