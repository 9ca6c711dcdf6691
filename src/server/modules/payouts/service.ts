import { and, asc, count, desc, eq, gte, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { FastifyBaseLogger } from 'fastify';
import {
  displayTransactionReference,
  type EvidenceGrade,
  IMAGE_HASH_NEAR_BITS,
  NEW_ACCOUNT_DAYS,
  normalizeProcessorReference,
  normalizeTransactionReference,
  OTHER_PAYOUT_METHOD,
  OTHER_PAYOUT_METHOD_LABEL,
  PAYOUT_IMAGES_MAX,
  PAYOUT_NETWORK_LABELS,
  PAYOUT_PROCESSOR_LABELS,
  PAYOUT_QUEUE_PAGE_SIZE,
  PAYOUT_REPORTS_PER_DAY,
  type PayoutNetwork,
  type PayoutProcessor,
  type PayoutReportStatus,
  PROCESSOR_REFERENCE_FORMATS,
  TRANSACTION_REFERENCE_FORMATS,
} from '../../../domain/payout-rules';
import {
  type AdminPayoutReport,
  type AdminPayoutReportPage,
  type AdminPayoutReportQuery,
  type OwnPayoutReport,
  type PayoutFlagItem,
  type PayoutReportFields,
  PayoutReportFieldsSchema,
} from '../../../domain/payouts';
import { POINTS_RULES } from '../../../domain/points-rules';
import type { Db } from '../../db/client';
import {
  firmAccounts,
  firmPayoutMethods,
  fundingModels,
  payoutMethods,
  payoutReportImages,
  payoutReports,
  propFirms,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { imageHash } from '../../lib/image-hash';
import type { Mailer } from '../../lib/mailer';
import type { Storage } from '../../lib/storage';
import { storeImage } from '../../lib/uploads';
import { type Actor, recordAudit, type Tx } from '../admin/service';
import { resolveListedFirm } from '../firms/service';
import { getPointsBalance, recordPoints } from '../points/service';
import { recomputeFirmPayoutRecord } from './record';

export { computePayoutRecord, recomputeFirmPayoutRecord } from './record';

const DAY = 86_400_000;

export interface PayoutDeps {
  db: Db;
  storage: Storage;
  changes: Changes;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Where a report's n-th image (1-4) is served: to its reporter and admins only. */
export const payoutImagePath = (id: number, n: number) => `/api/payout-reports/${id}/images/${n}`;

/** The daily limit refused: the route says when the next UTC day begins. */
export class ReportLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      `You can send at most ${PAYOUT_REPORTS_PER_DAY} payout reports a day. Please try again tomorrow.`,
    );
  }
}

const invalid = (field: string, message: string) =>
  new AppError(400, 'invalid_payout_report', `${field}: ${message}`);

