import { stringify } from 'csv-stringify/sync';
import { and, arrayContains, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import {
  type AdminSubscriber,
  type AdminSubscriberPage,
  SUBSCRIBER_STATUSES,
  SUBSCRIBERS_PAGE_SIZE,
  type SubscriberListQuery,
} from '../../../domain/admin-subscribers';
import { neutralizeFormula } from '../../../domain/csv-rules';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { type Actor, recordAudit } from '../admin/service';

type Filter = Omit<SubscriberListQuery, 'page'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: Filter): SQL | undefined {
  return and(
    filter.status === 'all' ? undefined : eq(newsletterSubscribers.status, filter.status),
    filter.q ? ilike(newsletterSubscribers.email, `%${escapeLike(filter.q)}%`) : undefined,
    filter.tag ? arrayContains(newsletterSubscribers.tags, [filter.tag]) : undefined,
  );
}

const toSubscriber = (row: typeof newsletterSubscribers.$inferSelect): AdminSubscriber => ({
  id: row.id,
  email: row.email,
  status: row.status,
  tags: row.tags,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
});

/** The newsletter's subscribers, newest first, filtered by status, address and tag. */
export async function listSubscribers(db: Db, query: SubscriberListQuery): Promise<AdminSubscriberPage> {
  const where = whereOf(query);
  const [rows, [{ total }], byStatus] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((query.page - 1) * SUBSCRIBERS_PAGE_SIZE),
    db.select({ total: count() }).from(newsletterSubscribers).where(where),
    db
      .select({ status: newsletterSubscribers.status, n: count() })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status),
  ]);
  const counts = Object.fromEntries(SUBSCRIBER_STATUSES.map((s) => [s, 0])) as AdminSubscriberPage['counts'];
  for (const row of byStatus)
    if (row.status in counts) counts[row.status as keyof typeof counts] = Number(row.n);
  return {
    subscribers: rows.map(toSubscriber),
    total: Number(total),
    page: query.page,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
    counts,
  };
}

/** Every subscriber the filter finds, as CSV (csv-stringify's quoting; formula-injection safe). */
export async function exportSubscribersCsv(db: Db, filter: Filter): Promise<string> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(whereOf(filter))
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  return stringify(
    rows
      .map(toSubscriber)
      .map((s) =>
        [
          s.email,
          s.status,
          s.tags.join(' '),
          s.source ?? '',
          s.createdAt,
          s.confirmedAt ?? '',
          s.unsubscribedAt ?? '',
        ].map(neutralizeFormula),
      ),
    {
      header: true,
      columns: ['Email', 'Status', 'Tags', 'Source', 'Signed up', 'Confirmed', 'Unsubscribed'],
    },
  );
}

/** Removes a subscriber for good (an admin's write: audited). */
export async function removeSubscriber(db: Db, changes: Changes, actor: Actor, id: number): Promise<void> {
  await changes.commit(db, async (tx) => {
    const [row] = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning();
    if (!row) throw notFound('Subscriber');
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'subscriber',
      entityId: id,
      summary: `Removed ${row.email} from the newsletter`,
      before: row,
    });
    return { changes: [{ type: 'subscriber.deleted', id }] };
  });
}
