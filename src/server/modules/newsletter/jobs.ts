import { defineJob } from '../../lib/jobs';
import { type MailContext, sendWeeklyDigest } from './service';

/** The weekly deals email, Mondays 08:00 UTC, to every confirmed subscriber. */
export const weeklyDealsEmailJob = (ctx: MailContext) =>
  defineJob({
    name: 'weekly-deals-email',
    schedule: '0 8 * * 1',
    // A failed send is not retried at once: a retry would mail again those it already reached.
    retries: 0,
    handler: async ({ db, log }) => {
      const sent = await sendWeeklyDigest(db, ctx);
      log.info({ sent }, 'weekly deals email sent');
    },
  });
