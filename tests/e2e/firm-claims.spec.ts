import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import {
  beginAsAdmin,
  type ClaimableFirm,
  claimCode,
  createClaimableFirm,
  expect,
  expectNoSeriousA11yViolations,
  latestMail,
  newTrader,
  runTag,
  test,
  waitForApp,
} from './fixtures';

/**
 * Claiming a firm's profile (issue 57), at 1280 and 390 px: the claim with a work address at the
 * firm's domain, the code read from the outbox, the admin's approval or rejection at
 * /admin/firm-claims, and what the firm page and the directory then show. Each test makes its own
 * firm, at a website domain of its own, named for its project and run, so the two projects never
 * share a firm, a claim or a work address.
 */

type Firm = ClaimableFirm;

/** A listed firm of the test's own with a website at `www.<run>.example.com`, made by the admin on `admin`. */
const ownFirm = (admin: Page, run: string): Promise<Firm> =>
  // Named to sort after the demo firms, so lists that open on the first firm do not change.
  createClaimableFirm(admin, run, { name: `Zephyr Claim Firm ${run}`, slug: `e2e-firm-claims-${run}` });

/** Each test's start: the admin on `page`, a firm of the test's own, and a claimant in a browser of their own. */
async function setUp(page: Page, browser: Browser, info: TestInfo, prefix: string) {
  test.setTimeout(120_000);
  const run = runTag(info);
  await beginAsAdmin(page);
  const firm = await ownFirm(page, run);
  const claimant = await newTrader(browser, page, info, prefix);
  return { run, firm, claimant, c: claimant.page };
}

/** The firm page's claim card: "Work at {firm}? Claim this profile". */
const claimCard = (page: Page, options: { includeHidden?: boolean } = {}) =>
  page.getByRole('region', { name: 'Claim this profile', ...options });

