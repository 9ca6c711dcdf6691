import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { formatDate } from '../../../domain/format';
import { describeRuleChangeInModel, type RuleChangeFacts } from '../../../domain/rule-change-text';
import type { FollowedFirm } from '../../../domain/rule-changes';
import type { Db } from '../../db/client';
import { firmFollows, propFirms, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { listedFirmWhere } from '../firms/service';

async function resolveFirm(db: Db, slug: string) {
  const [firm] = await db
    .select({ id: propFirms.id, slug: propFirms.slug, name: propFirms.name })
    .from(propFirms)
    .where(listedFirmWhere(slug))
    .limit(1);
  if (!firm) throw notFound('Firm');
  return firm;
}

export async function isFollowing(db: Db, userId: string, slug: string): Promise<boolean> {
  const firm = await resolveFirm(db, slug);
  const [row] = await db
    .select({ userId: firmFollows.userId })
    .from(firmFollows)
    .where(and(eq(firmFollows.userId, userId), eq(firmFollows.propFirmId, firm.id)))
    .limit(1);
  return Boolean(row);
}

/** Following twice is following once. */
export async function followFirm(db: Db, userId: string, slug: string): Promise<void> {
  const firm = await resolveFirm(db, slug);
  await db
    .insert(firmFollows)
    .values({ userId, propFirmId: firm.id, unsubscribeToken: randomBytes(24).toString('base64url') })
    .onConflictDoNothing();
}

export async function unfollowFirm(db: Db, userId: string, slug: string): Promise<void> {
  const firm = await resolveFirm(db, slug);
  await db
    .delete(firmFollows)
    .where(and(eq(firmFollows.userId, userId), eq(firmFollows.propFirmId, firm.id)));
}

/** The one-click unsubscribe of a rule-change email; returns the firm's name, or null for a bad token. */
export async function unfollowByToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db.delete(firmFollows).where(eq(firmFollows.unsubscribeToken, token)).returning({
    propFirmId: firmFollows.propFirmId,
  });
  if (!row) return null;
  const [firm] = await db
    .select({ name: propFirms.name })
    .from(propFirms)
    .where(eq(propFirms.id, row.propFirmId));
  return firm?.name ?? '';
}

export async function listFollowedFirms(db: Db, userId: string): Promise<FollowedFirm[]> {
  const rows = await db
    .select({
      id: propFirms.id,
      slug: propFirms.slug,
      name: propFirms.name,
      logo: propFirms.logo,
      followedAt: firmFollows.createdAt,
    })
    .from(firmFollows)
    .innerJoin(propFirms, eq(propFirms.id, firmFollows.propFirmId))
    .where(eq(firmFollows.userId, userId))
    .orderBy(asc(propFirms.name));
  return rows.map((r) => ({ ...r, followedAt: r.followedAt.toISOString() }));
}

/**
 * One email per save to every follower of the firm, listing the save's changes, with a one-click
 * unsubscribe (RFC 8058). Run by the rule-change-emails job (jobs.ts) after the save has
 * committed; a listed firm only. Addresses in `sent` are skipped and each one mailed is added, so
 * a retry after a failed send carries on where the attempt stopped.
 */
export async function notifyFollowers(
  app: Pick<FastifyInstance, 'database' | 'mailer' | 'env'>,
  firm: { id: number; slug: string; name: string; status: string },
  batch: { batchId: string; changes: RuleChangeFacts[] },
  sent: Set<string> = new Set(),
): Promise<number> {
  if (firm.status !== 'listed' || batch.changes.length === 0) return 0;
  const followers = await app.database.db
    .select({ email: users.email, token: firmFollows.unsubscribeToken })
    .from(firmFollows)
    .innerJoin(users, eq(users.id, firmFollows.userId))
    .where(eq(firmFollows.propFirmId, firm.id));
  const base = app.env.PUBLIC_URL.replace(/\/$/, '');
  const firmUrl = `${base}/firm/${encodeURIComponent(firm.slug)}`;
  const lines = batch.changes.map(describeRuleChangeInModel);
  const date = formatDate(new Date());
  for (const follower of followers) {
    if (sent.has(follower.email)) continue;
    const unsubscribe = `${base}/firm-updates/unsubscribe?token=${encodeURIComponent(follower.token)}`;
    await app.mailer.send({
      to: follower.email,
      subject: `${firm.name} changed its rules`,
      text: [
        `${firm.name} changed its rules on ${date}:`,
        '',
        ...lines.map((l) => `- ${l}`),
        '',
        `See every change: ${firmUrl}`,
        '',
        `Stop these emails about ${firm.name}: ${unsubscribe}`,
      ].join('\n'),
      html: `<p>${escapeHtml(firm.name)} changed its rules on ${escapeHtml(date)}:</p><ul>${lines
        .map((l) => `<li>${escapeHtml(l)}</li>`)
        .join('')}</ul><p><a href="${escapeHtml(firmUrl)}">See every change</a></p><p><a href="${escapeHtml(
        unsubscribe,
      )}">Stop these emails about ${escapeHtml(firm.name)}</a></p>`,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    sent.add(follower.email);
  }
  return followers.length;
}

/** The job that mails a firm's followers its rule changes (jobs.ts); a firm save starts it. */
export const RULE_CHANGE_EMAILS_JOB = 'rule-change-emails';

/**
 * After a firm save has committed: once the read models have it, one job run per batch of rule
 * changes mails the followers. A failed start is logged; a mail failure never undoes the save (the
 * job retries). The editor's save and an approved change request do not wait for it; the command
 * line's import does.
 */
export async function startRuleChangeEmails(
  app: Pick<FastifyInstance, 'jobs' | 'readModels'>,
  batches: { firmId: number; batchId: string }[],
  log: FastifyBaseLogger,
): Promise<void> {
  if (batches.length === 0) return;
  await app.readModels.settled();
  await Promise.all(
    batches.map((batch) =>
      app.jobs
        .run(RULE_CHANGE_EMAILS_JOB, batch)
        .catch((err: unknown) => log.error({ err, firmId: batch.firmId }, 'rule-change emails not started')),
    ),
  );
}
