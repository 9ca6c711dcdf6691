import { and, count, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { daysBetween, PAYOUT_REPORTS_MAX_PAGE_SIZE } from '../../../domain/payout-rules';
import type {
  OwnPayoutReport,
  PublicPayoutReport,
  PublicPayoutReportPage,
  PublicPayoutReportQuery,
} from '../../../domain/payouts';
import { publicReplyOf } from '../../../domain/reply-rules';
import type { Db } from '../../db/client';
import {
  firmReplies,
  payoutMethods,
  payoutReports,
  propFirms,
  publicReplyColumns,
  publishedReply,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { ChangeEvent } from '../../lib/events';
import { type FirmIndex, firmEntryOf, indexFirms, patchFirmIndex } from '../../lib/firm-index';
import { ReadModel, type ReadModelChange } from '../../lib/read-model';
import { LISTED } from '../firms/service';
import { methodOf } from './reports';

/**
 * Every listed firm's newest verified payout reports (as many as the largest page) and their
 * count, in memory (decision 0033), for the firm page's Payouts tab: a first visit reads no table.
 * A page that ends beyond them reads the table. A payout report's decision re-reads its firm (the
 * events carry `firmId`); a firm's change re-reads that firm; a user's change (a name shown on
 * reports, a deleted account) re-reads everything.
 */

interface FirmReports {
  reports: PublicPayoutReport[];
  total: number;
}

export type PayoutReportModel = FirmIndex<FirmReports & { id: number; slug: string }>;

/** Kept in memory per firm: the first page at the largest page size. */
const KEPT = PAYOUT_REPORTS_MAX_PAGE_SIZE;

/** Newest first by the date a report is about, then the newest report. */
const NEWEST = sql`coalesce(${payoutReports.receivedOn}, ${payoutReports.deniedOn}) desc, ${payoutReports.id} desc`;

const publicColumns = {
  id: payoutReports.id,
  kind: payoutReports.kind,
  amountCents: payoutReports.amountCents,
  payoutMethodId: payoutReports.payoutMethodId,
  methodName: payoutMethods.name,
  requestedOn: payoutReports.requestedOn,
  receivedOn: payoutReports.receivedOn,
  deniedOn: payoutReports.deniedOn,
  denialReason: payoutReports.denialReason,
  grade: payoutReports.grade,
  comment: payoutReports.comment,
  showUsername: payoutReports.showUsername,
  username: users.username,
  verifiedAt: payoutReports.verifiedAt,
  ...publicReplyColumns,
};

const selectVerified = <T extends SelectedFields>(db: Db, columns: T, where?: SQL) =>
  db
    .select({ ...publicColumns, ...columns })
    .from(payoutReports)
    .innerJoin(users, eq(users.id, payoutReports.userId))
    .leftJoin(payoutMethods, eq(payoutMethods.id, payoutReports.payoutMethodId))
    // The firm's published reply (to a denied report): a reply's change is its report's.
    .leftJoin(firmReplies, and(eq(firmReplies.payoutReportId, payoutReports.id), publishedReply))
    .where(and(eq(payoutReports.status, 'verified'), where));

type PublicRow = Awaited<ReturnType<typeof selectVerified<typeof publicColumns>>>[number];

/** What anyone may see of a verified report: never an image or a reference; the name if shown. */
function toPublicReport(r: PublicRow): PublicPayoutReport {
  return {
    id: r.id,
    kind: r.kind,
    amount: r.amountCents == null ? null : r.amountCents / 100,
    method: methodOf(r),
    daysTaken: r.requestedOn && r.receivedOn ? daysBetween(r.requestedOn, r.receivedOn) : null,
    grade: r.grade ?? 'screenshot',
    date: (r.receivedOn ?? r.deniedOn) as string,
    denialReason: r.denialReason as OwnPayoutReport['denialReason'],
    comment: r.comment,
    reporter: r.showUsername ? r.username : null,
    verifiedAt: (r.verifiedAt ?? new Date(0)).toISOString(),
    reply: publicReplyOf(r),
  };
}

/** The listed firms named (or all) with their newest KEPT verified reports and their count. */
async function readFirmReports(db: Db, ids?: readonly number[]) {
  const ofFirms = ids ? inArray(payoutReports.propFirmId, [...ids]) : undefined;
  const ranked = selectVerified(
    db,
    {
      firmId: payoutReports.propFirmId,
      rank: sql<number>`row_number() over (partition by ${payoutReports.propFirmId} order by ${NEWEST})`
        .mapWith(Number)
        .as('rank'),
      total: sql<number>`count(*) over (partition by ${payoutReports.propFirmId})`
        .mapWith(Number)
        .as('total'),
    },
    ofFirms,
  ).as('ranked');
  const [firms, rows] = await Promise.all([
    db
      .select({ id: propFirms.id, slug: propFirms.slug })
      .from(propFirms)
      .where(and(eq(propFirms.status, LISTED), ids ? inArray(propFirms.id, [...ids]) : undefined)),
    db.select().from(ranked).where(lte(ranked.rank, KEPT)).orderBy(ranked.firmId, ranked.rank),
  ]);
  const byFirm = new Map<number, FirmReports>();
  for (const { firmId, rank: _rank, total, ...row } of rows) {
    const entry = byFirm.get(firmId) ?? { reports: [], total };
    entry.reports.push(toPublicReport(row));
    byFirm.set(firmId, entry);
  }
  return firms.map(({ id, slug }) => ({ id, slug, ...(byFirm.get(id) ?? { reports: [], total: 0 }) }));
}

const affectsReports = (event: ChangeEvent): ReadModelChange => {
  const [entity, action] = event.type.split('.');
  if (action === 'counted') return 'none';
  if (entity === 'payout') return event.firmId !== undefined ? { ids: [event.firmId] } : 'all';
  if (entity === 'firm') return typeof event.id === 'number' ? { ids: [event.id] } : 'all';
  if (entity === 'user') return 'all';
  return 'none';
};

export const createPayoutReportModel = (db: Db) =>
  new ReadModel<PayoutReportModel>({
    affects: affectsReports,
    load: async () => indexFirms(await readFirmReports(db), (entry) => entry),
    refresh: async (ids) => {
      const fresh = await readFirmReports(db, ids);
      return (current) => patchFirmIndex(current, ids, fresh, (entry) => entry);
    },
  });

/**
 * A listed firm's verified reports (by slug, or by id when the value is all digits; else 404),
 * newest first by the date they report: from memory, or from the table for a page beyond it.
 */
export async function listFirmPayoutReports(
  db: Db,
  store: ReadModel<PayoutReportModel>,
  slugOrId: string,
  query: PublicPayoutReportQuery,
): Promise<PublicPayoutReportPage> {
  const from = (query.page - 1) * query.pageSize;
  const kept = await store.read((model) => {
    const firm = firmEntryOf(model, slugOrId);
    if (!firm) return null;
    const page = { total: firm.total, page: query.page, pageSize: query.pageSize };
    if (from + query.pageSize <= KEPT || firm.total <= KEPT) {
      return { ...page, reports: firm.reports.slice(from, from + query.pageSize) };
    }
    return { ...page, firmId: firm.id };
  });
  if (!kept) throw notFound('Firm');
  if ('reports' in kept) return kept;
  const { firmId, ...page } = kept;
  const where = eq(payoutReports.propFirmId, firmId);
  const [rows, [total]] = await Promise.all([
    selectVerified(db, {}, where).orderBy(NEWEST).limit(query.pageSize).offset(from),
    db
      .select({ n: count() })
      .from(payoutReports)
      .where(and(where, eq(payoutReports.status, 'verified'))),
  ]);
  return { reports: rows.map(toPublicReport), ...page, total: Number(total?.n ?? 0) };
}
