import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firmChangeRequests, firmClaims, firmReplies, firmRepresentatives, propFirms } from '../../db/schema';

/**
 * firm-representation.json of "Download my data": the account's claims to speak for a firm (the
 * work address, title and note it gave, the outcome), the firms it represents or represented, the
 * replies it wrote as a representative and the corrections it proposed. Never the claim code's HMAC
 * nor who decided.
 */
export async function collectFirmRepresentation(db: Db, userId: string) {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  const claims = await db
    .select({ claim: firmClaims, firm: propFirms.name })
    .from(firmClaims)
    .innerJoin(propFirms, eq(propFirms.id, firmClaims.propFirmId))
    .where(eq(firmClaims.userId, userId))
    .orderBy(asc(firmClaims.createdAt));
  const represented = await db
    .select({ row: firmRepresentatives, firm: propFirms.name })
    .from(firmRepresentatives)
    .innerJoin(propFirms, eq(propFirms.id, firmRepresentatives.propFirmId))
    .where(eq(firmRepresentatives.userId, userId))
    .orderBy(asc(firmRepresentatives.createdAt));
  const replies = await db
    .select({ reply: firmReplies, firm: propFirms.name })
    .from(firmReplies)
    .innerJoin(propFirms, eq(propFirms.id, firmReplies.propFirmId))
    .where(eq(firmReplies.authorId, userId))
    .orderBy(asc(firmReplies.createdAt));
  const corrections = await db
    .select({ request: firmChangeRequests, firm: propFirms.name })
    .from(firmChangeRequests)
    .innerJoin(propFirms, eq(propFirms.id, firmChangeRequests.propFirmId))
    .where(eq(firmChangeRequests.requestedBy, userId))
    .orderBy(asc(firmChangeRequests.createdAt));
  return {
    claims: claims.map(({ claim, firm }) => ({
      firm,
      workEmail: claim.workEmail,
      jobTitle: claim.jobTitle,
      note: claim.note,
      status: claim.status,
      rejectReason: claim.rejectReason,
      createdAt: iso(claim.createdAt),
      confirmedAt: iso(claim.confirmedAt),
      decidedAt: iso(claim.decidedAt),
    })),
    representativeOf: represented.map(({ row, firm }) => ({
      firm,
      since: iso(row.createdAt),
      removedAt: iso(row.removedAt),
      removedReason: row.removedReason,
    })),
    replies: replies.map(({ reply, firm }) => ({
      firm,
      to: reply.reviewId === null ? { payoutReportId: reply.payoutReportId } : { reviewId: reply.reviewId },
      body: reply.body,
      status: reply.status,
      hideReason: reply.hideReason,
      createdAt: iso(reply.createdAt),
      updatedAt: iso(reply.updatedAt),
    })),
    corrections: corrections.map(({ request, firm }) => ({
      firm,
      note: request.note,
      source: request.source,
      proposal: request.proposal,
      status: request.status,
      rejectReason: request.rejectReason,
      createdAt: iso(request.createdAt),
      decidedAt: iso(request.decidedAt),
    })),
  };
}
