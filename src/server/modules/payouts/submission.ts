import { and, asc, count, eq, gte, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  displayTransactionReference,
  IMAGE_HASH_NEAR_BITS,
  NEW_ACCOUNT_DAYS,
  normalizeProcessorReference,
  normalizeTransactionReference,
  OTHER_PAYOUT_METHOD,
  PAYOUT_IMAGES_MAX,
  PAYOUT_NETWORK_LABELS,
  PAYOUT_PROCESSOR_LABELS,
  PAYOUT_REPORTS_PER_DAY,
  PROCESSOR_REFERENCE_FORMATS,
  TRANSACTION_REFERENCE_FORMATS,
} from '../../../domain/payout-rules';
import {
  type OwnPayoutReport,
  type PayoutFlagItem,
  type PayoutReportFields,
  PayoutReportFieldsSchema,
} from '../../../domain/payouts';
import type { Db, Tx } from '../../db/client';
import {
  firmAccounts,
  firmPayoutMethods,
  fundingModels,
  payoutReportImages,
  payoutReports,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { imageHash } from '../../lib/image-hash';
import { storeImage } from '../../lib/uploads';
import { assertNotFirmRepresentative } from '../firm-claims/service';
import { resolveListedFirm } from '../firms/service';
import { listOwnPayoutReports } from './reports';
import type { PayoutDeps } from './service';

const DAY = 86_400_000;

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
  await assertNotFirmRepresentative(db, userId, firm, 'payout');
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
