import { eq } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { ActivityLog, PageView } from '../../../domain/analytics';
import type { Db } from '../../db/client';
import { activityLogs, propFirms } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ActivityRow, IngestBuffer, PageViewRow } from './ingest-buffer';
import { rolledThroughAt, rollUpAnalytics } from './rollups';

/** One firm's figures over a range against the period before (its firm console shows them). */
export { getFirmAnalyticsDetail } from './firm-dashboards';

export type ActivityEntry = Omit<ActivityLog, 'userId'> & {
  sessionId?: string | null;
  propFirmId?: number | null;
};

/** What a refused event answers (with Retry-After): the buffer is full, try again shortly. */
export const INGEST_BUSY = {
  retryAfterSeconds: 2,
  body: { message: 'Analytics are busy: try again in a few seconds', code: 'busy' },
} as const;

/** The row stored for a page view: the path without its query; a crawler's view flagged as a bot's. */
export function toPageViewRow(
  view: PageView,
  userId: string | null,
  userAgent: string | undefined,
): PageViewRow {
  return {
    path: view.path.split('?')[0],
    title: view.title,
    sessionId: view.sessionId,
    userId,
    device: view.device,
    browser: view.browser,
    loadTime: view.loadTime,
    utmSource: view.utmSource,
    utmMedium: view.utmMedium,
    utmCampaign: view.utmCampaign,
    utmTerm: view.utmTerm,
    utmContent: view.utmContent,
    isBot: isbot(userAgent ?? ''),
  };
}

function toActivityRow(entry: ActivityEntry, userId: string | null): ActivityRow {
  return {
    activityType: entry.activityType,
    userId,
    sessionId: entry.sessionId ?? null,
    propFirmId: entry.propFirmId ?? null,
    metadata: entry.metadata ?? {},
    referrerUrl: entry.referrerUrl ?? null,
  };
}

/** Queues a page view for the next batched insert; false when the buffer is full. */
export function queuePageView(
  buffer: IngestBuffer,
  view: PageView,
  userId: string | null,
  userAgent: string | undefined,
): boolean {
  return buffer.addPageView(toPageViewRow(view, userId, userAgent));
}

/**
 * Queues an activity sent by a browser for the next batched insert; false when the buffer is full.
 * A firm it names must exist now (400 otherwise), so its insert does not fail later.
 */
export async function queueActivity(
  db: Db,
  buffer: IngestBuffer,
  entry: ActivityEntry,
  userId: string | null,
): Promise<boolean> {
  if (entry.propFirmId != null) {
    const [firm] = await db
      .select({ id: propFirms.id })
      .from(propFirms)
      .where(eq(propFirms.id, entry.propFirmId))
      .limit(1);
    if (!firm) throw new AppError(400, 'invalid_firm', 'No firm has this id');
  }
  return buffer.addActivity(toActivityRow(entry, userId));
}

/**
 * Stores an activity at once, in the caller's flow (sign-ups, log-ins, tracked redirects, giveaway
 * entries: a handful a minute, written by other modules).
 */
export async function recordActivity(db: Db, entry: ActivityEntry, userId: string | null): Promise<void> {
  await db.insert(activityLogs).values(toActivityRow(entry, userId));
}

/**
 * Rolls up again every day from `from` to now, after raw rows of those days were removed or added
 * out of band (the demo reset). Safe only from a day whose raw rows are all still there (pruning
 * removes whole days from the oldest on, so any day that still has a raw row qualifies).
 */
export async function rollUpAnalyticsSince(db: Db, from: string, now = new Date()): Promise<void> {
  await rollUpAnalytics(db, from, rolledThroughAt(now), now);
}
