// npm run newsletter:preview [-- --to someone@example.com]: writes the next weekly deals email to
// the outbox (${DATA_DIR}/outbox) without sending anything, so an editor can read it first.
import type { FastifyBaseLogger } from 'fastify';
import { migrateDatabase } from '../src/server/db/migrate';
import { openDatabaseFromEnv } from '../src/server/db/open-from-env';
import { loadEnv } from '../src/server/env';
import { createMailer, outboxDir } from '../src/server/lib/mailer';
import { deriveSecret } from '../src/server/lib/secrets';
import { buildWeeklyDigest, unsubscribeUrl } from '../src/server/modules/newsletter/service';

const args = process.argv.slice(2);
const toIndex = args.indexOf('--to');
const env = loadEnv();
const to = toIndex >= 0 ? args[toIndex + 1] : env.ADMIN_EMAIL;
if (!to || args.some((a) => a.startsWith('--') && a !== '--to') || (toIndex >= 0 && args.length !== 2)) {
  console.error('Usage: npm run newsletter:preview [-- --to someone@example.com]');
  process.exit(2);
}

const database = await openDatabaseFromEnv(env);
try {
  await migrateDatabase(database);
  const publicUrl = env.PUBLIC_URL.replace(/\/$/, '');
  const digest = await buildWeeklyDigest(database.db, publicUrl);
  // Id 0 never exists: the preview's unsubscribe link shows the format without touching anyone.
  const unsubscribe = unsubscribeUrl({ secret: deriveSecret(env, 'newsletter'), publicUrl }, 0, to);
  // The mailer logs each outbox write; this script prints its own summary instead.
  const quiet = { info: () => {}, warn: console.warn, error: console.error } as unknown as FastifyBaseLogger;
  const mailer = createMailer({ ...env, SMTP_URL: undefined }, quiet);
  await mailer.send({
    to,
    subject: `[Preview] ${digest.subject}`,
    text: digest.text(unsubscribe),
    html: digest.html(unsubscribe),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  console.log(
    `Preview of "${digest.subject}" (${digest.couponCount} coupons) written to ${outboxDir(env.DATA_DIR)}`,
  );
} finally {
  await database.close();
}
