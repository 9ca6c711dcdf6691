import { and, asc, desc, eq } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { Adjustment, AdminPayout, Payout, PayoutRequest, PayoutStatus } from '../../../domain/points';
import { pointsToUsd } from '../../../domain/points-rules';
import type { Db } from '../../db/client';
import { payouts, pointsAdjustments, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { DecisionDeps } from './cashback';
import { recordPoints } from './service';

type PayoutRow = typeof payouts.$inferSelect;

function toPayout(row: PayoutRow): Payout {
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
 * Asks for a payout: the request and its debit (`payout:<id>`) are one transaction, so the points
 * leave the balance at once, and a request larger than the balance (400) leaves no request behind.
 */
export async function requestPayout(
  deps: Pick<DecisionDeps, 'db' | 'changes'>,
  userId: string,
  request: PayoutRequest,
): Promise<Payout> {
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(payouts)
      .values({ userId, points: request.points, method: request.method, destination: request.destination })
      .returning();
    await recordPoints(tx, {
      userId,
      delta: -request.points,
      reason: 'payout',
      reference: `payout:${created.id}`,
      idempotencyKey: `payout:${created.id}`,
    });
    return created;
  });
  deps.changes.publish({ type: 'points.updated', id: userId });
  return toPayout(row);
}

export async function listOwnPayouts(db: Db, userId: string): Promise<Payout[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  return rows.map(toPayout);
}

export async function listPayoutsForAdmin(db: Db, status: PayoutStatus): Promise<AdminPayout[]> {
  const rows = await db
    .select({ payout: payouts, email: users.email, username: users.username })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.status, status))
    .orderBy(status === 'pending' ? asc(payouts.createdAt) : desc(payouts.decidedAt))
    .limit(200);
  return rows.map(({ payout, email, username }) => ({
    ...toPayout(payout),
    user: { id: payout.userId, email, username },
  }));
}

/**
 * Marks a pending payout paid (with the payment's reference) or rejects it (the points come back
 * as their own ledger row, `payout-return:<id>`). Only a pending payout can be decided: a second
 * decision, or two at once, gets 409.
 */
export async function decidePayout(
  deps: DecisionDeps,
  id: number,
  adminId: string,
  decision: { decision: 'paid'; reference: string } | { decision: 'reject'; reason: string },
): Promise<Payout> {
  const result = await deps.db.transaction(async (tx) => {
    const paid = decision.decision === 'paid';
    const [updated] = await tx
      .update(payouts)
      .set({
        status: paid ? 'paid' : 'rejected',
        paymentReference: paid ? decision.reference : null,
        rejectionReason: decision.decision === 'reject' ? decision.reason : null,
        decidedBy: adminId,
        decidedAt: new Date(),
      })
      .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, id));
      if (!exists) throw notFound('Payout');
      throw new AppError(409, 'payout_decided', 'This payout has already been decided.');
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
    return { payout: updated, email: user?.email };
  });
  deps.changes.publish({ type: 'points.updated', id: result.payout.userId });
  const payout = toPayout(result.payout);
  if (result.email) {
    const link = `${deps.publicUrl.replace(/\/$/, '')}/profile`;
    const body =
      payout.status === 'paid'
        ? `Your payout #${id} of ${payout.points.toLocaleString('en-US')} points ($${payout.amountUsd.toFixed(2)}) was sent. Reference: ${payout.paymentReference}.`
        : `Your payout #${id} was not sent, and its ${payout.points.toLocaleString('en-US')} points are back in your balance. Reason: ${payout.rejectionReason}`;
    await deps.mailer
      .send({
        to: result.email,
        subject: payout.status === 'paid' ? 'Your payout was sent' : 'Your payout was not sent',
        text: `${body}\n\nYour points: ${link}\n`,
        html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">Your points</a></p>`,
      })
      .catch((err: unknown) => deps.log.error({ err, payout: id }, 'payout decision email not sent'));
  }
  return payout;
}

/** A manual change of an account's balance by an admin, with its reason, as a ledger row naming them. */
export async function adjustPoints(
  deps: Pick<DecisionDeps, 'db' | 'changes'>,
  adminId: string,
  adjustment: Adjustment,
): Promise<{ userId: string; balance: number }> {
  const result = await deps.db.transaction(async (tx) => {
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
    return { userId: user.id, balance };
  });
  deps.changes.publish({ type: 'points.updated', id: result.userId });
  return result;
}
