import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { defineJob } from '../../lib/jobs';
import { runDigestSend, startDigestSend } from './digest';
import type { MailContext } from './service';

export const WEEKLY_DEALS_JOB = 'weekly-deals-email';

const PayloadSchema = z.object({ sendId: z.number().int().positive() }).optional();

/**
 * The weekly deals email, Mondays 08:00 UTC, to every confirmed subscriber; an admin's 'send now'
 * triggers it with the send it opened. Each run is recorded in newsletter_sends.
 */
export const weeklyDealsEmailJob = (ctx: MailContext) =>
  defineJob<z.infer<typeof PayloadSchema>>({
    name: WEEKLY_DEALS_JOB,
    schedule: '0 8 * * 1',
    payload: PayloadSchema,
    // A failed send is not retried at once: a retry would mail again those it already reached.
    retries: 0,
    handler: async ({ db, log, payload }) => {
      let sendId = payload?.sendId;
      if (sendId === undefined) {
        try {
          sendId = (await startDigestSend(db, { trigger: 'schedule' })).id;
        } catch (err) {
          if (err instanceof AppError && err.status === 409) {
            log.warn('weekly deals email skipped: another send is running');
            return;
          }
          throw err;
        }
      }
      const result = await runDigestSend(db, ctx, sendId, log);
      log.info({ sendId, ...result }, 'weekly deals email sent');
    },
  });
