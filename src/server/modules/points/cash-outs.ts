import { and, asc, desc, eq } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type {
  Adjustment,
  AdminCashOut,
  CashOut,
  CashOutRequest,
  CashOutStatus,
} from '../../../domain/points';
import { pointsToUsd } from '../../../domain/points-rules';
import type { Db } from '../../db/client';
import { cashOuts, pointsAdjustments, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { DecisionDeps } from './cashback';
import { recordPoints } from './service';

type CashOutRow = typeof cashOuts.$inferSelect;

function toCashOut(row: CashOutRow): CashOut {
  return {
    id: row.id,
    points: row.points,
    amountUsd: pointsToUsd(row.points),
    method: row.method,
    destination: row.destination,
    status: row.status,
    paymentReference: row.paymentReference,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Asks for a cash-out: the request and its debit (`payout:<id>`) are one transaction, so the points
 * leave the balance at once, and a request larger than the balance (400) leaves no request behind.
 */
export async function requestCashOut(
  deps: Pick<DecisionDeps, 'db' | 'changes'>,
  userId: string,
  request: CashOutRequest,
): Promise<CashOut> {
  const row = await deps.changes.commit(deps.db, async (tx) => {
    const [created] = await tx
      .insert(cashOuts)
      .values({ userId, points: request.points, method: request.method, destination: request.destination })
      .returning();
    await recordPoints(tx, {
      userId,
      delta: -request.points,
      reason: 'payout',
      reference: `payout:${created.id}`,
      idempotencyKey: `payout:${created.id}`,
    });
    return { result: created, changes: [{ type: 'points.updated', id: userId }] };
  });
  return toCashOut(row);
}

export async function listOwnCashOuts(db: Db, userId: string): Promise<CashOut[]> {
  const rows = await db
    .select()
    .from(cashOuts)
    .where(eq(cashOuts.userId, userId))
    .orderBy(desc(cashOuts.createdAt), desc(cashOuts.id));
  return rows.map(toCashOut);
}

export async function listCashOutsForAdmin(db: Db, status: CashOutStatus): Promise<AdminCashOut[]> {
  const rows = await db
    .select({ cashOut: cashOuts, email: users.email, username: users.username })
    .from(cashOuts)
    .innerJoin(users, eq(users.id, cashOuts.userId))
    .where(eq(cashOuts.status, status))
    .orderBy(status === 'pending' ? asc(cashOuts.createdAt) : desc(cashOuts.decidedAt))
    .limit(200);
  return rows.map(({ cashOut, email, username }) => ({
    ...toCashOut(cashOut),
    user: { id: cashOut.userId, email, username },
  }));
}

/**
 * Marks a pending cash-out paid (with the payment's reference) or rejects it (the points come back
 * as their own ledger row, `payout-return:<id>`). Only a pending cash-out can be decided: a second
 * decision, or two at once, gets 409.
 */
export async function decideCashOut(
  deps: DecisionDeps,
  id: number,
  adminId: string,
  decision: { decision: 'paid'; reference: string } | { decision: 'reject'; reason: string },
): Promise<CashOut> {
  const result = await deps.changes.commit(deps.db, async (tx) => {
    const paid = decision.decision === 'paid';
    const [updated] = await tx
      .update(cashOuts)
      .set({
        status: paid ? 'paid' : 'rejected',
        paymentReference: paid ? decision.reference : null,
        rejectionReason: decision.decision === 'reject' ? decision.reason : null,
        decidedBy: adminId,
        decidedAt: new Date(),
      })
      .where(and(eq(cashOuts.id, id), eq(cashOuts.status, 'pending')))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ id: cashOuts.id }).from(cashOuts).where(eq(cashOuts.id, id));
      if (!exists) throw notFound('Cash-out');
      throw new AppError(409, 'cash_out_decided', 'This cash-out has already been decided.');
    }
    if (!paid) {
      await recordPoints(tx, {
        userId: updated.userId,
        delta: updated.points,
        reason: 'payout_returned',
        reference: `payout:${id}`,
        idempotencyKey: `payout-return:${id}`,
      });
    }
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, updated.userId));
    return {
      result: { cashOut: updated, email: user?.email },
      changes: [{ type: 'points.updated', id: updated.userId }],
    };
  });
  const cashOut = toCashOut(result.cashOut);
  if (result.email) {
    const link = `${deps.publicUrl.replace(/\/$/, '')}/profile`;
    const body =
      cashOut.status === 'paid'
        ? `Your cash-out #${id} of ${cashOut.points.toLocaleString('en-US')} points ($${cashOut.amountUsd.toFixed(2)}) was sent. Reference: ${cashOut.paymentReference}.`
        : `Your cash-out #${id} was not sent, and its ${cashOut.points.toLocaleString('en-US')} points are back in your balance. Reason: ${cashOut.rejectionReason}`;
    await deps.mailer
      .send({
        to: result.email,
        subject: cashOut.status === 'paid' ? 'Your cash-out was sent' : 'Your cash-out was not sent',
        text: `${body}\n\nYour points: ${link}\n`,
        html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">Your points</a></p>`,
      })
      .catch((err: unknown) => deps.log.error({ err, cashOut: id }, 'cash-out decision email not sent'));
  }
  return cashOut;
}

/** A manual change of an account's balance by an admin, with its reason, as a ledger row naming them. */
export async function adjustPoints(
  deps: Pick<DecisionDeps, 'db' | 'changes'>,
  adminId: string,
  adjustment: Adjustment,
): Promise<{ userId: string; balance: number }> {
  return deps.changes.commit(deps.db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, adjustment.email));
    if (!user) throw notFound('Account');
    const [row] = await tx
      .insert(pointsAdjustments)
      .values({ userId: user.id, delta: adjustment.delta, reason: adjustment.reason, createdBy: adminId })
      .returning({ id: pointsAdjustments.id });
    const { balance } = await recordPoints(tx, {
      userId: user.id,
      delta: adjustment.delta,
      reason: 'admin_adjustment',
      reference: `adjustment:${row.id}`,
      idempotencyKey: `adjustment:${row.id}`,
      createdBy: adminId,
    });
    return { result: { userId: user.id, balance }, changes: [{ type: 'points.updated', id: user.id }] };
  });
}
