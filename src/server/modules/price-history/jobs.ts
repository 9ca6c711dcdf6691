import type { Changes } from '../../lib/events';
import { defineJob } from '../../lib/jobs';
import { firmsWithEndedCoupons, recordPriceHistory } from './service';

export const COUPON_PRICES_JOB = 'coupon-prices';

/**
 * Every hour: a coupon that ended (its expiry passed) changes its firm's prices after coupon
 * without anyone saving anything; they are recorded here. A coupon that starts or changes is
 * recorded by its save. Safe to run again: only differences from the last row are written.
 */
export const couponPricesJob = (changes: Changes) =>
  defineJob({
    name: COUPON_PRICES_JOB,
    schedule: '1 * * * *',
    handler: async ({ db, log }) => {
      const now = new Date();
      const firmIds = await firmsWithEndedCoupons(db, now);
      const changed: number[] = [];
      for (const firmId of firmIds) {
        const written = await db.transaction((tx) => recordPriceHistory(tx, [firmId], now));
        if (written > 0) changed.push(firmId);
      }
      // One transaction per firm, published together: one re-read of the changed firms, not one per firm.
      changes.publishCommitted(...changed.map((id) => ({ type: 'firm.updated' as const, id })));
      log.info({ firms: changed.length }, 'prices after ended coupons recorded');
    },
  });
