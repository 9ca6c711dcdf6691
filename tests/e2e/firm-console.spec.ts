import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { emptyFundingModel } from '../../src/domain/admin-firms';
import { findLink } from '../../src/server/lib/mailer';
import {
  beginAsAdmin,
  type ClaimableFirm,
  clientAddress,
  createClaimableFirm,
  expect,
  latestMail,
  makeRepresentative,
  newTrader,
  presetCookieConsent,
  runTag,
  test,
  waitForApp,
} from './fixtures';

/**
 * A claimed firm answers (issue 57), at 1280 and 390 px: its representative replies to a review on
 * the firm page (the reply shows with its badge, the reviewer is emailed), and proposes corrections
 * from the firm console that an admin approves (the new price in the finder, "reported by the firm"
 * in the rule-change history) or rejects with a reason the representative reads. Each test makes
 * its own firm, representative and reviewer; the set-up goes through the API, the rest through the
 * pages as their users click.
 */

const PRICE = 199;
const NEW_PRICE = 149;
const HEADQUARTERS = 'London, United Kingdom';

interface Firm extends ClaimableFirm {
  /** The size of its one account: of its own, so the finder narrowed to it shows this firm alone. */
  capital: number;
}

/**
 * Each test's start: the admin on `page`, a firm of the test's own with one $199 account, and a
 * trader in a browser of their own who represents it (claimed through the API, code from the outbox,
 * approved by the admin).
 */
async function setUp(page: Page, browser: Browser, info: TestInfo) {
  test.setTimeout(150_000);
  const run = runTag(info);
  await beginAsAdmin(page);
  // Between $10,001 and $99,999 and not a round size: no demo firm has an account of it.
  const capital = 10_001 + Math.floor(Math.random() * 89_998);
  const created = await createClaimableFirm(page, run, {
    // Named to sort after the demo firms, so lists that open on the first firm do not change.
    name: `Zephyr Console Firm ${run}`,
    slug: `e2e-firm-console-${run}`,
    headquarters: HEADQUARTERS,
    fundingModels: [
      {
        ...emptyFundingModel(),
        name: 'Evaluation',
        profitTargetPhase1: 8,
        dailyDrawdown: 5,
        maximumDrawdown: 10,
        profitSplit: 80,
        accounts: [
          {
            capital,
            price: PRICE,
            pricingType: 'one-time',
            maxContracts: null,
            activationFee: null,
            resetPrice: null,
            disclaimer: null,
          },
        ],
      },
    ],
  });
  const firm: Firm = { ...created, capital };
  const rep = await newTrader(browser, page, info, 'rp');
  await makeRepresentative(page, rep.page, firm, { workEmail: `${rep.username}@${firm.domain}` });
  return { run, firm, rep, r: rep.page };
}

/** A review of the firm by a trader of its own, published at once (no link, no copied text). */
async function reviewFirm(browser: Browser, page: Page, info: TestInfo, firm: Firm, run: string) {
  const reviewer = await newTrader(browser, page, info, 'rv');
  const title = `Slow payout support ${run}`;
  const res = await reviewer.page.request.post(`/api/firms/${firm.id}/reviews`, {
    headers: { origin: info.project.use.baseURL as string },
    data: {
      rating: 2,
      title,
      comment: `The rules were fine but my payout took three weeks and support went quiet (${run}).`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const review = (await res.json()) as { id: number; status: string };
  expect(review.status).toBe('published');
  return { reviewer, review: { id: review.id, title } };
}

/** A visitor without an account, in a browser of their own at the test's width. */
async function newVisitor(browser: Browser, page: Page, info: TestInfo) {
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    viewport: page.viewportSize() ?? undefined,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress(info.workerIndex) },
  });
  const visitor = await context.newPage();
  await presetCookieConsent(visitor);
  return { page: visitor, close: () => context.close() };
}

/** The review's card on the firm page's Reviews tab. */
const reviewCard = (page: Page, id: number) => page.locator(`li#review-${id}`);

/** The firm's published reply in `scope`, with its "Firm representative" badge. */
async function expectReply(scope: Locator, firm: Firm, text: string) {
  const reply = scope.getByTestId('firm-reply');
  await expect(reply).toBeVisible();
  await expect(reply.getByText(`Response from ${firm.name}`)).toBeVisible();
  await expect(reply.getByText('Firm representative', { exact: true })).toBeVisible();
  await expect(reply).toContainText(text);
}

/** Opens the firm console as its representative. */
async function openConsole(r: Page, firm: Firm) {
  await r.goto(`/firm-console/${firm.slug}`);
  await waitForApp(r);
  await expect(r.getByRole('heading', { level: 1, name: `${firm.name} console` })).toBeVisible();
}

