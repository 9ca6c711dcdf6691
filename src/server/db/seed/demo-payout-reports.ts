import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { EvidenceGrade } from '../../../domain/payout-rules';
import { POINTS_RULES } from '../../../domain/points-rules';
import { imageHash } from '../../lib/image-hash';
import type { Storage } from '../../lib/storage';
import { storeImage } from '../../lib/uploads';
import { recomputeFirmPayoutRecord } from '../../modules/payouts/service';
import { recordPoints } from '../../modules/points/service';
import type { Db } from '../client';
import { firmPayoutMethods, payoutReportImages, payoutReports } from '../schema';

const DAY = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const hexOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What each of the first demo firms gets, so every tier shows on a fresh clone: verified payouts
 * (their grades cycle), verified denials, the days a payout takes.
 */
const PLANS: { paid: number; grades: EvidenceGrade[]; denied: number; days: number }[] = [
  // High: plenty of strong evidence, fast.
  { paid: 22, grades: ['on_chain', 'processor_receipt', 'on_chain', 'bank_statement'], denied: 1, days: 2 },
  // Medium: mixed evidence, a few denials.
  { paid: 10, grades: ['processor_receipt', 'on_chain', 'screenshot', 'bank_statement'], denied: 2, days: 5 },
  // Low: weak evidence and many denials.
  { paid: 8, grades: ['bank_statement', 'screenshot'], denied: 3, days: 12 },
  // Not enough evidence: screenshots only.
  { paid: 4, grades: ['screenshot'], denied: 0, days: 8 },
  // Medium, not High: strong evidence but slow.
  { paid: 16, grades: ['on_chain'], denied: 1, days: 20 },
];

const DENIAL_REASONS = ['consistency_rule', 'rule_breach', 'kyc', 'no_reason'] as const;
const NETWORKS = ['ethereum', 'tron', 'polygon', 'bitcoin'] as const;

