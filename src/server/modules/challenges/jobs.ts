import { z } from 'zod';
import { rowId } from '../../../domain/ids';
import { defineJob } from '../../lib/jobs';
import { type MatchOptions, matchSavedSearches } from './alert-matching';
import { type Mailing, sendDueAlerts } from './alert-sending';
import { ensureAlertBaseline } from './alert-states';
import type { CatalogStore } from './catalog';

export const SAVED_SEARCH_ALERTS_JOB = 'saved-search-alerts';

const PayloadSchema = z.object({ firmIds: z.array(rowId()).max(10_000).optional() }).optional();
export type SavedSearchAlertsPayload = z.infer<typeof PayloadSchema>;

/**
 * Saved-search alerts: triggered after every change of the catalog (a firm save with its firm's
 * id: only its options are compared), and every hour (all options: coupons that ended, and the
 * emails a search's daily limit held back). Matching and sending are safe to run in several
 * processes at once (alert-matching.ts, alert-sending.ts); a failed send retries the run, which
 * sends the alerts this run claimed and did not send, and nothing twice.
 */
export const savedSearchAlertsJob = (app: Mailing, store: CatalogStore, options: MatchOptions = {}) => {
  /** Alerts claimed by this process and not sent yet: a retry sends them at once. */
  const claimed = new Set<number>();
  return defineJob<SavedSearchAlertsPayload>({
    name: SAVED_SEARCH_ALERTS_JOB,
    schedule: '5 * * * *',
    payload: PayloadSchema,
    retries: 3,
    handler: async ({ db, log, payload }) => {
      // Each step reads the catalog as of every change heard (`readLatest`): the catalog requests
      // read may still lack the change that started this run (decision 0055).
      const now = new Date();
      if (await ensureAlertBaseline(db, store, now)) return;
      const recorded = await matchSavedSearches(db, store, payload?.firmIds, now, options);
      // A firm's save that no search sees differently makes no email due: the hourly run sends
      // what time made due, and a retry what this process claimed.
      if (payload?.firmIds && recorded === 0 && claimed.size === 0) return;
      const sent = await sendDueAlerts(app, db, store, claimed, now);
      if (recorded || sent) log.info({ recorded, sent }, 'saved-search alerts');
    },
  });
};
