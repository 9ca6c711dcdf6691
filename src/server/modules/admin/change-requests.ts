import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminFirm, FirmOptions } from '../../../domain/admin-firms';
import {
  type ChangeRequestValues,
  type OwnChangeRequest,
  siteOnlyChanges,
  withSiteFields,
} from '../../../domain/change-requests';
import type { Db, Tx } from '../../db/client';
import { firmChangeRequests, propFirms } from '../../db/schema';
import type { SessionUser } from '../../lib/access';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import { isFirmRepresentative } from '../firm-claims/service';
import { findAdminFirm, getAdminFirm } from './firm-document';
import { listFirmOptions } from './firm-list';
import { diffFirmValues, previewFirmSave, type ResourceNames, resourceNames } from './firm-preview';
import { conflict } from './firms';

/**
 * The firm console's own parts: who may use it (the firm's representatives and admins), the firm's
 * document as the admin editor loads it, and the corrections its representatives propose. An
 * admin's decision on them is in admin.ts; the console's figures in overview.ts.
 */

export interface ChangeRequestDeps {
  db: Db;
  changes: Changes;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export type ConsoleFirm = { id: number; slug: string; name: string };

/** The firm of a console URL, listed or not (404), if the user represents it or is an admin (403). */
export async function resolveConsoleFirm(db: Db, user: SessionUser, slug: string): Promise<ConsoleFirm> {
  const [firm] = await db
    .select({ id: propFirms.id, slug: propFirms.slug, name: propFirms.name })
    .from(propFirms)
    .where(eq(propFirms.slug, slug))
    .limit(1);
  if (!firm) throw notFound('Firm');
  if (!user.isAdmin && !(await isFirmRepresentative(db, user.id, firm.id)))
    throw new AppError(
      403,
      'not_firm_representative',
      `Only representatives of ${firm.name} and Prop Firm Club's admins can open its console. Work at ${firm.name}? Claim its profile on its page.`,
    );
  return firm;
}

/** `GET /api/firm-console/{slug}`: the document `GET /api/admin/firms/{id}` answers. */
export async function getFirmConsole(db: Db, user: SessionUser, slug: string): Promise<AdminFirm> {
  const firm = await resolveConsoleFirm(db, user, slug);
  return getAdminFirm(db, firm.id);
}

const pendingRequest = (firmName: string) =>
  new AppError(
    409,
    'pending_change_request',
    `A correction of ${firmName} is already waiting for review: wait for its decision before sending another.`,
  );

/**
 * A representative's correction: the editor's body over the version it was made from (409 when the
 * firm was saved since), never a site-only field (400 naming it), something to change (400), one
 * pending per firm (409). The save it proposes is tried in a rolled-back transaction, so a proposal
 * the editor's save would refuse is refused now with the editor's message.
 */
export async function proposeFirmChange(
  deps: ChangeRequestDeps,
  user: SessionUser,
  slug: string,
  payload: ChangeRequestValues,
): Promise<{ id: number; status: 'pending' }> {
  const { db } = deps;
  const firm = await resolveConsoleFirm(db, user, slug);
  const current = await findAdminFirm(db, firm.id);
  if (!current) throw notFound('Firm');
  if (current.version !== payload.version) throw conflict();
  const locked = siteOnlyChanges(current, payload.firm);
  if (locked.length)
    throw new AppError(
      400,
      'site_only_field',
      `${locked[0]}: Only Prop Firm Club changes this field. Say what is wrong in the note instead.`,
    );
  const proposal = withSiteFields(current, payload.firm);
  const names = resourceNames(await listFirmOptions(db));
  if (diffFirmValues(current, proposal, names).length === 0)
    throw new AppError(
      400,
      'no_changes',
      'Nothing is changed: correct a field before sending it for review.',
    );
  if (await findPendingRequest(db, firm.id)) throw pendingRequest(firm.name);
  await previewFirmSave(db, { id: user.id, email: user.email }, firm.id, current.version, proposal);
  const [row] = await db
    .insert(firmChangeRequests)
    .values({
      propFirmId: firm.id,
      requestedBy: user.id,
      base: current,
      proposal,
      note: payload.note,
      source: payload.source,
    })
    // Two sent at once: the pending index keeps one.
    .onConflictDoNothing()
    .returning({ id: firmChangeRequests.id });
  if (!row) throw pendingRequest(firm.name);
  deps.log.info({ firmId: firm.id, requestId: row.id }, 'firm change request made');
  return { id: row.id, status: 'pending' };
}

async function findPendingRequest(db: Tx, firmId: number) {
  const [row] = await db
    .select({ id: firmChangeRequests.id })
    .from(firmChangeRequests)
    .where(and(eq(firmChangeRequests.propFirmId, firmId), eq(firmChangeRequests.status, 'pending')))
    .limit(1);
  return row ?? null;
}

type RequestRow = typeof firmChangeRequests.$inferSelect;

/** A request as its firm's representatives see it: what it changed against the version it was made from. */
export function toOwnChangeRequest(row: RequestRow, names: ResourceNames): OwnChangeRequest {
  return {
    id: row.id,
    status: row.status,
    note: row.note,
    source: row.source,
    version: row.base.version,
    changes: diffFirmValues(row.base, row.proposal, names),
    reason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The firm's requests, newest first (the console shows the last 20); `options` names its platforms. */
export async function listFirmChangeRequests(
  db: Db,
  firmId: number,
  options: FirmOptions,
): Promise<OwnChangeRequest[]> {
  const rows = await db
    .select()
    .from(firmChangeRequests)
    .where(eq(firmChangeRequests.propFirmId, firmId))
    .orderBy(desc(firmChangeRequests.createdAt), desc(firmChangeRequests.id))
    .limit(20);
  const names = resourceNames(options);
  return rows.map((row) => toOwnChangeRequest(row, names));
}
