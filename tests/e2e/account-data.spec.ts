import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import {
  beginAsAdmin,
  createFirm,
  expect,
  expectNoSeriousA11yViolations,
  newTrader,
  runTag,
  test,
  waitForApp,
} from './fixtures';

/**
 * "Download my data" and "Delete my account" on /profile (issue 56), at 1280 and 390 px. Each test
 * makes its own firm, giveaway and member, named for its project and run, so the two projects never
 * share data. The export's password prompt (a sign-in older than 10 minutes) is not reached here:
 * a fresh sign-up cannot be aged in a browser, and the API tests cover that path.
 */

const HOUR = 3_600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A picture of random pixels: no other upload looks like it. */
function noiseImage(size = 96): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

interface Firm {
  name: string;
  slug: string;
}

/**
 * A firm of the test's own that pays 5% cashback, made by the admin signed in on `admin`. Named to
 * sort after the demo firms, so lists that open on the first firm do not change.
 */
const ownFirm = (admin: Page, run: string): Promise<Firm> =>
  createFirm(admin, {
    name: `Zephyr Data Firm ${run}`,
    slug: `e2e-account-data-${run}`,
    cashbackProvided: true,
    cashbackPercentage: 5,
  });

/** Writes a four-star review of the firm through its Reviews tab, as the page's signed-in member. */
async function writeReview(page: Page, firm: Firm, title: string): Promise<void> {
  await page.goto(`/firm/${firm.slug}?tab=reviews`);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Write the First Review' }).click();
  const dialog = page.getByRole('dialog', { name: `Write a Review for ${firm.name}` });
  await dialog.getByRole('radio', { name: '4 stars' }).click();
  await dialog.getByLabel('Review Title').fill(title);
  // Text of its own: the same text as another review would hold it for a moderator.
  await dialog
    .getByLabel('Your Review')
    .fill(`Rules were clear and the first payout came within two days (${title}).`);
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^You reviewed this firm on /)).toBeVisible();
}

