import { and, asc, desc, eq } from 'drizzle-orm';
import {
  type AdminChangeRequest,
  type ChangeRequestStatus,
  withSiteFields,
} from '../../../domain/change-requests';
import type { Db } from '../../db/client';
import { firmChangeRequests, propFirms, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { sendNotice } from '../../lib/mailer';
import { renderChangeApprovedEmail, renderChangeRejectedEmail } from './change-request-emails';
import { type ChangeRequestDeps, toOwnChangeRequest } from './change-requests';
import { findAdminFirm } from './firm-document';
import { listFirmOptions } from './firm-list';
import { diffFirmValues, previewFirmSave, type ResourceNames, resourceNames } from './firm-preview';
import { conflict, type FirmSaved, updateFirmIn } from './firms';
import { type Actor, recordAudit } from './service';

/** The admins' side of a firm's corrections: the queue with each one's dry run, approve, reject. */

const columns = {
  request: firmChangeRequests,
  firm: { id: propFirms.id, slug: propFirms.slug, name: propFirms.name },
  requester: { name: users.name, email: users.email },
};

type Row = {
  request: typeof firmChangeRequests.$inferSelect;
  firm: { id: number; slug: string; name: string };
  requester: { name: string; email: string } | null;
};

function selectRequests(db: Db) {
  return db
    .select(columns)
    .from(firmChangeRequests)
    .innerJoin(propFirms, eq(propFirms.id, firmChangeRequests.propFirmId))
    .leftJoin(users, eq(users.id, firmChangeRequests.requestedBy));
}

/**
 * One request for the queue. A pending one carries the dry run of applying it to the firm as it is
 * now (its diff, rule changes in words, followers to be mailed) and what was saved since it was
 * made; a decided one what it changed when it was made.
 */
async function toAdminChangeRequest(
  db: Db,
  admin: Actor,
  row: Row,
  names: ResourceNames,
): Promise<AdminChangeRequest> {
  const { request } = row;
  const current = await findAdminFirm(db, row.firm.id);
  const base = { ...toOwnChangeRequest(request, names), requestedBy: row.requester };
  if (!current) throw notFound('Firm');
  const firm = { ...row.firm, version: current.version };
  if (request.status !== 'pending')
    return { ...base, firm, diff: [], ruleChanges: [], followers: 0, changedSince: [] };
  const proposal = withSiteFields(current, request.proposal);
  const preview = await previewFirmSave(db, admin, current.id, current.version, proposal).catch(
    // A request the editor's save would now refuse shows its diff; approving it answers the refusal.
    (err: unknown) => {
      if (err instanceof AppError) return { ruleChanges: [], followers: 0 };
      throw err;
    },
  );
  return {
    ...base,
    firm,
    diff: diffFirmValues(current, proposal, names),
    ...preview,
    changedSince:
      current.version === request.base.version ? [] : diffFirmValues(request.base, current, names),
  };
}

/** `GET /api/admin/change-requests`: pending ones oldest first, decided ones newest first (100 at most). */
export async function listAdminChangeRequests(
  db: Db,
  admin: Actor,
  status: ChangeRequestStatus,
): Promise<AdminChangeRequest[]> {
  const rows = await selectRequests(db)
    .where(eq(firmChangeRequests.status, status))
    .orderBy(
      status === 'pending' ? asc(firmChangeRequests.createdAt) : desc(firmChangeRequests.decidedAt),
      asc(firmChangeRequests.id),
    )
    .limit(100);
  const names = resourceNames(await listFirmOptions(db));
  const list: AdminChangeRequest[] = [];
  // One after another: each pending one's dry run is a transaction of its own.
  for (const row of rows) list.push(await toAdminChangeRequest(db, admin, row, names));
  return list;
}

async function getAdminChangeRequest(db: Db, admin: Actor, id: number): Promise<AdminChangeRequest> {
  const [row] = await selectRequests(db).where(eq(firmChangeRequests.id, id)).limit(1);
  if (!row) throw notFound('Change request');
  return toAdminChangeRequest(db, admin, row, resourceNames(await listFirmOptions(db)));
}

type Decision = { action: 'approve'; version: number } | { action: 'reject'; reason: string };

/**
 * Approves a pending request through the editor's save over the firm's version the admin looked at
 * (409 when the firm was saved since: the admin sees what changed and decides again), its rule
 * changes marked as reported by the firm; or rejects it with a reason the firm reads. The status
 * change is conditional on `pending`, so of two decisions at once one wins and the other gets 409.
 * The requester gets one email either way; the decision stands whether or not it goes out.
 */
export async function decideChangeRequest(
  deps: ChangeRequestDeps,
  admin: Actor,
  id: number,
  decision: Decision,
  now = new Date(),
): Promise<{ request: AdminChangeRequest; saved: FirmSaved | null }> {
  const outcome = await deps.changes.commit(deps.db, async (tx) => {
    const [request] = await tx
      .select()
      .from(firmChangeRequests)
      .where(eq(firmChangeRequests.id, id))
      .for('update')
      .limit(1);
    if (!request) throw notFound('Change request');
    if (request.status !== 'pending')
      throw new AppError(409, 'change_request_decided', `This request is already ${request.status}.`);
    const current = await findAdminFirm(tx, request.propFirmId);
    if (!current) throw notFound('Firm');
    let saved: FirmSaved | null = null;
    if (decision.action === 'approve') {
      if (current.version !== decision.version) throw conflict();
      const values = withSiteFields(current, request.proposal);
      saved = await updateFirmIn(tx, admin, current.id, decision.version, values, now, true);
    }
    const [updated] = await tx
      .update(firmChangeRequests)
      .set({
        status: decision.action === 'approve' ? 'approved' : 'rejected',
        rejectReason: decision.action === 'reject' ? decision.reason : null,
        decidedBy: admin.id,
        decidedAt: now,
      })
      .where(and(eq(firmChangeRequests.id, id), eq(firmChangeRequests.status, 'pending')))
      .returning({ requestedBy: firmChangeRequests.requestedBy });
    if (!updated) throw new AppError(409, 'change_request_decided', 'This request was decided meanwhile.');
    await recordAudit(tx, admin, {
      action: 'update',
      entity: 'firm_change_request',
      entityId: id,
      summary: `${decision.action === 'approve' ? 'Approved' : 'Rejected'} a correction of ${current.name}`,
      before: { status: 'pending' },
      after: {
        status: decision.action === 'approve' ? 'approved' : 'rejected',
        firmId: current.id,
        reason: decision.action === 'reject' ? decision.reason : null,
      },
    });
    const [requester] = updated.requestedBy
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, updated.requestedBy))
      : [];
    return {
      result: { saved, firm: current, email: requester?.email },
      // An approval is the editor's save of the firm; a rejection changes nothing anyone else reads.
      changes: saved ? [{ type: 'firm.updated' as const, id: current.id }] : [],
    };
  });
  const consoleUrl = `${deps.publicUrl.replace(/\/$/, '')}/firm-console/${encodeURIComponent(outcome.firm.slug)}`;
  await sendNotice(
    deps,
    outcome.email,
    decision.action === 'approve'
      ? renderChangeApprovedEmail(outcome.firm.name, consoleUrl)
      : renderChangeRejectedEmail(outcome.firm.name, decision.reason, consoleUrl),
    'change request decision',
  );
  return { request: await getAdminChangeRequest(deps.db, admin, id), saved: outcome.saved };
}