/** Sends the correction form's changes with a note and a source; answers the new request's id. */
async function sendCorrection(r: Page, firm: Firm, note: string): Promise<number> {
  const form = r.getByRole('form', { name: `Correct ${firm.name}` });
  await form.getByLabel('What changed and why').fill(note);
  await form
    .getByLabel('Source: link to your own rules or pricing page')
    .fill(`https://www.${firm.domain}/pricing`);
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Sent. Prop Firm Club checks each correction against your source before it goes live.',
  );
  const waiting = r.getByRole('note').filter({ hasText: /^Your correction #\d+ is waiting for review/ });
  await expect(waiting).toBeVisible();
  const id = Number((await waiting.textContent())?.match(/#(\d+)/)?.[1]);
  expect(id).toBeGreaterThan(0);
  const own = ownCorrection(r, id);
  await expect(own).toContainText('Pending');
  await expect(own).toContainText(note);
  return id;
}

/** A correction in the console's "Your corrections". */
const ownCorrection = (r: Page, id: number) =>
  r
    .getByRole('region', { name: 'Your corrections' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`Correction #${id}(?!\\d)`) });

/** The row of a field's change in a changes table: its before and after cells. */
async function expectFieldChange(table: Locator, field: RegExp, before: string, after: string) {
  const row = table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: field }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(`^(Before: )?${before}$`));
  await expect(row.getByRole('cell').nth(2)).toHaveText(new RegExp(`^(After: )?${after}$`));
}

/** The admin's card of the firm's pending correction at /admin/change-requests. */
async function adminRequestCard(admin: Page, firm: Firm, id: number, repEmail: string): Promise<Locator> {
  // By its address: at 390 px the admin navigation is a menu.
  await admin.goto('/admin/change-requests');
  await waitForApp(admin);
  await expect(admin.getByRole('heading', { level: 1, name: 'Change requests' })).toBeVisible();
  const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: firm.name }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Correction #${id} from`);
  await expect(card).toContainText(repEmail);
  await expect(card.getByRole('heading', { name: firm.name })).toContainText('Pending');
  return card;
}

/** The finder narrowed to the firm's own account size, as a visitor sees it. */
async function finderCard(visitor: Page, firm: Firm): Promise<Locator> {
  await visitor.goto(`/challenges?sizeMin=${firm.capital}&sizeMax=${firm.capital}`);
  await waitForApp(visitor);
  const cards = visitor.getByTestId('challenge-card');
  await expect(cards).toHaveCount(1);
  const card = visitor.getByRole('article', { name: new RegExp(`^${firm.name} `) });
  await expect(card).toBeVisible();
  return card;
}

