/**
 * The payouts module's face: a firm's payout record (computed, stored, recomputed daily), which
 * other modules and the demo seed use, and what the report writes need. The reports themselves:
 * `submission.ts` (a trader's report), `reports.ts` (as its reporter sees it), `queue.ts` (the
 * admin queue), `decisions.ts` (verify, reject, revoke), `report-model.ts` (the public list).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  daysBetween,
  type EvidenceGrade,
  OTHER_PAYOUT_METHOD_LABEL,
  PAYOUT_TIER_THRESHOLDS,
  type PayoutTier,
  payoutRecordTier,
  quantile,
} from '../../../domain/payout-rules';
import type { FirmPayoutRecord } from '../../../domain/payouts';
import type { Db, Tx } from '../../db/client';
import { firmPayoutRecords, firmPayoutTierHistory, payoutMethods, payoutReports } from '../../db/schema';
import type { Changes } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import type { Storage } from '../../lib/storage';

const DAY = 86_400_000;

/** What the report writes need: the trader's submission and the admin's decisions. */
export interface PayoutDeps {
  db: Db;
  storage: Storage;
  changes: Changes;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** What the record is computed from: one verified report. */
export interface VerifiedReport {
  kind: 'paid' | 'denied';
  amountCents: number | null;
  method: string | null;
  requestedOn: string | null;
  receivedOn: string | null;
  deniedOn: string | null;
  grade: EvidenceGrade;
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const round1 = (n: number | null) => (n == null ? null : Math.round(n * 10) / 10);

/**
 * A firm's payout record from its verified reports, as of `now`: counts, days from request to
 * receipt, amounts, method shares, denials, the last 12 months, and the tier of the shared function
 * (over the reports received in its window). `tierChangedAt` is filled by the caller.
 */
export function computePayoutRecord(reports: readonly VerifiedReport[], now: Date): FirmPayoutRecord {
  const today = now.getTime();
  // As of `now`: a record computed for a past day leaves out what came after it.
  const asOf = isoDay(today);
  const paid = reports.filter(
    (r) => r.kind === 'paid' && r.requestedOn && r.receivedOn && r.receivedOn <= asOf,
  );
  const denied = reports.filter((r) => r.kind === 'denied' && (r.deniedOn ?? '') <= asOf);
  const since = (days: number) => isoDay(today - days * DAY);
  const days = paid.map((r) => daysBetween(r.requestedOn as string, r.receivedOn as string));
  const amounts = paid.flatMap((r) => (r.amountCents == null ? [] : [r.amountCents / 100]));
  const byMethod = new Map<string, number>();
  for (const r of paid) {
    const method = r.method ?? OTHER_PAYOUT_METHOD_LABEL;
    byMethod.set(method, (byMethod.get(method) ?? 0) + 1);
  }
  // The last 12 months, this one included, oldest first.
  const monthly: FirmPayoutRecord['monthly'] = [];
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  for (let back = 11; back >= 0; back--) {
    const key = new Date(Date.UTC(year, month - back, 1)).toISOString().slice(0, 7);
    monthly.push({ month: key, count: 0, amount: 0 });
  }
  const slot = new Map(monthly.map((m) => [m.month, m]));
  for (const r of paid) {
    const m = slot.get((r.receivedOn as string).slice(0, 7));
    if (m) {
      m.count++;
      m.amount = Math.round((m.amount + (r.amountCents ?? 0) / 100) * 100) / 100;
    }
  }
  const windowStart = since(PAYOUT_TIER_THRESHOLDS.windowDays);
  const inWindow = paid.filter((r) => (r.receivedOn as string) >= windowStart);
  const windowDays = inWindow.map((r) => daysBetween(r.requestedOn as string, r.receivedOn as string));
  const tier = payoutRecordTier({
    paidGrades: inWindow.map((r) => r.grade),
    deniedCount: denied.filter((r) => (r.deniedOn ?? '') >= windowStart).length,
    medianDays: quantile(windowDays, 0.5),
  });
  return {
    tier,
    tierChangedAt: null,
    paidLast90Days: paid.filter((r) => (r.receivedOn as string) >= since(90)).length,
    paidAll: paid.length,
    medianDays: round1(quantile(days, 0.5)),
    p90Days: round1(quantile(days, 0.9)),
    medianAmount: quantile(amounts, 0.5),
    largestAmount: amounts.length ? Math.max(...amounts) : null,
    methodShares: [...byMethod]
      .map(([method, count]) => ({ method, count, share: Math.round((count / paid.length) * 1000) / 1000 }))
      .sort((a, b) => b.count - a.count || a.method.localeCompare(b.method)),
    deniedCount: denied.length,
    monthly,
  };
}

/**
 * Computes a firm's record again from its verified reports and stores it, in the caller's
 * transaction; a changed tier (or the first one) adds a row to the firm's tier history. Returns the
 * tier before and after.
 */
export async function recomputeFirmPayoutRecord(
  tx: Tx,
  firmId: number,
  now = new Date(),
): Promise<{ before: PayoutTier | null; after: PayoutTier }> {
  // One after another: `tx` is a transaction, whose one connection runs a query at a time.
  const rows = await tx
    .select({
      kind: payoutReports.kind,
      amountCents: payoutReports.amountCents,
      method: payoutMethods.name,
      methodId: payoutReports.payoutMethodId,
      requestedOn: payoutReports.requestedOn,
      receivedOn: payoutReports.receivedOn,
      deniedOn: payoutReports.deniedOn,
      grade: payoutReports.grade,
    })
    .from(payoutReports)
    .leftJoin(payoutMethods, eq(payoutMethods.id, payoutReports.payoutMethodId))
    .where(and(eq(payoutReports.propFirmId, firmId), eq(payoutReports.status, 'verified')));
  const [previous] = await tx
    .select({ tier: firmPayoutRecords.tier, changedAt: firmPayoutRecords.tierChangedAt })
    .from(firmPayoutRecords)
    .where(eq(firmPayoutRecords.propFirmId, firmId));
  const record = computePayoutRecord(
    rows.map((r) => ({ ...r, grade: r.grade ?? 'screenshot' })),
    now,
  );
  const changed = previous?.tier !== record.tier;
  const tierChangedAt = changed ? now : (previous?.changedAt ?? now);
  const stored = { ...record, tierChangedAt: tierChangedAt.toISOString() };
  await tx
    .insert(firmPayoutRecords)
    .values({
      propFirmId: firmId,
      tier: record.tier,
      tierChangedAt,
      medianDays: record.medianDays,
      record: stored,
      computedAt: now,
    })
    .onConflictDoUpdate({
      target: firmPayoutRecords.propFirmId,
      set: {
        tier: record.tier,
        tierChangedAt,
        medianDays: record.medianDays,
        record: stored,
        computedAt: now,
      },
    });
  if (changed)
    await tx.insert(firmPayoutTierHistory).values({ propFirmId: firmId, tier: record.tier, computedAt: now });
  return { before: previous?.tier ?? null, after: record.tier };
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