/** A drawn payout receipt (no real firm's): the recycled pair's images. */
function receiptPng(amount: string): Promise<Buffer> {
  const bars = Array.from(
    { length: 7 },
    (_, i) =>
      `<rect x="40" y="${190 + i * 44}" width="${140 + ((i * 97) % 260)}" height="16" rx="4" fill="#334155"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="560">
    <rect width="640" height="560" fill="#f8fafc"/><rect width="640" height="96" fill="#4338ca"/>
    <text x="40" y="62" font-family="sans-serif" font-size="34" fill="#fff">Payout sent</text>
    <text x="40" y="160" font-family="sans-serif" font-size="40" fill="#0f172a">$${amount}</text>
    <circle cx="540" cy="440" r="56" fill="#16a34a"/>${bars}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Payout reports across the first demo firms: verified payouts of every grade and verified
 * denials (each firm's record and tier computed as of 60 days ago and today, so the tier history
 * has entries), pending reports in the admin queue, a rejected one, a revoked one, and a recycled
 * screenshot pair (a second trader's image a re-encoded copy of the first's, same amount and date)
 * that arrives flagged. Only the pair has images, stored privately through `storage`; without a
 * storage (a seed run with no data folder) the pair is left out.
 */
export async function seedDemoPayoutReports(
  db: Db,
  options: { firmIds: Map<string, number>; userIds: string[]; now: Date; storage?: Storage },
): Promise<number> {
  const { userIds, now } = options;
  const firms = [...options.firmIds].slice(0, PLANS.length);
  const today = now.getTime();
  const methods = await db
    .select({ firmId: firmPayoutMethods.propFirmId, id: firmPayoutMethods.payoutMethodId })
    .from(firmPayoutMethods)
    .where(
      inArray(
        firmPayoutMethods.propFirmId,
        firms.map(([, id]) => id),
      ),
    );
  const methodsOf = (firmId: number) => methods.filter((m) => m.firmId === firmId).map((m) => m.id);
  const rows: (typeof payoutReports.$inferInsert)[] = [];
  for (const [f, [slug, firmId]] of firms.entries()) {
    const plan = PLANS[f];
    const firmMethods = methodsOf(firmId);
    for (let k = 0; k < plan.paid; k++) {
      const received = today - (3 + ((k * 23 + f * 5) % 340)) * DAY;
      const days = plan.days + ((k * 7) % 5) - 2;
      const grade = plan.grades[k % plan.grades.length];
      const onChain = grade === 'on_chain';
      const network = NETWORKS[k % NETWORKS.length];
      const hash = hexOf(`demo-payout:${slug}:${k}`);
      rows.push({
        userId: userIds[(k + f * 3) % userIds.length],
        propFirmId: firmId,
        kind: 'paid',
        amountCents: (800 + ((k * 1237 + f * 311) % 9200)) * 100,
        payoutMethodId: firmMethods.length ? firmMethods[k % firmMethods.length] : null,
        requestedOn: isoDay(received - Math.max(0, days) * DAY),
        receivedOn: isoDay(received),
        comment: k % 3 === 0 ? 'Requested through the dashboard, paid as promised.' : null,
        showUsername: k % 2 === 0,
        network: onChain ? network : null,
        transactionReference: onChain ? hash : null,
        processor: grade === 'processor_receipt' ? 'rise' : null,
        processorReference: grade === 'processor_receipt' ? `RP-${hash.slice(0, 12).toUpperCase()}` : null,
        status: 'verified',
        grade,
        verifications: 1,
        verifiedAt: new Date(Math.min(today, received + DAY)),
        decidedAt: new Date(Math.min(today, received + DAY)),
        createdAt: new Date(received + DAY / 2),
      });
    }
    for (let k = 0; k < plan.denied; k++) {
      const denied = today - (10 + ((k * 41 + f * 13) % 300)) * DAY;
      rows.push({
        userId: userIds[(k + f * 5 + 7) % userIds.length],
        propFirmId: firmId,
        kind: 'denied',
        amountCents: (1500 + k * 700) * 100,
        deniedOn: isoDay(denied),
        denialReason: DENIAL_REASONS[(k + f) % DENIAL_REASONS.length],
        comment: 'The firm cited a rule that was not in the terms when I bought the account.',
        showUsername: false,
        status: 'verified',
        grade: 'screenshot',
        verifications: 1,
        verifiedAt: new Date(denied + 2 * DAY),
        decidedAt: new Date(denied + 2 * DAY),
        createdAt: new Date(denied + DAY),
      });
    }
  }
  // The admin queue: pending reports, one rejected, one whose verification was revoked.
  const [first, second, third] = firms;
  const pending = (firmId: number, k: number, extra: Partial<typeof payoutReports.$inferInsert> = {}) => ({
    userId: userIds[(k * 5 + 2) % userIds.length],
    propFirmId: firmId,
    kind: 'paid' as const,
    amountCents: (2000 + k * 450) * 100,
    payoutMethodId: methodsOf(firmId)[0] ?? null,
    requestedOn: isoDay(today - (4 + k) * DAY),
    receivedOn: isoDay(today - (1 + k) * DAY),
    network: 'ethereum',
    transactionReference: hexOf(`demo-payout-pending:${firmId}:${k}`),
    showUsername: true,
    createdAt: new Date(today - k * 3_600_000),
    ...extra,
  });
  if (first) rows.push(pending(first[1], 1), pending(first[1], 2));
  if (second)
    rows.push(
      pending(second[1], 3, {
        network: null,
        transactionReference: null,
        processor: 'wise',
        processorReference: '48213377',
      }),
    );
  if (third) {
    rows.push(
      pending(third[1], 4, {
        status: 'rejected',
        rejectionReason: 'The receipt shows another firm’s name.',
        decidedAt: new Date(today - DAY),
      }),
    );
  }
  const inserted = await db.insert(payoutReports).values(rows).returning({
    id: payoutReports.id,
    userId: payoutReports.userId,
    kind: payoutReports.kind,
    status: payoutReports.status,
  });
  // Verified payouts earn their points through the ledger, as a verification does.
  for (const report of inserted) {
    if (report.status !== 'verified' || report.kind !== 'paid') continue;
    await recordPoints(db, {
      userId: report.userId,
      delta: POINTS_RULES.verifiedPayoutReport,
      reason: 'payout_report',
      reference: `payout-report:${report.id}`,
      idempotencyKey: `payout-report:${report.id}:1`,
    });
    await db
      .update(payoutReports)
      .set({ pointsAwarded: POINTS_RULES.verifiedPayoutReport })
      .where(eq(payoutReports.id, report.id));
  }
  // One verification revoked: its points taken back, as the revoke action does.
  const revoked = inserted.find((r) => r.status === 'verified' && r.kind === 'paid');
  if (revoked) {
    await recordPoints(db, {
      userId: revoked.userId,
      delta: -POINTS_RULES.verifiedPayoutReport,
      reason: 'payout_report_revoked',
      reference: `payout-report:${revoked.id}`,
      idempotencyKey: `payout-report:${revoked.id}:1:revoked`,
    });
    await db
      .update(payoutReports)
      .set({
        status: 'rejected',
        pointsAwarded: 0,
        revokedAt: new Date(today - 2 * DAY),
        rejectionReason: 'The transaction hash belongs to another payment.',
      })
      .where(eq(payoutReports.id, revoked.id));
  }
  let count = inserted.length;
  if (second && options.storage)
    count += await seedRecycledPair(db, options.storage, second[1], userIds, today);
  for (const [, firmId] of firms) {
    await recomputeFirmPayoutRecord(db, firmId, new Date(today - 60 * DAY));
    await recomputeFirmPayoutRecord(db, firmId, now);
  }
  return count;
}

/** Two pending reports whose screenshots are one picture re-encoded: the second arrives flagged. */
async function seedRecycledPair(
  db: Db,
  storage: Storage,
  firmId: number,
  userIds: string[],
  today: number,
): Promise<number> {
  const original = await receiptPng('3,150.00');
  const copy = await sharp(original).resize(520).jpeg({ quality: 72 }).toBuffer();
  const base = {
    propFirmId: firmId,
    kind: 'paid' as const,
    amountCents: 315_000,
    requestedOn: isoDay(today - 6 * DAY),
    receivedOn: isoDay(today - 3 * DAY),
    showUsername: false,
  };
  const [a] = await db
    .insert(payoutReports)
    .values({ ...base, userId: userIds[4 % userIds.length], createdAt: new Date(today - 2 * DAY) })
    .returning({ id: payoutReports.id });
  const [b] = await db
    .insert(payoutReports)
    .values({
      ...base,
      userId: userIds[9 % userIds.length],
      createdAt: new Date(today - 3_600_000),
      flags: [
        {
          kind: 'recycled_image',
          detail: `An image looks like one of report #${a.id}`,
          relatedReportId: a.id,
        },
        {
          kind: 'same_amount_and_date',
          detail: `Report #${a.id} from another account has the same amount and date`,
          relatedReportId: a.id,
        },
      ],
    })
    .returning({ id: payoutReports.id });
  for (const [reportId, bytes] of [
    [a.id, original],
    [b.id, copy],
  ] as const) {
    const image = await storeImage(storage, bytes, 'private');
    await db
      .insert(payoutReportImages)
      .values({ reportId, position: 1, storageKey: image.key, imageHash: await imageHash(bytes) });
  }
  return 2;
}
