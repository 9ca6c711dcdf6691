import { and, asc, desc, eq, sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AdminCashbackClaim,
  type CashbackClaim,
  type CashbackClaimPayload,
  CashbackClaimPayloadSchema,
  type CashbackFirm,
  type ClaimDecision,
  type ClaimStatus,
} from '../../../domain/points';
import { cashbackPoints } from '../../../domain/points-rules';
import type { Db } from '../../db/client';
import { cashbackClaims, propFirms, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import type { Storage } from '../../lib/storage';
import { recordPoints } from './service';

/** The oldest purchase a claim may be made for. */
const MAX_CLAIM_AGE_DAYS = 365;

/** Listed firms that pay cashback, with their percentage, by name. */
export async function listCashbackFirms(db: Db): Promise<CashbackFirm[]> {
  const rows = await db
    .select({
      id: propFirms.id,
      name: propFirms.name,
      slug: propFirms.slug,
      logo: propFirms.logo,
      cashbackPercentage: propFirms.cashbackPercentage,
    })
    .from(propFirms)
    .where(
      and(
        eq(propFirms.status, 'listed'),
        eq(propFirms.cashbackProvided, true),
        sql`${propFirms.cashbackPercentage} > 0`,
      ),
    )
    .orderBy(asc(propFirms.name));
  return rows.map((r) => ({ ...r, cashbackPercentage: r.cashbackPercentage ?? 0 }));
}

const claimColumns = {
  id: cashbackClaims.id,
  userId: cashbackClaims.userId,
  propFirmId: cashbackClaims.propFirmId,
  firmName: propFirms.name,
  firmSlug: propFirms.slug,
  orderReference: cashbackClaims.orderReference,
  amountSpent: cashbackClaims.amountSpent,
  purchaseDate: cashbackClaims.purchaseDate,
  cashbackPercentage: cashbackClaims.cashbackPercentage,
  pointsAwarded: cashbackClaims.pointsAwarded,
  status: cashbackClaims.status,
  rejectionReason: cashbackClaims.rejectionReason,
  proofImage: cashbackClaims.proofImage,
  createdAt: cashbackClaims.createdAt,
  reviewedAt: cashbackClaims.reviewedAt,
};

type ClaimRow = {
  id: number;
  userId: string;
  propFirmId: number;
  firmName: string;
  firmSlug: string;
  orderReference: string;
  amountSpent: number;
  purchaseDate: string | null;
  cashbackPercentage: number | null;
  pointsAwarded: number | null;
  status: ClaimStatus;
  rejectionReason: string | null;
  proofImage: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
};

/** Where the receipt of a claim is served (to its claimant and admins only). */
export const claimProofPath = (id: number) => `/api/cashback-claims/${id}/proof`;

function toClaim(row: ClaimRow): CashbackClaim {
  return {
    id: row.id,
    propFirmId: row.propFirmId,
    firmName: row.firmName,
    firmSlug: row.firmSlug,
    orderReference: row.orderReference,
    amountSpent: row.amountSpent / 100,
    purchaseDate: row.purchaseDate,
    cashbackPercentage: row.cashbackPercentage,
    points: row.pointsAwarded ?? cashbackPoints(row.amountSpent, row.cashbackPercentage ?? 0),
    status: row.status,
    rejectionReason: row.rejectionReason,
    proofUrl: row.proofImage ? claimProofPath(row.id) : null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** Checks the form's fields (a multipart form's text parts) with the claim schema: 400 naming what is wrong. */
export function parseClaimFields(fields: Record<string, string>): CashbackClaimPayload {
  const parsed = CashbackClaimPayloadSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join('.');
    throw new AppError(400, 'invalid_claim', field ? `${field}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}

function checkPurchaseDate(value: string, now = new Date()): void {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new AppError(400, 'invalid_claim', 'purchaseDate: not a real date');
  }
  const today = now.toISOString().slice(0, 10);
  if (value > today)
    throw new AppError(400, 'invalid_claim', 'purchaseDate: the purchase date cannot be in the future');
  if (now.getTime() - date.getTime() > MAX_CLAIM_AGE_DAYS * 86_400_000) {
    throw new AppError(400, 'invalid_claim', 'purchaseDate: purchases older than a year cannot be claimed');
  }
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Files a claim with its receipt (already stored privately). A firm without cashback is a 400; a
 * second claim for the same firm and order reference is a 409. The percentage is the firm's at
 * this moment, the rate the trader was shown.
 */
export async function createCashbackClaim(
  db: Db,
  userId: string,
  payload: CashbackClaimPayload,
  proofKey: string,
): Promise<CashbackClaim> {
  checkPurchaseDate(payload.purchaseDate);
  const [firm] = await db
    .select({
      id: propFirms.id,
      provided: propFirms.cashbackProvided,
      percentage: propFirms.cashbackPercentage,
      status: propFirms.status,
    })
    .from(propFirms)
    .where(eq(propFirms.id, payload.propFirmId));
  if (firm?.status !== 'listed') throw notFound('Firm');
  if (!(firm.provided && firm.percentage && firm.percentage > 0)) {
    throw new AppError(400, 'no_cashback', 'This firm does not offer cashback.');
  }
  const amountCents = Math.round(Number(payload.amountSpent) * 100);
  let id: number;
  try {
    const [row] = await db
      .insert(cashbackClaims)
      .values({
        userId,
        propFirmId: firm.id,
        orderReference: payload.orderReference,
        amountSpent: amountCents,
        cashbackPercentage: firm.percentage,
        purchaseDate: payload.purchaseDate,
        proofImage: proofKey,
      })
      .returning({ id: cashbackClaims.id });
    id = row.id;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError(409, 'claim_exists', 'A claim for this order at this firm already exists.');
    }
    throw err;
  }
  return getClaimFor(db, id, { userId, isAdmin: false });
}

async function findClaim(db: Db, id: number): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select(claimColumns)
    .from(cashbackClaims)
    .innerJoin(propFirms, eq(propFirms.id, cashbackClaims.propFirmId))
    .where(eq(cashbackClaims.id, id));
  return row as ClaimRow | undefined;
}

/** A claim as its claimant or an admin sees it; anyone else gets 404 (not even its existence). */
export async function getClaimFor(
  db: Db,
  id: number,
  viewer: { userId: string; isAdmin: boolean },
): Promise<CashbackClaim> {
  const row = await findClaim(db, id);
  if (!row || (row.userId !== viewer.userId && !viewer.isAdmin)) throw notFound('Claim');
  return toClaim(row);
}

/** The trader's claims, newest first. */
export async function listOwnClaims(db: Db, userId: string): Promise<CashbackClaim[]> {
  const rows = await db
    .select(claimColumns)
    .from(cashbackClaims)
    .innerJoin(propFirms, eq(propFirms.id, cashbackClaims.propFirmId))
    .where(eq(cashbackClaims.userId, userId))
    .orderBy(desc(cashbackClaims.createdAt), desc(cashbackClaims.id));
  return (rows as ClaimRow[]).map(toClaim);
}

/** The receipt's bytes for its claimant or an admin; 404 for anyone else. */
export async function readClaimProof(
  db: Db,
  storage: Storage,
  id: number,
  viewer: { userId: string; isAdmin: boolean },
): Promise<Buffer> {
  const row = await findClaim(db, id);
  if (!row || (row.userId !== viewer.userId && !viewer.isAdmin) || !row.proofImage) throw notFound('Receipt');
  const bytes = await storage.read(row.proofImage, 'private');
  if (!bytes) throw notFound('Receipt');
  return bytes;
}

/** The admin queue: one status (pending first by default), oldest first so nothing waits forever. */
export async function listClaimsForAdmin(db: Db, status: ClaimStatus): Promise<AdminCashbackClaim[]> {
  const rows = await db
    .select({ ...claimColumns, email: users.email, username: users.username })
    .from(cashbackClaims)
    .innerJoin(propFirms, eq(propFirms.id, cashbackClaims.propFirmId))
    .innerJoin(users, eq(users.id, cashbackClaims.userId))
    .where(eq(cashbackClaims.status, status))
    .orderBy(status === 'pending' ? asc(cashbackClaims.createdAt) : desc(cashbackClaims.reviewedAt))
    .limit(200);
  return rows.map(({ email, username, ...row }) => ({
    ...toClaim(row as ClaimRow),
    user: { id: row.userId, email, username },
  }));
}

export interface DecisionDeps {
  db: Db;
  changes: Changes;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Approves or rejects a pending claim. Approval credits amount x percentage x the published rate
 * through the ledger (key `claim:<id>`) in the same transaction as the status change; the status
 * change is conditional on the claim still being pending, so two admins deciding at once cannot
 * both win (the second gets 409). The trader is emailed after commit.
 */
export async function decideClaim(
  deps: DecisionDeps,
  id: number,
  adminId: string,
  decision: ClaimDecision,
): Promise<CashbackClaim> {
  const { db } = deps;
  const outcome = await deps.changes.commit(db, async (tx) => {
    const row = await findClaim(tx, id);
    if (!row) throw notFound('Claim');
    const approve = decision.decision === 'approve';
    const points = approve ? cashbackPoints(row.amountSpent, row.cashbackPercentage ?? 0) : null;
    const [updated] = await tx
      .update(cashbackClaims)
      .set({
        status: approve ? 'approved' : 'rejected',
        pointsAwarded: points,
        rejectionReason: decision.decision === 'reject' ? decision.reason : null,
        reviewedBy: adminId,
        reviewedAt: new Date(),
      })
      .where(and(eq(cashbackClaims.id, id), eq(cashbackClaims.status, 'pending')))
      .returning({ id: cashbackClaims.id });
    if (!updated) throw new AppError(409, 'claim_decided', 'This claim has already been decided.');
    if (approve && points && points > 0) {
      await recordPoints(tx, {
        userId: row.userId,
        delta: points,
        reason: 'cashback',
        reference: `claim:${id}`,
        idempotencyKey: `claim:${id}`,
      });
    }
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    return {
      result: { userId: row.userId, email: user?.email },
      changes: [{ type: 'points.updated', id: row.userId }],
    };
  });
  const claim = await getClaimFor(db, id, { userId: outcome.userId, isAdmin: true });
  // The decision stands whether or not the mail goes out; a failed send is logged.
  if (outcome.email) {
    await sendClaimDecisionEmail(deps, outcome.email, claim).catch((err: unknown) =>
      deps.log.error({ err, claim: id }, 'cashback decision email not sent'),
    );
  }
  return claim;
}

async function sendClaimDecisionEmail(
  deps: { mailer: Mailer; publicUrl: string },
  to: string,
  claim: CashbackClaim,
): Promise<void> {
  const link = `${deps.publicUrl.replace(/\/$/, '')}/cashback-claims`;
  const what = `your cashback claim for order ${claim.orderReference} at ${claim.firmName}`;
  const approved = claim.status === 'approved';
  const subject = approved ? 'Your cashback claim was approved' : 'Your cashback claim was not approved';
  const body = approved
    ? `Good news: ${what} was approved and ${claim.points.toLocaleString('en-US')} points were added to your balance.`
    : `We could not approve ${what}. Reason: ${claim.rejectionReason ?? ''}`;
  await deps.mailer.send({
    to,
    subject,
    text: `${body}\n\nSee your claims: ${link}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">See your claims</a></p>`,
  });
}
