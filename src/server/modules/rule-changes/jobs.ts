import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { firmRuleChanges, propFirms } from '../../db/schema';
import { defineJob } from '../../lib/jobs';
import { notifyFollowers, RULE_CHANGE_EMAILS_JOB } from './service';

const PayloadSchema = z.object({ firmId: z.number().int().positive(), batchId: z.string().min(1).max(100) });
export type RuleChangeEmailsPayload = z.infer<typeof PayloadSchema>;

/**
 * The followers' email of one firm save, triggered after the save has committed (the admin's
 * request does not wait for it). A failed send makes the attempt fail and the run retries with a
 * growing wait (lib/jobs.ts); followers already mailed by an earlier attempt of the same save are
 * skipped, so a retry does not mail anyone twice.
 */
export const ruleChangeEmailsJob = (app: Pick<FastifyInstance, 'database' | 'mailer' | 'env'>) => {
  /** Per save (batch id): the addresses mailed so far, kept while its run has attempts left. */
  const mailed = new Map<string, Set<string>>();
  return defineJob<RuleChangeEmailsPayload>({
    name: RULE_CHANGE_EMAILS_JOB,
    payload: PayloadSchema,
    retries: 3,
    handler: async ({ db, log, payload }) => {
      const [firm] = await db
        .select({ id: propFirms.id, slug: propFirms.slug, name: propFirms.name, status: propFirms.status })
        .from(propFirms)
        .where(eq(propFirms.id, payload.firmId));
      if (!firm) return;
      const changes = await db
        .select()
        .from(firmRuleChanges)
        .where(eq(firmRuleChanges.batchId, payload.batchId))
        .orderBy(asc(firmRuleChanges.id));
      const sent = mailed.get(payload.batchId) ?? new Set<string>();
      mailed.set(payload.batchId, sent);
      const count = await notifyFollowers(app, firm, { batchId: payload.batchId, changes }, sent);
      mailed.delete(payload.batchId);
      if (count > 0) log.info({ firmId: firm.id, followers: count }, 'rule-change emails sent');
    },
  });
};