/** The form's text fields checked by the shared schema: 400 naming the first field that is wrong. */
export function parseReportFields(fields: Record<string, string>): PayoutReportFields {
  const parsed = PayoutReportFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join('.');
    throw new AppError(400, 'invalid_payout_report', field ? `${field}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}

const isUniqueViolation = (err: unknown): string | null => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  return code === '23505' ? (e?.constraint ?? e?.cause?.constraint ?? '') : null;
};

interface CheckedReport {
  fields: PayoutReportFields;
  firmId: number;
  payoutMethodId: number | null;
  amountCents: number | null;
  transactionReference: string | null;
  processorReference: string | null;
}

/**
 * The rules that need the firm, the clock and the form together: dates not in the future, the
 * method among the firm's (or Other), the account and model the firm's own (and each other's),
 * references in their network's or processor's format, evidence for a paid report.
 */
async function checkReport(
  db: Db,
  firmId: number,
  fields: PayoutReportFields,
  imageCount: number,
  now: Date,
): Promise<CheckedReport> {
  const today = now.toISOString().slice(0, 10);
  const dates =
    fields.kind === 'paid'
      ? ([
          ['requestedOn', fields.requestedOn],
          ['receivedOn', fields.receivedOn],
        ] as const)
      : ([['deniedOn', fields.deniedOn]] as const);
  for (const [name, value] of dates) {
    if (value > today) throw invalid(name, 'the date cannot be in the future');
  }
  let payoutMethodId: number | null = null;
  if (fields.kind === 'paid' && fields.method !== OTHER_PAYOUT_METHOD) {
    const [method] = await db
      .select({ id: firmPayoutMethods.payoutMethodId })
      .from(firmPayoutMethods)
      .where(
        and(eq(firmPayoutMethods.propFirmId, firmId), eq(firmPayoutMethods.payoutMethodId, fields.method)),
      );
    if (!method) throw invalid('method', "choose one of the firm's payout methods, or Other");
    payoutMethodId = method.id;
  }
  if (fields.fundingModelId != null) {
    const [model] = await db
      .select({ id: fundingModels.id })
      .from(fundingModels)
      .where(and(eq(fundingModels.id, fields.fundingModelId), eq(fundingModels.propFirmId, firmId)));
    if (!model) throw invalid('fundingModelId', "choose one of this firm's funding models");
  }
  if (fields.accountId != null) {
    const [account] = await db
      .select({ modelId: firmAccounts.fundingModelId })
      .from(firmAccounts)
      .where(and(eq(firmAccounts.id, fields.accountId), eq(firmAccounts.propFirmId, firmId)));
    if (!account) throw invalid('accountId', "choose one of this firm's account sizes");
    if (fields.fundingModelId != null && account.modelId !== fields.fundingModelId) {
      throw invalid('accountId', 'this account size belongs to another funding model');
    }
  }
  let transactionReference: string | null = null;
  if (fields.network && fields.transactionReference) {
    transactionReference = normalizeTransactionReference(fields.network, fields.transactionReference);
    if (!transactionReference) {
      throw invalid(
        'transactionReference',
        `a ${PAYOUT_NETWORK_LABELS[fields.network]} transaction hash is ${TRANSACTION_REFERENCE_FORMATS[fields.network]}`,
      );
    }
  }
  let processorReference: string | null = null;
  if (fields.processor && fields.processorReference) {
    processorReference = normalizeProcessorReference(fields.processor, fields.processorReference);
    if (!processorReference) {
      throw invalid(
        'processorReference',
        `a ${PAYOUT_PROCESSOR_LABELS[fields.processor]} reference is ${PROCESSOR_REFERENCE_FORMATS[fields.processor]}`,
      );
    }
  }
  if (fields.kind === 'paid' && imageCount === 0 && !transactionReference && !processorReference) {
    throw new AppError(
      400,
      'evidence_missing',
      'evidence: add an image of the payout, a transaction reference or a payment processor reference',
    );
  }
  const amount = fields.amount;
  return {
    fields,
    firmId,
    payoutMethodId,
    amountCents: amount == null ? null : Math.round(amount * 100),
    transactionReference,
    processorReference,
  };
}

/** 409 naming the reference when it is already on another report. */
function referenceTaken(checked: CheckedReport, which: 'transaction' | 'processor'): AppError {
  const { fields } = checked;
  if (which === 'transaction' && fields.network && checked.transactionReference) {
    const shown = displayTransactionReference(fields.network, checked.transactionReference);
    return new AppError(
      409,
      'reference_reported',
      `The transaction reference ${shown} has already been reported.`,
    );
  }
  const label = fields.processor ? PAYOUT_PROCESSOR_LABELS[fields.processor] : 'processor';
  return new AppError(
    409,
    'reference_reported',
    `The ${label} reference ${checked.processorReference ?? ''} has already been reported.`,
  );
}

async function findReferenceOwner(
  db: Db,
  checked: CheckedReport,
): Promise<'transaction' | 'processor' | null> {
  const conditions: SQL[] = [];
  if (checked.transactionReference)
    conditions.push(eq(payoutReports.transactionReference, checked.transactionReference));
  if (checked.processorReference && checked.fields.processor)
    conditions.push(
      and(
        eq(payoutReports.processor, checked.fields.processor),
        eq(payoutReports.processorReference, checked.processorReference),
      ) as SQL,
    );
  if (conditions.length === 0) return null;
  const [row] = await db
    .select({ transactionReference: payoutReports.transactionReference })
    .from(payoutReports)
    .where(or(...conditions))
    .limit(1);
  if (!row) return null;
  return checked.transactionReference && row.transactionReference === checked.transactionReference
    ? 'transaction'
    : 'processor';
}

/**
 * The automatic checks of a report as it arrives: an image within a few bits of one already sent
 * (anyone's), the same amount and date at this firm from another account, an account younger than
 * 7 days.
 */
async function computeFlags(
  db: Db,
  userId: string,
  checked: CheckedReport,
  hashes: bigint[],
  now: Date,
): Promise<PayoutFlagItem[]> {
  const flags: PayoutFlagItem[] = [];
  for (const hash of hashes) {
    const [near] = await db
      .select({ reportId: payoutReportImages.reportId })
      .from(payoutReportImages)
      .where(sql`bit_count((${payoutReportImages.imageHash} # ${hash})::bit(64)) <= ${IMAGE_HASH_NEAR_BITS}`)
      .orderBy(asc(payoutReportImages.id))
      .limit(1);
    if (near && !flags.some((f) => f.kind === 'recycled_image' && f.relatedReportId === near.reportId)) {
      flags.push({
        kind: 'recycled_image',
        detail: `An image looks like one of report #${near.reportId}`,
        relatedReportId: near.reportId,
      });
    }
  }
  const { fields } = checked;
  if (fields.kind === 'paid' && checked.amountCents != null) {
    const [same] = await db
      .select({ id: payoutReports.id })
      .from(payoutReports)
      .where(
        and(
          eq(payoutReports.propFirmId, checked.firmId),
          eq(payoutReports.amountCents, checked.amountCents),
          eq(payoutReports.receivedOn, fields.receivedOn),
          ne(payoutReports.userId, userId),
        ),
      )
      .orderBy(asc(payoutReports.id))
      .limit(1);
    if (same) {
      flags.push({
        kind: 'same_amount_and_date',
        detail: `Report #${same.id} from another account has the same amount and date`,
        relatedReportId: same.id,
      });
    }
  }
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (user && now.getTime() - user.createdAt.getTime() < NEW_ACCOUNT_DAYS * DAY) {
    const days = Math.floor((now.getTime() - user.createdAt.getTime()) / DAY);
    flags.push({
      kind: 'new_account',
      detail: `The account is ${days === 0 ? 'less than a day' : `${days} day${days === 1 ? '' : 's'}`} old`,
      relatedReportId: null,
    });
  }
  return flags;
}

const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Files a trader's report. Everything is checked before anything is stored; the images are stored
 * (private) only for a report that passed, and deleted again if its insert fails. The daily limit
 * is counted in the database under a per-trader lock, and the references' unique indexes decide a
 * race between two reports of one reference: only one is stored, the other gets 409.
 */
export async function createPayoutReport(
  deps: PayoutDeps,
  userId: string,
  slug: string,
  rawFields: Record<string, string>,
  files: Buffer[],
  now = new Date(),
): Promise<OwnPayoutReport> {
  const { db } = deps;
  const firm = await resolveListedFirm(db, slug);
  if (files.length > PAYOUT_IMAGES_MAX) {
    throw new AppError(400, 'too_many_files', `Send at most ${PAYOUT_IMAGES_MAX} images.`);
  }
  const checked = await checkReport(db, firm.id, parseReportFields(rawFields), files.length, now);
  const taken = await findReferenceOwner(db, checked);
  if (taken) throw referenceTaken(checked, taken);
  const dayStart = startOfUtcDay(now);
  const retryAfter = Math.ceil((dayStart.getTime() + DAY - now.getTime()) / 1000);
  if ((await countReportsSince(db, userId, dayStart)) >= PAYOUT_REPORTS_PER_DAY) {
    throw new ReportLimitError(retryAfter);
  }
  let hashes: bigint[];
  try {
    hashes = await Promise.all(files.map((file) => imageHash(file)));
  } catch {
    throw new AppError(
      400,
      'image_unreadable',
      'An image could not be read. Please select another image file.',
    );
  }
  const flags = await computeFlags(db, userId, checked, hashes, now);
  const stored: string[] = [];
  const keysOf = (image: Awaited<ReturnType<typeof storeImage>>) => [
    image.key,
    ...image.variants.map((v) => v.key),
  ];
  const removeStored = () =>
    Promise.all(stored.map((key) => deps.storage.delete(key, 'private').catch(() => undefined)));
  let id: number;
  try {
    const images: Awaited<ReturnType<typeof storeImage>>[] = [];
    for (const file of files) {
      const image = await storeImage(deps.storage, file, 'private');
      stored.push(...keysOf(image));
      images.push(image);
    }
    id = await db.transaction(async (tx) => {
      // One trader's reports are counted and inserted one at a time, so ten a day means ten.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-report:${userId}`}))`);
      if ((await countReportsSince(tx, userId, dayStart)) >= PAYOUT_REPORTS_PER_DAY) {
        throw new ReportLimitError(retryAfter);
      }
      const { fields } = checked;
      const [row] = await tx
        .insert(payoutReports)
        .values({
          userId,
          propFirmId: firm.id,
          kind: fields.kind,
          amountCents: checked.amountCents,
          payoutMethodId: checked.payoutMethodId,
          requestedOn: fields.kind === 'paid' ? fields.requestedOn : null,
          receivedOn: fields.kind === 'paid' ? fields.receivedOn : null,
          deniedOn: fields.kind === 'denied' ? fields.deniedOn : null,
          denialReason: fields.kind === 'denied' ? fields.denialReason : null,
          accountId: fields.accountId ?? null,
          fundingModelId: fields.fundingModelId ?? null,
          comment: fields.comment ?? null,
          showUsername: fields.showUsername,
          network: checked.transactionReference ? (fields.network ?? null) : null,
          transactionReference: checked.transactionReference,
          processor: checked.processorReference ? (fields.processor ?? null) : null,
          processorReference: checked.processorReference,
          flags,
          createdAt: now,
        })
        .returning({ id: payoutReports.id });
      if (images.length) {
        await tx.insert(payoutReportImages).values(
          images.map((image, i) => ({
            reportId: row.id,
            position: i + 1,
            storageKey: image.key,
            imageHash: hashes[i],
          })),
        );
      }
      return row.id;
    });
  } catch (err) {
    await removeStored();
    const constraint = isUniqueViolation(err);
    if (constraint != null) {
      throw referenceTaken(checked, constraint.includes('processor') ? 'processor' : 'transaction');
    }
    throw err;
  }
  // A pending report changes nothing anyone else reads (the queue is never cached): no event.
  return (await listOwnPayoutReports(db, userId, [id]))[0];
}

async function countReportsSince(db: Tx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payoutReports)
    .where(and(eq(payoutReports.userId, userId), gte(payoutReports.createdAt, since)));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- reading

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

const selectReports = (db: Tx) =>
  db
    .select(reportColumns)
    .from(payoutReports)
    .innerJoin(propFirms, eq(propFirms.id, payoutReports.propFirmId))
    .leftJoin(payoutMethods, eq(payoutMethods.id, payoutReports.payoutMethodId))
    .leftJoin(firmAccounts, eq(firmAccounts.id, payoutReports.accountId))
    .leftJoin(fundingModels, eq(fundingModels.id, payoutReports.fundingModelId));

type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['where']>>[number];

export const methodOf = (row: { kind: string; payoutMethodId: number | null; methodName: string | null }) =>
  row.kind === 'denied'
    ? null
    : (row.methodName ?? (row.payoutMethodId == null ? OTHER_PAYOUT_METHOD_LABEL : null));

async function imageCounts(db: Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ reportId: payoutReportImages.reportId, n: count() })
    .from(payoutReportImages)
    .where(inArray(payoutReportImages.reportId, ids))
    .groupBy(payoutReportImages.reportId);
  return new Map(rows.map((r) => [r.reportId, Number(r.n)]));
}

