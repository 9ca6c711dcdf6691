// Thousands of generated firms for benchmarks: never part of the demo seed or of `npm start`.

import { sql } from 'drizzle-orm';
import { EVIDENCE_GRADES } from '../../../domain/payout-rules';
import { computePayoutRecord } from '../../modules/payouts/service';
import type { Db } from '../client';
import { coupons, firmPayoutRecords, firmPayoutTierHistory, payoutReports, reviews, users } from '../schema';
import { buildCoupon, buildManualReview, type NewCoupon, type NewReview } from './factories';
import { ensurePlatformsAndPayoutMethods, insertFirmBundles } from './firm-bundles';
import { createRandom, generateFirms } from './firm-generator';

const DAY = 24 * 60 * 60 * 1000;
const BATCH_ROWS = 1000;

const REVIEW_TITLES = [
  'Smooth payouts so far',
  'Strict but fair',
  'Support took a while',
  'Would not return',
];

/** The one account the generated firms' payout reports come from. */
const BENCH_REPORTER_ID = 'bench-payout-reporter';

/**
 * Adds `count` generated listed firms (models, accounts, platforms, payout methods), a live coupon
 * for about 40% of them, 0-6 reviews and 0-12 verified payout reports each (their payout records
 * and tiers computed), the firm's reply to every other review and to each denied report (as a
 * claimed firm's page shows them), deterministic for a seed. Returns the slugs, so a
 * benchmark can pick a firm page that really exists.
 */
export async function seedGeneratedFirms(db: Db, count: number, seed = 5000): Promise<string[]> {
  const bundles = generateFirms(count, seed);
  await ensurePlatformsAndPayoutMethods(db, bundles);
  const firmIds = await insertFirmBundles(db, bundles);

  const random = createRandom(seed + 1);
  const now = Date.now();
  const couponRows: NewCoupon[] = [];
  const reviewRows: NewReview[] = [];
  const reportRows: (typeof payoutReports.$inferInsert)[] = [];
  const recordRows: (typeof firmPayoutRecords.$inferInsert)[] = [];
  const today = new Date(now);
  for (const [slug, propFirmId] of firmIds) {
    if (random.chance(0.4)) {
      const percent = random.pick([10, 15, 20, 25, 30]);
      couponRows.push(
        buildCoupon({
          propFirmId,
          code: `${slug
            .replace(/[^a-z0-9]/g, '')
            .slice(0, 12)
            .toUpperCase()}${percent}`,
          title: `${percent}% off every challenge`,
          description: `${percent}% off all evaluation accounts`,
          discountPercent: percent,
          expiryDate: random.chance(0.2) ? new Date(now - DAY) : new Date(now + random.int(2, 90) * DAY),
          featured: random.chance(0.1),
        }),
      );
    }
    for (let i = random.int(0, 6); i > 0; i--) {
      const rating = random.int(1, 5);
      reviewRows.push(
        buildManualReview({ propFirmId, rating, title: REVIEW_TITLES[Math.min(3, 5 - rating)] }),
      );
    }
    const firmReports: (typeof payoutReports.$inferInsert)[] = [];
    const speed = random.int(1, 20);
    for (let i = random.int(0, 12); i > 0; i--) {
      const received = now - random.int(2, 360) * DAY;
      const denied = random.chance(0.1);
      const at = new Date(received).toISOString().slice(0, 10);
      firmReports.push({
        userId: BENCH_REPORTER_ID,
        propFirmId,
        kind: denied ? 'denied' : 'paid',
        amountCents: random.int(5, 200) * 5000,
        requestedOn: denied
          ? null
          : new Date(received - random.int(0, speed) * DAY).toISOString().slice(0, 10),
        receivedOn: denied ? null : at,
        deniedOn: denied ? at : null,
        denialReason: denied ? 'no_reason' : null,
        status: 'verified',
        grade: random.pick([...EVIDENCE_GRADES]),
        verifications: 1,
        verifiedAt: new Date(received + DAY),
        createdAt: new Date(received),
      });
    }
    if (firmReports.length === 0) continue;
    reportRows.push(...firmReports);
    const record = computePayoutRecord(
      firmReports.map((r) => ({
        kind: r.kind,
        amountCents: r.amountCents ?? null,
        method: null,
        requestedOn: r.requestedOn ?? null,
        receivedOn: r.receivedOn ?? null,
        deniedOn: r.deniedOn ?? null,
        grade: r.grade ?? 'screenshot',
      })),
      today,
    );
    recordRows.push({
      propFirmId,
      tier: record.tier,
      tierChangedAt: today,
      medianDays: record.medianDays,
      record: { ...record, tierChangedAt: today.toISOString() },
      computedAt: today,
    });
  }
  for (let i = 0; i < couponRows.length; i += BATCH_ROWS) {
    await db.insert(coupons).values(couponRows.slice(i, i + BATCH_ROWS));
  }
  for (let i = 0; i < reviewRows.length; i += BATCH_ROWS) {
    await db.insert(reviews).values(reviewRows.slice(i, i + BATCH_ROWS));
  }
  await db
    .insert(users)
    .values({ id: BENCH_REPORTER_ID, name: 'Bench reporter', email: 'bench-payout-reporter@example.invalid' })
    .onConflictDoNothing();
  for (let i = 0; i < reportRows.length; i += BATCH_ROWS) {
    await db.insert(payoutReports).values(reportRows.slice(i, i + BATCH_ROWS));
  }
  for (let i = 0; i < recordRows.length; i += BATCH_ROWS) {
    const batch = recordRows.slice(i, i + BATCH_ROWS);
    await db.insert(firmPayoutRecords).values(batch);
    await db
      .insert(firmPayoutTierHistory)
      .values(batch.map((r) => ({ propFirmId: r.propFirmId, tier: r.tier, computedAt: today })));
  }
  await insertGeneratedReplies(db, [...firmIds.values()]);
  return [...firmIds.keys()];
}

const REPLY =
  'Thank you for the review. Our support team has read it and will contact you about your account; the rules page has the details.';

/** Replies from each generated firm: to every other published review and to each verified denied report. */
async function insertGeneratedReplies(db: Db, firmIds: number[]): Promise<void> {
  for (let i = 0; i < firmIds.length; i += BATCH_ROWS) {
    const ids = sql.raw(`array[${firmIds.slice(i, i + BATCH_ROWS).join(',')}]::int[]`);
    await db.execute(sql`
      insert into firm_replies (prop_firm_id, review_id, body, created_at, updated_at)
      select prop_firm_id, id, ${REPLY}, created_at + interval '1 day', created_at + interval '1 day'
      from reviews where prop_firm_id = any(${ids}) and status = 'published' and id % 2 = 0`);
    await db.execute(sql`
      insert into firm_replies (prop_firm_id, payout_report_id, body, created_at, updated_at)
      select prop_firm_id, id, ${REPLY}, created_at + interval '2 days', created_at + interval '2 days'
      from payout_reports where prop_firm_id = any(${ids}) and kind = 'denied' and status = 'verified'`);
  }
}
