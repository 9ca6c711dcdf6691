import { and, eq, inArray, sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { EvidenceGrade, PayoutReportStatus } from '../../../domain/payout-rules';
import type { AdminPayoutReport, OwnPayoutReport } from '../../../domain/payouts';
import { POINTS_RULES } from '../../../domain/points-rules';
import { payoutReports, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { type Actor, recordAudit } from '../admin/service';
import { getPointsBalance, recordPoints } from '../points/service';
import { findAdminPayoutReport } from './queue';
import { type PayoutDeps, recomputeFirmPayoutRecord } from './service';

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
  const outcome = await deps.changes.commit(db, async (tx) => {
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
    return {
      result: { email: reporter?.email },
      changes: [
        { type: 'payout.updated', id, firmId: after.propFirmId },
        { type: 'points.updated', id: after.userId },
      ],
    };
  });
  const report = await findAdminPayoutReport(db, id);
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