function toOwn(row: ReportRow, images: number): OwnPayoutReport {
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

async function toAdminReports(db: Tx, rows: ReportRow[], now = new Date()): Promise<AdminPayoutReport[]> {
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

// ---------------------------------------------------------------- decisions

type Decision =
  | { action: 'verify'; grade: EvidenceGrade }
  | { action: 'reject'; reason: string }
  | { action: 'revoke'; reason: string };

/** Which statuses each decision starts from. */
const DECIDES_FROM: Record<Decision['action'], PayoutReportStatus[]> = {
  // A rejected report (a revoked verification included) may be verified again.
  verify: ['pending', 'rejected'],
  reject: ['pending'],
  revoke: ['verified'],
};

const CONFLICT: Record<Decision['action'], string> = {
  verify: 'This report is already verified.',
  reject: 'Only a pending report can be rejected (revoke a verified one).',
  revoke: 'Only a verified report can be revoked.',
};

/**
 * An admin's decision on a report, in one transaction with its points, its audit entry and the
 * firm's record. The status change is conditional on the status it starts from, so of two admins
 * (or fifty requests) deciding at once only one wins; the others get 409. A verified paid report
 * earns points under a key of its own verification (`payout-report:<id>:<n>`), so a retried or
 * repeated verification credits once and a verification after a revocation earns again; a
 * revocation takes back what it earned (what is left of it, if the trader spent some).
 */
export async function decidePayoutReport(
  deps: PayoutDeps,
  id: number,
  admin: Actor,
  decision: Decision,
  now = new Date(),
): Promise<AdminPayoutReport> {
  const { db } = deps;
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(payoutReports).where(eq(payoutReports.id, id));
    if (!before) throw notFound('Payout report');
    const set =
      decision.action === 'verify'
        ? {
            status: 'verified' as const,
            grade: decision.grade,
            rejectionReason: null,
            revokedAt: null,
            verifiedAt: now,
            verifications: sql`${payoutReports.verifications} + 1`,
          }
        : decision.action === 'reject'
          ? { status: 'rejected' as const, rejectionReason: decision.reason }
          : {
              status: 'rejected' as const,
              rejectionReason: decision.reason,
              revokedAt: now,
              pointsAwarded: 0,
            };
    const [after] = await tx
      .update(payoutReports)
      .set({ ...set, decidedBy: admin.id, decidedAt: now })
      .where(and(eq(payoutReports.id, id), inArray(payoutReports.status, DECIDES_FROM[decision.action])))
      .returning();
    if (!after) throw new AppError(409, 'payout_report_decided', CONFLICT[decision.action]);
    let points = 0;
    if (decision.action === 'verify' && after.kind === 'paid') {
      points = POINTS_RULES.verifiedPayoutReport;
      const result = await recordPoints(tx, {
        userId: after.userId,
        delta: points,
        reason: 'payout_report',
        reference: `payout-report:${id}`,
        idempotencyKey: `payout-report:${id}:${after.verifications}`,
      });
      if (!result.applied) points = 0;
      await tx.update(payoutReports).set({ pointsAwarded: points }).where(eq(payoutReports.id, id));
    }
    if (decision.action === 'revoke' && before.pointsAwarded > 0) {
      const taken = Math.min(before.pointsAwarded, await getPointsBalance(tx, after.userId));
      if (taken > 0) {
        await recordPoints(tx, {
          userId: after.userId,
          delta: -taken,
          reason: 'payout_report_revoked',
          reference: `payout-report:${id}`,
          idempotencyKey: `payout-report:${id}:${after.verifications}:revoked`,
          createdBy: admin.id,
        });
      }
    }
    await recordAudit(tx, admin, {
      action: 'update',
      entity: 'payout_report',
      entityId: id,
      summary: `${decision.action} payout report #${id}`,
      before: { status: before.status, grade: before.grade, pointsAwarded: before.pointsAwarded },
      after: {
        status: after.status,
        grade: after.grade,
        rejectionReason: after.rejectionReason,
        pointsAwarded: decision.action === 'verify' ? points : after.pointsAwarded,
      },
    });
    // Only a verification or its revocation changes what the firm's record counts.
    if (decision.action !== 'reject') await recomputeFirmPayoutRecord(tx, after.propFirmId, now);
    const [reporter] = await tx.select({ email: users.email }).from(users).where(eq(users.id, after.userId));
    return { firmId: after.propFirmId, userId: after.userId, email: reporter?.email };
  });
  deps.changes.publish(
    { type: 'payout.updated', id, firmId: outcome.firmId },
    { type: 'points.updated', id: outcome.userId },
  );
  const [row] = await selectReports(db).where(eq(payoutReports.id, id));
  const [report] = await toAdminReports(db, [row]);
  if (decision.action !== 'verify' && outcome.email) {
    // The decision stands whether or not the mail goes out; a failed send is logged.
    await sendDecisionEmail(deps, outcome.email, report, decision.action).catch((err: unknown) =>
      deps.log.error({ err, report: id }, 'payout report decision email not sent'),
    );
  }
  return report;
}

