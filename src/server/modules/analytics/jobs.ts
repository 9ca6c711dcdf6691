import { defineJob } from '../../lib/jobs';
import { pruneAnalyticsRaw, rollUpPendingAnalytics } from './rollups';

export const ANALYTICS_ROLLUP_JOB = 'analytics-rollup';
export const ANALYTICS_PRUNE_JOB = 'analytics-prune';

/**
 * Every 5 minutes: adds the raw rows since the last run's watermark to the rollups, through the
 * minute 2 minutes back (decision 0061); rolls up from scratch every day not final after a stop or
 * on the first run. A run with nothing new writes nothing. Safe to repeat.
 */
export const analyticsRollupJob = defineJob({
  name: ANALYTICS_ROLLUP_JOB,
  schedule: '*/5 * * * *',
  handler: async ({ db, log, scheduledAt }) => {
    const rolled = await rollUpPendingAnalytics(db, new Date(Math.max(Date.now(), scheduledAt.getTime())));
    if (rolled) log.info(rolled, 'analytics rolled up');
  },
});

/** Daily: deletes raw analytics rows older than the retention, of rolled-up days only. */
export const analyticsPruneJob = (retentionDays: number) =>
  defineJob({
    name: ANALYTICS_PRUNE_JOB,
    schedule: '41 3 * * *',
    handler: async ({ db, log }) => {
      const { before } = await pruneAnalyticsRaw(db, retentionDays);
      log.info({ before }, 'raw analytics pruned');
    },
  });
