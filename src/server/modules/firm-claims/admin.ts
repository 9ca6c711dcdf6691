import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_FIRM_CLAIMS_SHOWN,
  type AdminFirmClaims,
  type DecidedFirmClaim,
} from '../../../domain/firm-claims';
import { firmClaims, firmRepresentatives, payoutReports, propFirms, reviews, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { sendNotice } from '../../lib/mailer';
import { type Actor, recordAudit } from '../admin/service';
import {
  renderClaimApprovedEmail,
  renderClaimRejectedEmail,
  renderRepresentativeRemovedEmail,
} from './emails';
import { type FirmClaimDeps, firmPageUrl } from './service';

/**
 * The admins' side of claims: the queue of confirmed claims, approving (the claimant becomes a
 * representative) or rejecting with a reason the claimant reads, and removing a representative.
 * Each decision is in the audit log, in the transaction of the decision.
 */

const firmColumns = { id: propFirms.id, slug: propFirms.slug, name: propFirms.name };
const countOf = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);

/** Confirmed claims waiting, oldest first, with the claimant's account; every current representative. */
export async function listAdminFirmClaims(
  db: FirmClaimDeps['db'],
  now = new Date(),
): Promise<AdminFirmClaims> {
  const waiting = eq(firmClaims.status, 'confirmed');
  const [claims, [total], representatives] = await Promise.all([
    db
      .select({
        claim: firmClaims,
        firm: { ...firmColumns, website: propFirms.website },
        user: { id: users.id, email: users.email, username: users.username, createdAt: users.createdAt },
        reviewCount: countOf(sql`select count(*) from ${reviews} where ${reviews.userId} = ${users.id}`),
        payoutReportCount: countOf(
          sql`select count(*) from ${payoutReports} where ${payoutReports.userId} = ${users.id}`,
        ),
      })
      .from(firmClaims)
      .innerJoin(propFirms, eq(propFirms.id, firmClaims.propFirmId))
      .innerJoin(users, eq(users.id, firmClaims.userId))
      .where(waiting)
      .orderBy(asc(firmClaims.confirmedAt), asc(firmClaims.id))
      .limit(ADMIN_FIRM_CLAIMS_SHOWN),
    db.select({ n: count() }).from(firmClaims).where(waiting),
    db
      .select({
        id: firmRepresentatives.id,
        firm: firmColumns,
        user: { id: users.id, email: users.email, username: users.username },
        workEmail: firmClaims.workEmail,
        jobTitle: firmClaims.jobTitle,
        createdAt: firmRepresentatives.createdAt,
      })
      .from(firmRepresentatives)
      .innerJoin(propFirms, eq(propFirms.id, firmRepresentatives.propFirmId))
      .innerJoin(users, eq(users.id, firmRepresentatives.userId))
      .leftJoin(firmClaims, eq(firmClaims.id, firmRepresentatives.claimId))
      .where(isNull(firmRepresentatives.removedAt))
      .orderBy(asc(propFirms.name), asc(firmRepresentatives.createdAt), asc(firmRepresentatives.id)),
  ]);
  return {
    claims: claims.map(({ claim, firm, user, reviewCount, payoutReportCount }) => ({
      id: claim.id,
      firm,
      claimant: {
        id: user.id,
        email: user.email,
        username: user.username,
        accountCreatedAt: user.createdAt.toISOString(),
        accountAgeDays: Math.floor((now.getTime() - user.createdAt.getTime()) / 86_400_000),
        reviewCount,
        payoutReportCount,
      },
      workEmail: claim.workEmail,
      jobTitle: claim.jobTitle,
      note: claim.note,
      createdAt: claim.createdAt.toISOString(),
      confirmedAt: claim.confirmedAt?.toISOString() ?? null,
    })),
    waiting: Number(total?.n ?? 0),
    representatives: representatives.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

type Decision = { action: 'approve' } | { action: 'reject'; reason: string };

/**
 * Approves or rejects a confirmed claim. The status change is conditional on `confirmed`, so of two
 * decisions at once one wins and the other gets 409. Approval makes the claimant a representative
 * and publishes the firm's change: its cached answers and read models show it claimed.
 */
export async function decideFirmClaim(
  deps: FirmClaimDeps,
  admin: Actor,
  claimId: number,
  decision: Decision,
  now = new Date(),
): Promise<DecidedFirmClaim> {
  const outcome = await deps.changes.commit(deps.db, async (tx) => {
    const [claim] = await tx
      .update(firmClaims)
      .set({
        status: decision.action === 'approve' ? 'approved' : 'rejected',
        rejectReason: decision.action === 'reject' ? decision.reason : null,
        decidedBy: admin.id,
        decidedAt: now,
      })
      .where(and(eq(firmClaims.id, claimId), eq(firmClaims.status, 'confirmed')))
      .returning();
    if (!claim) {
      const [found] = await tx
        .select({ status: firmClaims.status })
        .from(firmClaims)
        .where(eq(firmClaims.id, claimId));
      if (!found) throw notFound('Claim');
      throw new AppError(
        409,
        'claim_decided',
        found.status === 'unconfirmed'
          ? 'This claim has not been confirmed with its code yet.'
          : `This claim is already ${found.status}.`,
      );
    }
    const [[firm], [user]] = [
      await tx.select(firmColumns).from(propFirms).where(eq(propFirms.id, claim.propFirmId)),
      await tx.select({ email: users.email }).from(users).where(eq(users.id, claim.userId)),
    ];
    let representativeId: number | null = null;
    if (decision.action === 'approve') {
      const [row] = await tx
        .insert(firmRepresentatives)
        .values({ propFirmId: claim.propFirmId, userId: claim.userId, claimId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: firmRepresentatives.id });
      representativeId = row?.id ?? null;
    }
    await recordAudit(tx, admin, {
      action: 'update',
      entity: 'firm_claim',
      entityId: claimId,
      summary:
        decision.action === 'approve'
          ? `Approved ${user?.email} (${claim.workEmail}) as a representative of ${firm.name}`
          : `Rejected the claim of ${user?.email} (${claim.workEmail}) to ${firm.name}`,
      before: { status: 'confirmed' },
      after: {
        status: claim.status,
        firmId: claim.propFirmId,
        userId: claim.userId,
        workEmail: claim.workEmail,
        rejectReason: claim.rejectReason,
        representativeId,
      },
    });
    return {
      result: { firm, email: user?.email, representativeId },
      // A new representative makes the firm claimed; a rejection changes nothing anyone else reads.
      changes: decision.action === 'approve' ? [{ type: 'firm.updated' as const, id: claim.propFirmId }] : [],
    };
  });
  const firmUrl = firmPageUrl(deps.publicUrl, outcome.firm.slug);
  await sendNotice(
    deps,
    outcome.email,
    decision.action === 'approve'
      ? renderClaimApprovedEmail(outcome.firm.name, firmUrl)
      : renderClaimRejectedEmail(outcome.firm.name, decision.reason, firmUrl),
    'firm claim decision',
  );
  return {
    id: claimId,
    status: decision.action === 'approve' ? 'approved' : 'rejected',
    representativeId: outcome.representativeId,
  };
}

/** Removes a current representative with a reason (kept on the row and in the audit log) and tells them. */
export async function removeFirmRepresentative(
  deps: FirmClaimDeps,
  admin: Actor,
  id: number,
  reason: string,
  now = new Date(),
): Promise<{ id: number; removedAt: string }> {
  const outcome = await deps.changes.commit(deps.db, async (tx) => {
    const [row] = await tx
      .update(firmRepresentatives)
      .set({ removedAt: now, removedBy: admin.id, removedReason: reason })
      .where(and(eq(firmRepresentatives.id, id), isNull(firmRepresentatives.removedAt)))
      .returning();
    if (!row) {
      const [found] = await tx
        .select({ id: firmRepresentatives.id })
        .from(firmRepresentatives)
        .where(eq(firmRepresentatives.id, id));
      if (!found) throw notFound('Representative');
      throw new AppError(409, 'representative_removed', 'This representative was already removed.');
    }
    const [[firm], [user]] = [
      await tx.select(firmColumns).from(propFirms).where(eq(propFirms.id, row.propFirmId)),
      await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)),
    ];
    await recordAudit(tx, admin, {
      action: 'delete',
      entity: 'firm_representative',
      entityId: id,
      summary: `Removed ${user?.email} as a representative of ${firm.name}`,
      before: { firmId: row.propFirmId, userId: row.userId, claimId: row.claimId },
      after: { removedReason: reason },
    });
    return {
      result: { firm, email: user?.email },
      changes: [{ type: 'firm.updated' as const, id: row.propFirmId }],
    };
  });
  await sendNotice(
    deps,
    outcome.email,
    renderRepresentativeRemovedEmail(outcome.firm.name, reason),
    'firm claim decision',
  );
  return { id, removedAt: now.toISOString() };
}