async function sendDecisionEmail(
  deps: { mailer: Mailer; publicUrl: string },
  to: string,
  report: OwnPayoutReport,
  action: 'reject' | 'revoke',
): Promise<void> {
  const link = `${deps.publicUrl.replace(/\/$/, '')}/profile#payout-report-${report.id}`;
  const what = `your ${report.kind === 'paid' ? 'payout' : 'payout denial'} report for ${report.firm.name}`;
  const subject =
    action === 'reject'
      ? 'Your payout report was not verified'
      : 'The verification of your payout report was revoked';
  const body =
    action === 'reject'
      ? `We could not verify ${what}. Reason: ${report.rejectionReason ?? ''}`
      : `We revoked the verification of ${what}. Reason: ${report.rejectionReason ?? ''}`;
  await deps.mailer.send({
    to,
    subject,
    text: `${body}\n\nSee your reports: ${link}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">See your reports</a></p>`,
  });
}

/**
 * Every firm with verified reports has its record computed again (its 90-day and 12-month windows
 * move daily); returns those firms, whose cached figures are stale now.
 */
export async function recomputeAllPayoutRecords(db: Db, now = new Date()): Promise<number[]> {
  const firms = await db
    .selectDistinct({ id: payoutReports.propFirmId })
    .from(payoutReports)
    .where(eq(payoutReports.status, 'verified'));
  for (const { id } of firms) await db.transaction((tx) => recomputeFirmPayoutRecord(tx, id, now));
  return firms.map((f) => f.id);
}
