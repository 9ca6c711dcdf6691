import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PAYOUT_QUEUE_PAGE_SIZE, type PayoutReportStatus } from '../../../domain/payout-rules';
import type {
  AdminPayoutReport,
  AdminPayoutReportPage,
  AdminPayoutReportQuery,
} from '../../../domain/payouts';
import type { Db } from '../../db/client';
import { payoutReports, users } from '../../db/schema';
import { imageCounts, type ReportRow, selectReports, toOwn } from './reports';

const DAY = 86_400_000;

const queueWhere = (filter: AdminPayoutReportQuery['filter']): SQL =>
  filter === 'flagged'
    ? sql`jsonb_array_length(${payoutReports.flags}) > 0`
    : eq(payoutReports.status, filter as PayoutReportStatus);

/** The admin queue: one view (pending oldest first; the others newest first), with what an admin weighs. */
export async function listAdminPayoutReports(
  db: Db,
  query: AdminPayoutReportQuery,
): Promise<AdminPayoutReportPage> {
  const where = queueWhere(query.filter);
  const pageSize = PAYOUT_QUEUE_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    selectReports(db)
      .where(where)
      .orderBy(
        query.filter === 'pending' ? asc(payoutReports.createdAt) : desc(payoutReports.createdAt),
        asc(payoutReports.id),
      )
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(payoutReports).where(where),
  ]);
  return {
    reports: await toAdminReports(db, rows),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize,
  };
}

async function toAdminReports(db: Db, rows: ReportRow[], now = new Date()): Promise<AdminPayoutReport[]> {
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const adminIds = [...new Set(rows.flatMap((r) => (r.decidedBy ? [r.decidedBy] : [])))];
  const [images, people, tallies] = await Promise.all([
    imageCounts(
      db,
      rows.map((r) => r.id),
    ),
    userIds.length + adminIds.length
      ? db
          .select({
            id: users.id,
            email: users.email,
            username: users.username,
            createdAt: users.createdAt,
            points: users.points,
          })
          .from(users)
          .where(inArray(users.id, [...userIds, ...adminIds]))
      : [],
    userIds.length
      ? db
          .select({ userId: payoutReports.userId, status: payoutReports.status, n: count() })
          .from(payoutReports)
          .where(inArray(payoutReports.userId, userIds))
          .groupBy(payoutReports.userId, payoutReports.status)
      : [],
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  return rows.map((row) => {
    const reporter = person.get(row.userId);
    const mine = tallies.filter((t) => t.userId === row.userId);
    // "Other" reports: this one taken out of its own status.
    const of = (status: PayoutReportStatus) =>
      mine.filter((t) => t.status === status).reduce((sum, t) => sum + Number(t.n), 0) -
      (row.status === status ? 1 : 0);
    const createdAt = reporter?.createdAt ?? now;
    return {
      ...toOwn(row, images.get(row.id) ?? 0),
      flags: row.flags,
      reporter: {
        id: row.userId,
        email: reporter?.email ?? '',
        username: reporter?.username ?? null,
        createdAt: createdAt.toISOString(),
        accountAgeDays: Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / DAY)),
        points: reporter?.points ?? 0,
        otherReports: {
          total: of('pending') + of('verified') + of('rejected'),
          verified: of('verified'),
          rejected: of('rejected'),
          pending: of('pending'),
        },
      },
      decidedBy: row.decidedBy ? (person.get(row.decidedBy)?.email ?? null) : null,
    };
  });
}

/** One report as the queue shows it (after a decision). */
export async function findAdminPayoutReport(db: Db, id: number): Promise<AdminPayoutReport> {
  const [row] = await selectReports(db).where(eq(payoutReports.id, id));
  const [report] = await toAdminReports(db, [row]);
  return report;
}
