import type { ActivityLog, PageView } from '../../../domain/analytics';
import type { Db } from '../../db/client';
import { activityLogs, pageViews } from '../../db/schema';

export async function recordPageView(db: Db, view: PageView, userId: string | null): Promise<void> {
  await db.insert(pageViews).values({
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
  });
}

export async function recordActivity(
  db: Db,
  entry: Omit<ActivityLog, 'userId'> & { sessionId?: string | null; propFirmId?: number | null },
  userId: string | null,
): Promise<void> {
  await db.insert(activityLogs).values({
    activityType: entry.activityType,
    userId,
    sessionId: entry.sessionId ?? null,
    propFirmId: entry.propFirmId ?? null,
    metadata: entry.metadata ?? {},
    referrerUrl: entry.referrerUrl ?? null,
  });
}