/** Opens the claim dialog from the firm page's claim card. */
async function openClaimDialog(page: Page, firm: Firm): Promise<Locator> {
  await page.goto(`/firm/${firm.slug}`);
  await waitForApp(page);
  const card = claimCard(page);
  await expect(card.getByText(`Work at ${firm.name}?`)).toBeVisible();
  await card.getByRole('button', { name: 'Claim this profile' }).click();
  const dialog = page.getByRole('dialog', { name: `Claim the profile of ${firm.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`An address at ${firm.domain} or a subdomain of it.`)).toBeVisible();
  return dialog;
}

/** Fills the claim's details and sends them; the dialog then asks for the code. */
async function sendClaim(dialog: Locator, workEmail: string, jobTitle: string) {
  await dialog.getByLabel('Work email').fill(workEmail);
  await dialog.getByLabel('Job title').fill(jobTitle);
  await dialog.getByLabel('Note to our admins').fill('I run the support desk and answer traders every day.');
  await dialog.getByRole('button', { name: 'Send the code' }).click();
}

/** Enters the emailed code and closes the dialog; the claim then waits for an admin. */
async function confirmClaim(page: Page, dialog: Locator, workEmail: string, firm: Firm) {
  await expect(
    dialog.getByText(`Enter the 6-digit code we sent to ${workEmail}.`, { exact: false }),
  ).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Code', exact: true })
    .fill(await claimCode(workEmail, firm.name));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const thanks = dialog.getByText('Thanks: your address is confirmed.', { exact: false });
  await expect(thanks).toBeVisible();
  // The card behind the dialog (hidden from assistive tech while it is open) takes the refreshed
  // claim; the dialog stays on its last step until it is closed.
  await expect(claimCard(page, { includeHidden: true })).toContainText(
    'Your claim is confirmed and waits for our check.',
  );
  await expect(thanks).toBeVisible();
  // The footer's Close comes before the corner's (also named Close).
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(claimCard(page)).toContainText('Your claim is confirmed and waits for our check.');
}

/** The admin's card of the firm's confirmed claim at /admin/firm-claims. */
async function adminClaimCard(admin: Page, firm: Firm, workEmail: string): Promise<Locator> {
  await admin.goto('/admin/firm-claims');
  await waitForApp(admin);
  const card = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: firm.name, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(workEmail);
  await expect(card).toContainText('Support lead');
  return card;
}

/** The "Claimed profile" badge, a link to what claiming means on /methodology. */
const claimedBadge = (scope: Page | Locator) => scope.getByRole('link', { name: /^Claimed profile\b/ });

test('claim with a work address, the code from the outbox, admin approval: the firm shows "Claimed profile"', async ({
  page,
  browser,
}, info) => {
  const { firm, claimant, c } = await setUp(page, browser, info, 'fc');
  const workEmail = `pat@${firm.domain}`;

  const dialog = await openClaimDialog(c, firm);
  await expect(claimedBadge(c)).toHaveCount(0);
  await expectNoSeriousA11yViolations(c, { include: ['[role="dialog"]'] });
  await sendClaim(dialog, workEmail, 'Support lead');
  await confirmClaim(c, dialog, workEmail, firm);

  const card = await adminClaimCard(page, firm, workEmail);
  await expect(card).toContainText(claimant.email);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Claim approved', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByText(`${firm.name}: ${claimant.email}`)).toBeVisible();
  const approved = await latestMail(claimant.email, `You now represent ${firm.name} on Prop Firm Club`);
  expect(approved.text).toContain(`/firm/${firm.slug}`);

  // The claimant now represents the firm: the API says so, and the page shows the firm as claimed.
  const me = await (await c.request.get('/api/auth/user')).json();
  expect(me.representativeOf).toEqual([expect.objectContaining({ slug: firm.slug, name: firm.name })]);
  await c.goto(`/firm/${firm.slug}`);
  await waitForApp(c);
  await expect(c.getByRole('heading', { level: 1, name: firm.name })).toBeVisible();
  await expect(claimedBadge(c)).toBeVisible();
  await expect(claimCard(c)).toContainText(`You represent ${firm.name} on Prop Firm Club.`);
  await expect(claimCard(c).getByRole('link', { name: 'Firm console' })).toHaveAttribute(
    'href',
    `/firm-console/${firm.slug}`,
  );

  // And on its directory card, found by name.
  await c.goto('/firms');
  await waitForApp(c);
  await c.getByRole('searchbox', { name: 'Search firms' }).fill(firm.name);
  const listed = c.getByRole('article', { name: firm.name, exact: true });
  await expect(listed).toBeVisible();
  await expect(claimedBadge(listed)).toBeVisible();
  await claimant.close();
});

test('a free-mail address is refused naming the domain; a rejected claim shows its reason to the claimant', async ({
  page,
  browser,
}, info) => {
  const { run, firm, claimant, c } = await setUp(page, browser, info, 'fr');

  const dialog = await openClaimDialog(c, firm);
  await sendClaim(dialog, `pat.${run}@gmail.com`, 'Support lead');
  await expect(dialog.getByRole('alert')).toHaveText(
    `gmail.com is a free email service and does not show that you work at the firm. Use an address at ${firm.domain}.`,
  );
  await expectNoSeriousA11yViolations(c, { include: ['[role="dialog"]'] });

  // An address at a subdomain of the firm's domain is accepted.
  const workEmail = `pat@ops.${firm.domain}`;
  await sendClaim(dialog, workEmail, 'Support lead');
  await confirmClaim(c, dialog, workEmail, firm);

  const reason = `Your job title did not match the firm's team page (${run}).`;
  const card = await adminClaimCard(page, firm, workEmail);
  await card.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: `Reject the claim of ${claimant.email} to ${firm.name}?` });
  await reject.getByRole('button', { name: 'Reject claim' }).click();
  await expect(reject.getByText('Give a reason (3 characters or more).')).toBeVisible();
  await reject.getByLabel('Reason (they are emailed it; kept in the audit log)').fill(reason);
  await reject.getByRole('button', { name: 'Reject claim' }).click();
  await expect(reject).toBeHidden();
  await expect(page.getByText('Claim rejected', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  const rejected = await latestMail(claimant.email, `Your claim of ${firm.name} was not approved`);
  expect(rejected.text).toContain(`Reason: ${reason}`);

  // The claimant reads the reason on the firm page, may claim again, and the firm is not claimed.
  await c.goto(`/firm/${firm.slug}`);
  await waitForApp(c);
  const claim = claimCard(c);
  await expect(claim).toContainText(`Your last claim was not approved. Reason: ${reason}`);
  await expect(claim.getByRole('button', { name: 'Claim this profile' })).toBeVisible();
  await expect(claimedBadge(c)).toHaveCount(0);
  const me = await (await c.request.get('/api/auth/user')).json();
  expect(me.representativeOf).toEqual([]);
  await claimant.close();
});
