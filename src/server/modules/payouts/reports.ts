import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  displayTransactionReference,
  OTHER_PAYOUT_METHOD_LABEL,
  type PayoutNetwork,
  type PayoutProcessor,
} from '../../../domain/payout-rules';
import type { OwnPayoutReport } from '../../../domain/payouts';
import type { Db } from '../../db/client';
import {
  firmAccounts,
  fundingModels,
  payoutMethods,
  payoutReportImages,
  payoutReports,
  propFirms,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';

/** Where a report's n-th image (1-4) is served: to its reporter and admins only. */
export const payoutImagePath = (id: number, n: number) => `/api/payout-reports/${id}/images/${n}`;

const reportColumns = {
  id: payoutReports.id,
  userId: payoutReports.userId,
  firmId: propFirms.id,
  firmName: propFirms.name,
  firmSlug: propFirms.slug,
  kind: payoutReports.kind,
  amountCents: payoutReports.amountCents,
  payoutMethodId: payoutReports.payoutMethodId,
  methodName: payoutMethods.name,
  requestedOn: payoutReports.requestedOn,
  receivedOn: payoutReports.receivedOn,
  deniedOn: payoutReports.deniedOn,
  denialReason: payoutReports.denialReason,
  accountSize: firmAccounts.capital,
  fundingModel: fundingModels.name,
  comment: payoutReports.comment,
  showUsername: payoutReports.showUsername,
  network: payoutReports.network,
  transactionReference: payoutReports.transactionReference,
  processor: payoutReports.processor,
  processorReference: payoutReports.processorReference,
  status: payoutReports.status,
  grade: payoutReports.grade,
  rejectionReason: payoutReports.rejectionReason,
  revokedAt: payoutReports.revokedAt,
  pointsAwarded: payoutReports.pointsAwarded,
  flags: payoutReports.flags,
  decidedBy: payoutReports.decidedBy,
  decidedAt: payoutReports.decidedAt,
  createdAt: payoutReports.createdAt,
};

export const selectReports = (db: Db) =>
  db
    .select(reportColumns)
    .from(payoutReports)
    .innerJoin(propFirms, eq(propFirms.id, payoutReports.propFirmId))
    .leftJoin(payoutMethods, eq(payoutMethods.id, payoutReports.payoutMethodId))
    .leftJoin(firmAccounts, eq(firmAccounts.id, payoutReports.accountId))
    .leftJoin(fundingModels, eq(fundingModels.id, payoutReports.fundingModelId));

export type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['where']>>[number];

export const methodOf = (row: { kind: string; payoutMethodId: number | null; methodName: string | null }) =>
  row.kind === 'denied'
    ? null
    : (row.methodName ?? (row.payoutMethodId == null ? OTHER_PAYOUT_METHOD_LABEL : null));

export async function imageCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ reportId: payoutReportImages.reportId, n: count() })
    .from(payoutReportImages)
    .where(inArray(payoutReportImages.reportId, ids))
    .groupBy(payoutReportImages.reportId);
  return new Map(rows.map((r) => [r.reportId, Number(r.n)]));
}

export function toOwn(row: ReportRow, images: number): OwnPayoutReport {
  const network = row.network as PayoutNetwork | null;
  return {
    id: row.id,
    firm: { id: row.firmId, name: row.firmName, slug: row.firmSlug },
    kind: row.kind,
    amount: row.amountCents == null ? null : row.amountCents / 100,
    method: methodOf(row),
    requestedOn: row.requestedOn,
    receivedOn: row.receivedOn,
    deniedOn: row.deniedOn,
    denialReason: row.denialReason as OwnPayoutReport['denialReason'],
    accountSize: row.accountSize ?? null,
    fundingModel: row.fundingModel ?? null,
    comment: row.comment,
    showUsername: row.showUsername,
    network,
    transactionReference:
      network && row.transactionReference
        ? displayTransactionReference(network, row.transactionReference)
        : null,
    processor: row.processor as PayoutProcessor | null,
    processorReference: row.processorReference,
    imageUrls: Array.from({ length: images }, (_, i) => payoutImagePath(row.id, i + 1)),
    status: row.status,
    grade: row.grade,
    rejectionReason: row.rejectionReason,
    revoked: row.revokedAt != null,
    points: row.pointsAwarded,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The trader's own reports (or the named ones of theirs), newest first. */
export async function listOwnPayoutReports(
  db: Db,
  userId: string,
  ids?: number[],
): Promise<OwnPayoutReport[]> {
  const rows = await selectReports(db)
    .where(and(eq(payoutReports.userId, userId), ids ? inArray(payoutReports.id, ids) : undefined))
    .orderBy(desc(payoutReports.createdAt), desc(payoutReports.id))
    .limit(200);
  const images = await imageCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toOwn(row, images.get(row.id) ?? 0));
}

/** One image of a report, for its reporter or an admin; 404 for anyone else (not even its existence). */
export async function readPayoutReportImage(
  db: Db,
  storage: Storage,
  id: number,
  n: number,
  viewer: { userId: string; isAdmin: boolean },
): Promise<Buffer> {
  const [row] = await db
    .select({ userId: payoutReports.userId, key: payoutReportImages.storageKey })
    .from(payoutReportImages)
    .innerJoin(payoutReports, eq(payoutReports.id, payoutReportImages.reportId))
    .where(and(eq(payoutReportImages.reportId, id), eq(payoutReportImages.position, n)));
  if (!row || (row.userId !== viewer.userId && !viewer.isAdmin)) throw notFound('Image');
  const bytes = await storage.read(row.key, 'private');
  if (!bytes) throw notFound('Image');
  return bytes;
}
