import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DigestPreview, DigestSend } from '../../../domain/admin-subscribers';
import type { Db } from '../../db/client';
import { newsletterSends, newsletterSubscribers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { buildWeeklyDigest, type MailContext, unsubscribeHeaders, unsubscribeUrl } from './service';

/** A send still 'sending' after this long died with its process: it no longer blocks the next one. */
const STALE_SEND_MS = 6 * 60 * 60 * 1000;
/** Progress is written every this many recipients, so the admin page follows a long send. */
const PROGRESS_EVERY = 25;

const confirmed = eq(newsletterSubscribers.status, 'confirmed');

const toDigestSend = (row: typeof newsletterSends.$inferSelect): DigestSend => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The next weekly deals email, with a sample unsubscribe link (id 0 matches nobody). */
export async function previewDigest(db: Db, ctx: MailContext, to: string): Promise<DigestPreview> {
  const [digest, [{ n }]] = await Promise.all([
    buildWeeklyDigest(db, ctx.publicUrl),
    db.select({ n: count() }).from(newsletterSubscribers).where(confirmed),
  ]);
  const unsubscribe = unsubscribeUrl(ctx, 0, to);
  return {
    subject: digest.subject,
    html: digest.html(unsubscribe),
    text: digest.text(unsubscribe),
    couponCount: digest.couponCount,
    recipients: n,
  };
}

/**
 * Opens the record of a send. Only one send runs at a time (the partial unique index decides
 * between two admins, or an admin and the schedule): the second gets a 409.
 */
export async function startDigestSend(
  db: Db,
  origin: { trigger: 'schedule' } | { trigger: 'admin'; by: string },
): Promise<DigestSend> {
  await db
    .update(newsletterSends)
    .set({ status: 'failed', error: 'The sending process stopped.', finishedAt: new Date() })
    .where(
      and(
        eq(newsletterSends.status, 'sending'),
        lt(newsletterSends.startedAt, new Date(Date.now() - STALE_SEND_MS)),
      ),
    );
  const [row] = await db
    .insert(newsletterSends)
    .values({ trigger: origin.trigger, triggeredBy: origin.trigger === 'admin' ? origin.by : null })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw new AppError(
      409,
      'digest_sending',
      'A deals email is being sent right now. Wait for it to finish.',
    );
  }
  return toDigestSend(row);
}

/**
 * Sends the weekly deals email of an opened send to every confirmed subscriber, writing progress as
 * it goes. A failed address is counted and skipped, not retried (a retry would mail again those
 * already reached); the send fails as a whole only when nothing could be sent.
 */
export async function runDigestSend(db: Db, ctx: MailContext, sendId: number, log: FastifyBaseLogger) {
  const progress = (values: Partial<typeof newsletterSends.$inferInsert>) =>
    db.update(newsletterSends).set(values).where(eq(newsletterSends.id, sendId));
  let sent = 0;
  let failed = 0;
  let lastError: string | null = null;
  try {
    const digest = await buildWeeklyDigest(db, ctx.publicUrl);
    const subscribers = await db
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(confirmed)
      .orderBy(newsletterSubscribers.id);
    await progress({
      subject: digest.subject,
      couponCount: digest.couponCount,
      recipients: subscribers.length,
    });
    for (const [i, s] of subscribers.entries()) {
      const unsubscribe = unsubscribeUrl(ctx, s.id, s.email);
      try {
        await ctx.mailer.send({
          to: s.email,
          subject: digest.subject,
          text: digest.text(unsubscribe),
          html: digest.html(unsubscribe),
          headers: unsubscribeHeaders(unsubscribe),
        });
        sent += 1;
      } catch (err) {
        failed += 1;
        lastError = err instanceof Error ? err.message : String(err);
        log.warn({ err, subscriber: s.id }, 'deals email not sent to a subscriber');
      }
      if ((i + 1) % PROGRESS_EVERY === 0) await progress({ sent, failed });
    }
    const status = sent === 0 && failed > 0 ? 'failed' : 'sent';
    await progress({ sent, failed, status, error: lastError, finishedAt: new Date() });
    return { sent, failed };
  } catch (err) {
    await progress({
      sent,
      failed,
      status: 'failed',
      error: err instanceof Error ? err.message : String(err),
      finishedAt: new Date(),
    });
    throw err;
  }
}

/** The latest sends, newest first. */
export async function listDigestSends(db: Db): Promise<DigestSend[]> {
  const rows = await db
    .select()
    .from(newsletterSends)
    .orderBy(desc(newsletterSends.startedAt), desc(newsletterSends.id))
    .limit(50);
  return rows.map(toDigestSend);
}
