import { eq, sql } from 'drizzle-orm';
import type { PointsReason } from '../../../domain/points';
import type { Db } from '../../db/client';
import { pointsLedger, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export interface PointsEntry {
  userId: string;
  /** Points added (positive) or taken (negative); never zero. */
  delta: number;
  reason: PointsReason;
  /** What caused it, for the history: `claim:12`, `review:40`, `payout:3` ... */
  reference?: string | null;
  /** One row per key, ever: the same cause recorded twice (a retry, a repeated postback) adds nothing. */
  idempotencyKey: string;
  /** The admin who wrote it by hand. */
  createdBy?: string | null;
}

export interface PointsResult {
  /** False when a row with this idempotency key already existed: nothing was added. */
  applied: boolean;
  balance: number;
}

/**
 * The only writer of points_ledger. Adds the row and moves `users.points` by its delta in one
 * transaction (a savepoint inside the caller's transaction, so it commits or rolls back with what
 * caused it). A debit larger than the balance is refused with 400 and writes nothing; the
 * database's CHECK on users.points backs that up.
 */
export async function recordPoints(db: Db, entry: PointsEntry): Promise<PointsResult> {
  if (!Number.isSafeInteger(entry.delta) || entry.delta === 0) {
    throw new AppError(400, 'invalid_points', 'A points change must be a whole number other than zero.');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pointsLedger)
      .values({
        userId: entry.userId,
        delta: entry.delta,
        reason: entry.reason,
        reference: entry.reference ?? null,
        idempotencyKey: entry.idempotencyKey,
        createdBy: entry.createdBy ?? null,
      })
      .onConflictDoNothing({ target: pointsLedger.idempotencyKey })
      .returning({ id: pointsLedger.id });
    if (!row) return { applied: false, balance: await getPointsBalance(tx, entry.userId) };
    // The row lock taken here orders concurrent changes of one balance; the condition is checked
    // again after waiting for it, so two debits can never take the balance below zero.
    const [updated] = await tx
      .update(users)
      .set({ points: sql`${users.points} + ${entry.delta}` })
      .where(sql`${users.id} = ${entry.userId} and ${users.points} + ${entry.delta} >= 0`)
      .returning({ points: users.points });
    if (!updated) {
      const exists = await tx.select({ id: users.id }).from(users).where(eq(users.id, entry.userId));
      if (exists.length === 0) throw new AppError(404, 'user_not_found', 'User not found');
      throw new AppError(400, 'insufficient_points', 'You do not have enough points for this.');
    }
    return { applied: true, balance: updated.points };
  });
}

/** The user's balance (the cache of their ledger's sum); 0 for an unknown user. */
export async function getPointsBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row?.points ?? 0;
}
