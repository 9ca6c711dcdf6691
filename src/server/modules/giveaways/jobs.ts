import type { Changes } from '../../lib/events';
import { defineJob } from '../../lib/jobs';
import { closeDueGiveaways } from './entries';

/**
 * Every minute: giveaways whose end date passed get their entry list fixed and committed. A slot
 * runs once in the cluster (job_runs), and SKIP LOCKED in the service keeps even a manual run next
 * to a scheduled one from closing a giveaway twice.
 */
export const closeDueGiveawaysJob = (changes: Changes) =>
  defineJob({
    name: 'close-due-giveaways',
    schedule: '* * * * *',
    handler: async ({ db, log, scheduledAt }) => {
      const closed = await closeDueGiveaways(db, changes, scheduledAt);
      if (closed.length > 0) log.info({ closed }, 'giveaway entry lists closed');
    },
  });