test('a representative replies to a review: the reply shows with its badge and the reviewer is emailed', async ({
  page,
  browser,
}, info) => {
  const { run, firm, rep, r } = await setUp(page, browser, info);
  const { reviewer, review } = await reviewFirm(browser, page, info, firm, run);
  const text = `Thank you for the feedback (${run}).\nOur payouts team now answers within two working days.`;

  await r.goto(`/firm/${firm.slug}?tab=reviews`);
  await waitForApp(r);
  const card = reviewCard(r, review.id);
  await expect(card).toContainText(review.title);
  await expect(card.getByTestId('firm-reply')).toHaveCount(0);
  await card.getByRole('button', { name: 'Reply', exact: true }).click();
  const form = card.getByRole('form', { name: `Reply as ${firm.name}` });
  await expect(form.getByText('Do not share personal details of the reviewer')).toBeVisible();
  await form.getByLabel(`Reply as ${firm.name}`).fill(text);
  await form.getByRole('button', { name: 'Publish reply' }).click();
  await expect(r.getByText('Reply published', { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  await expectReply(card, firm, 'Our payouts team now answers within two working days.');
  await expect(card.getByRole('button', { name: 'Edit reply' })).toBeVisible();

  // The reviewer gets one email with the reply and a link to it, and finds it there.
  const mail = await latestMail(reviewer.email, `${firm.name} replied to your review`);
  expect(mail.text).toContain(text);
  const link = findLink(mail);
  expect(link).toContain(`/firm/${firm.slug}?tab=reviews#review-${review.id}`);
  const v = reviewer.page;
  await v.goto(link as string);
  await waitForApp(v);
  const seen = reviewCard(v, review.id);
  await expect(seen.getByText('Your review', { exact: true })).toBeVisible();
  await expectReply(seen, firm, 'Our payouts team now answers within two working days.');
  await expect(v.getByText(/^Replies to 100% of reviews and 100% of 1-2 star reviews/)).toBeVisible();
  // The badge is the firm's, on its reply only: the review itself carries none.
  await expect(seen.getByText('Firm representative', { exact: true })).toHaveCount(1);
  await reviewer.close();
  await rep.close();
});

test('a proposed price change, approved by an admin, shows in the finder and as reported by the firm', async ({
  page,
  browser,
}, info) => {
  const { run, firm, rep, r } = await setUp(page, browser, info);
  const { reviewer, review } = await reviewFirm(browser, page, info, firm, run);
  const visitor = await newVisitor(browser, page, info);
  await expect((await finderCard(visitor.page, firm)).getByText(`$${PRICE} one-time`)).toBeVisible();

  // The console: the figures, the review waiting for a reply, and the correction form.
  await openConsole(r, firm);
  await expect(r.getByRole('heading', { level: 2, name: 'Last 30 days' })).toBeVisible();
  for (const label of ['Page views', 'Clicks out', 'Coupon copies'])
    await expect(r.getByRole('term').filter({ hasText: label })).toBeVisible();
  const waiting = r.getByRole('listitem').filter({ hasText: review.title });
  await expect(waiting).toContainText('2/5');
  await expect(waiting.getByRole('link', { name: 'Reply to this review' })).toHaveAttribute(
    'href',
    `/firm/${firm.slug}?tab=reviews#review-${review.id}`,
  );
  await expect(r.getByText('You have not sent a correction yet.')).toBeVisible();

  const form = r.getByRole('form', { name: `Correct ${firm.name}` });
  // Prop Firm Club's own fields are shown and locked.
  await expect(form.getByLabel('Trust rating')).toBeDisabled();
  const price = form.getByLabel('Price ($)', { exact: true });
  await expect(price).toHaveValue(String(PRICE));
  await price.fill(String(NEW_PRICE));
  const note = `Our ${firm.capital} account costs $${NEW_PRICE} since the first of the month (${run}).`;
  const id = await sendCorrection(r, firm, note);
  await expectFieldChange(
    ownCorrection(r, id).getByRole('table'),
    /\.price$/,
    String(PRICE),
    String(NEW_PRICE),
  );

  // The admin sees the dry run, before and after, and approves it.
  const card = await adminRequestCard(page, firm, id, rep.email);
  await expect(card).toContainText(note);
  await expectFieldChange(
    card.getByRole('table', { name: `What correction #${id} changes` }),
    new RegExp(`^fundingModels\\.Evaluation\\.accounts\\.${firm.capital} one-time\\.price$`),
    String(PRICE),
    String(NEW_PRICE),
  );
  await expect(card).toContainText(`price $${PRICE} -> $${NEW_PRICE}`);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Correction applied', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  const applied = await latestMail(rep.email, `Your correction of ${firm.name} is live`);
  expect(applied.text).toContain(`/firm-console/${firm.slug}`);

  // A visitor finds the new price in the finder, and the change in the firm's history.
  await expect((await finderCard(visitor.page, firm)).getByText(`$${NEW_PRICE} one-time`)).toBeVisible();
  await visitor.page.goto(`/firm/${firm.slug}`);
  await waitForApp(visitor.page);
  const history = visitor.page.locator('#rule-changes');
  // The change's own item, not its day's (which holds the day's list).
  const change = history
    .getByRole('listitem')
    .filter({ hasText: `price $${PRICE} -> $${NEW_PRICE}` })
    .filter({ hasNot: visitor.page.getByRole('list') });
  await expect(change).toBeVisible();
  await expect(change).toContainText('Reported by the firm, checked by Prop Firm Club on');

  // The representative's console lists it as approved.
  await openConsole(r, firm);
  await expect(ownCorrection(r, id)).toContainText('Approved');
  await expect(r.getByRole('note').filter({ hasText: 'is waiting for review' })).toHaveCount(0);
  await visitor.close();
  await reviewer.close();
  await rep.close();
});

test('a rejected correction shows its reason in the console and in the email', async ({
  page,
  browser,
}, info) => {
  const { run, firm, rep, r } = await setUp(page, browser, info);

  await openConsole(r, firm);
  const form = r.getByRole('form', { name: `Correct ${firm.name}` });
  const hq = form.getByLabel('Headquarters', { exact: true });
  await expect(hq).toHaveValue(HEADQUARTERS);
  await hq.fill('Dubai, United Arab Emirates');
  const id = await sendCorrection(r, firm, `We moved our head office to Dubai this spring (${run}).`);

  const reason = `The source page still shows the London address (${run}).`;
  const card = await adminRequestCard(page, firm, id, rep.email);
  await expectFieldChange(
    card.getByRole('table', { name: `What correction #${id} changes` }),
    /^headquarters$/,
    HEADQUARTERS,
    'Dubai, United Arab Emirates',
  );
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject the correction of ${firm.name}?` });
  await dialog.getByLabel('Reason (the firm reads it; kept in the audit log)').fill(reason);
  await dialog.getByRole('button', { name: 'Reject correction' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Correction rejected', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();

  // The representative reads the reason in the console and in the email; nothing changed.
  const mail = await latestMail(rep.email, `Your correction of ${firm.name} was not applied`);
  expect(mail.text).toContain(`Reason: ${reason}`);
  await openConsole(r, firm);
  const own = ownCorrection(r, id);
  await expect(own).toContainText('Rejected');
  await expect(own.getByRole('definition').filter({ hasText: reason })).toBeVisible();
  await expect(r.getByRole('form', { name: `Correct ${firm.name}` }).getByLabel('Headquarters')).toHaveValue(
    HEADQUARTERS,
  );
  const details = (await (await r.request.get(`/api/firms/${firm.slug}/details`)).json()) as {
    headquarters: string;
  };
  expect(details.headquarters).toBe(HEADQUARTERS);
  await rep.close();
});
