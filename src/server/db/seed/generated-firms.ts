// Thousands of generated firms for benchmarks: never part of the demo seed or of `npm start`.
import type { Db } from '../client';
import { coupons, reviews } from '../schema';
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

/**
 * Adds `count` generated listed firms (models, accounts, platforms, payout methods), a live coupon
 * for about 40% of them and 0-6 reviews each, deterministic for a seed. Returns the slugs, so a
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
  }
  for (let i = 0; i < couponRows.length; i += BATCH_ROWS) {
    await db.insert(coupons).values(couponRows.slice(i, i + BATCH_ROWS));
  }
  for (let i = 0; i < reviewRows.length; i += BATCH_ROWS) {
    await db.insert(reviews).values(reviewRows.slice(i, i + BATCH_ROWS));
  }
  return [...firmIds.keys()];
}
