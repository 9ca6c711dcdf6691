import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env';
import { LocalStorage } from '../../lib/storage';
import type { Database } from '../client';
import { seedDemoDataIfEmpty } from './seed-demo-data';

/** Installs the demo data on a database without firms, so a bare `npm start` shows a full site. */
export async function seedIfEmpty(database: Database, env: Env, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  // The storage the app serves uploads from (app.ts), for the demo's private evidence images.
  const summary = await seedDemoDataIfEmpty(database.db, new Date(), new LocalStorage(env.DATA_DIR));
  if (!summary) return;
  const ms = Math.round(performance.now() - started);
  log.info(
    { ...summary, ms },
    `demo data seeded: ${summary.firms} firms, ${summary.accounts} accounts, ${summary.coupons} coupons, ${summary.blogPosts} posts, ${summary.reviews} reviews, ${summary.giveaways} giveaways in ${ms} ms`,
  );
}