test('"Download my data" saves one ZIP with the account and its review', async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  const run = runTag(info);
  await beginAsAdmin(page);
  const firm = await ownFirm(page, run);
  const member = await newTrader(browser, page, info, 'dx');
  const m = member.page;
  const title = `Export me ${run}`;
  await writeReview(m, firm, title);

  await m.goto('/profile#your-data');
  await waitForApp(m);
  const panel = m.locator('#your-data');
  await expect(panel.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(m, { include: ['#your-data'] });
  const [download] = await Promise.all([
    m.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^propfirmclub-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(m.getByText('Your data is ready', { exact: true })).toBeVisible();

  const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining([
      'account.json',
      'reviews.json',
      'points-ledger.csv',
      'cashback-claims.json',
      'payout-reports.json',
      'giveaway-entries.json',
    ]),
  );
  const account = JSON.parse(strFromU8(files['account.json']));
  expect(account.profile).toMatchObject({
    email: member.email,
    username: member.username,
    emailVerified: true,
  });
  // The devices, never a session's token.
  expect(account.sessions.some((s: { current: boolean }) => s.current)).toBe(true);
  expect(strFromU8(files['account.json'])).not.toMatch(/token/i);
  const reviews = JSON.parse(strFromU8(files['reviews.json']));
  expect(reviews).toEqual([
    expect.objectContaining({
      title,
      rating: 4,
      firm: { name: firm.name, slug: firm.slug },
      moderation: expect.objectContaining({ status: expect.any(String) }),
    }),
  ]);

  // One export an hour: the second ask is refused in words, with no file.
  let second = false;
  m.on('download', () => {
    second = true;
  });
  await panel.getByRole('button', { name: 'Download my data' }).click();
  await expect(panel.getByRole('alert')).toContainText('You can download your data once an hour.');
  expect(second).toBe(false);
  await member.close();
});

test('an account with a review, a receipt, a payout report and a committed giveaway entry is deleted; the draw still verifies', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const origin = info.project.use.baseURL as string;
  const run = runTag(info);
  await beginAsAdmin(page);
  const firm = await ownFirm(page, run);
  const giveawayTitle = `Data Rights Giveaway ${run}`;
  const created = await page.request.post('/api/admin/giveaways', {
    headers: { origin },
    data: {
      title: giveawayTitle,
      slug: `e2e-account-deletion-${run}`,
      prizeDescription: 'A 25K challenge',
      startDate: new Date(Date.now() - HOUR).toISOString(),
      endDate: new Date(Date.now() + 48 * HOUR).toISOString(),
      winnerCount: 1,
      clientSeedSource: 'a phrase the e2e test makes up after entries close',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const giveaway = (await created.json()) as { id: number; slug: string };

  const member = await newTrader(browser, page, info, 'del');
  const m = member.page;
  const me = (await (await m.request.get('/api/auth/user')).json()) as { id: string; email: string };
  expect(me.email).toBe(member.email);

  // A review, from the firm's page.
  const reviewTitle = `Delete me ${run}`;
  await writeReview(m, firm, reviewTitle);

  // A cashback claim with its receipt, from /cashback-claims.
  const order = `DEL-${run}`;
  await m.goto('/cashback-claims');
  await waitForApp(m);
  await m.getByLabel('Firm').selectOption({ label: `${firm.name} (5% cashback)` });
  await m.getByLabel('Order reference').fill(order);
  await m.getByLabel('Amount spent (USD)').fill('400');
  await m.getByLabel('Purchase date').fill(daysAgo(1));
  await m
    .getByLabel('Receipt screenshot')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await noiseImage() });
  await m.getByRole('button', { name: 'Send claim' }).click();
  await expect(m.getByTestId('own-claims').getByRole('listitem').filter({ hasText: order })).toContainText(
    'Pending',
  );

  // A payout report with an evidence image, through the API (the report form has its own spec).
  const report = await m.request.post(`/api/firms/${firm.slug}/payout-reports`, {
    headers: { origin },
    multipart: {
      kind: 'paid',
      amount: '1500',
      method: 'other',
      requestedOn: daysAgo(10),
      receivedOn: daysAgo(4),
      processor: 'wise',
      processorReference: String(Math.floor(Math.random() * 1e11)).padStart(11, '7'),
      images: { name: 'payout.png', mimeType: 'image/png', buffer: await noiseImage() },
    },
  });
  expect(report.status(), await report.text()).toBe(201);
  const reportId = ((await report.json()) as { id: number }).id;

  // An entry in the giveaway, from its page; then a second entrant, so a ticket follows the member's.
  await m.goto(`/giveaways/${giveaway.slug}`);
  await waitForApp(m);
  await m.getByPlaceholder('@yourusername (required)').fill(`@${member.username}`);
  await m.getByRole('button', { name: 'Enter Giveaway' }).click();
  await expect(m.getByText('Successfully Entered!', { exact: true })).toBeVisible();
  await expect(m.getByText("You're entered! Ticket #1")).toBeVisible();
  const second = await page.request.post(`/api/giveaways/${giveaway.slug}/enter`, {
    headers: { origin },
    data: { socialMediaHandle: '@pfc_admin' },
  });
  expect(second.status(), await second.text()).toBe(201);

  // The admin decides the claim and the report, and closes the giveaway: its entry list is committed.
  const { id: claimId } = (
    (await (await m.request.get('/api/cashback-claims')).json()) as { id: number; orderReference: string }[]
  ).find((c) => c.orderReference === order) as { id: number };
  for (const [path, data] of [
    [`/api/admin/cashback-claims/${claimId}/approve`, undefined],
    [`/api/admin/payout-reports/${reportId}/verify`, { grade: 'processor_receipt' }],
    [`/api/admin/giveaways/${giveaway.id}/close`, undefined],
  ] as const) {
    const res = await page.request.post(path, { headers: { origin }, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  }
  const committed = (await (
    await page.request.get(`/api/giveaways/${giveaway.slug}/verification`)
  ).json()) as {
    giveaway: { entryListHash: string | null };
    entries: { ticketNumber: number; userId: string; entryHash: string }[];
  };
  expect(committed.giveaway.entryListHash).toMatch(/^[0-9a-f]{64}$/);

  // The member deletes the account from /profile with the password.
  await m.goto('/profile');
  await waitForApp(m);
  await m.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = m.getByRole('dialog', { name: 'Delete your account?' });
  await expectNoSeriousA11yViolations(m, { include: ['[role="dialog"]'] });
  await dialog.getByLabel('Password').fill(member.password);
  const [deleted] = await Promise.all([
    m.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/delete-user'),
    dialog.getByRole('button', { name: 'Delete Account' }).click(),
  ]);
  expect(deleted.status()).toBe(200);
  const summary = await deleted.json();
  expect(summary).toMatchObject({
    deleted: true,
    removed: {
      reviews: 1,
      openGiveawayEntries: 0,
      pendingCashbackClaims: 0,
      pendingPayoutReports: 0,
      images: 2,
    },
    kept: { cashbackClaims: 1, payoutReports: 1, committedGiveawayEntries: 1 },
  });
  expect(summary.kept.pointsLedgerRows).toBeGreaterThan(0);
  await expect(m.getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(m).toHaveURL((url) => url.pathname === '/');

  // Signed out: the session is gone, and /profile asks to log in.
  expect((await m.request.get('/api/auth/user')).status()).toBe(401);
  await m.goto('/profile');
  await expect(m).toHaveURL((url) => url.pathname === '/auth');
  // The review left the firm's page.
  await m.goto(`/firm/${firm.slug}?tab=reviews`);
  await expect(m.getByRole('heading', { name: 'No Reviews Yet' })).toBeVisible();
  await expect(m.getByText(reviewTitle)).toHaveCount(0);

  // The committed list is as it was: the member's entry stays, anonymous, under the same hash.
  const after = (await (
    await m.request.get(`/api/giveaways/${giveaway.slug}/verification`)
  ).json()) as typeof committed;
  expect(after.giveaway.entryListHash).toBe(committed.giveaway.entryListHash);
  expect(after.entries).toEqual(committed.entries);
  expect(after.entries.find((e) => e.ticketNumber === 1)?.userId).toBe(me.id);

  // The admin draws; the verifier repeats the draw in the browser and finds it sound.
  const drawn = await page.request.post(`/api/admin/giveaways/${giveaway.id}/draw`, {
    headers: { origin },
    data: { clientSeed: `e2e ${run}` },
  });
  expect(drawn.status(), await drawn.text()).toBe(200);
  await m.goto('/verify-giveaway');
  await waitForApp(m);
  await m.getByLabel('Giveaway', { exact: true }).selectOption({ label: giveawayTitle });
  await m.getByRole('button', { name: 'Verify in this browser' }).click();
  await expect(m.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'verified');
  await expect(m.locator('[data-check][data-ok="true"]')).toHaveCount(5);

  // The email address signs up again, as a new account.
  await m.goto('/auth?mode=signup');
  await waitForApp(m);
  await m.getByLabel('First name').fill('Pat');
  await m.getByLabel('Username').fill(`${member.username}n`);
  await m.getByLabel('Email').fill(member.email);
  await m.getByLabel('Password').fill(member.password);
  await m.getByRole('button', { name: 'Create Account' }).click();
  await expect(m).toHaveURL((url) => url.pathname === '/');
  const again = (await (await m.request.get('/api/auth/user')).json()) as { id: string; email: string };
  expect(again.email).toBe(member.email);
  expect(again.id).not.toBe(me.id);
  await member.close();
});
