import type { Changes } from '../../lib/events';
import { defineJob } from '../../lib/jobs';
import { recomputeAllPayoutRecords } from './service';

/**
 * Every day at 00:10 UTC: each firm's payout record is computed again, since its 90-day count, its
 * 12-month chart and the tier's window move with the calendar even when no report is decided.
 * A firm whose record changed is announced, so the cached answers and read models re-read it.
 */
export const payoutRecordsJob = (changes: Changes) =>
  defineJob({
    name: 'payout-records',
    schedule: '10 0 * * *',
    handler: async ({ db, log, scheduledAt }) => {
      const firms = await recomputeAllPayoutRecords(
        db,
        new Date(Math.max(Date.now(), scheduledAt.getTime())),
      );
      // One transaction per firm, published together: one re-read of the changed firms, not one per firm.
      changes.publishCommitted(...firms.map((firmId) => ({ type: 'payout.updated' as const, firmId })));
      log.info({ firms: firms.length }, 'payout records computed');
    },
  });
