import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { ChangeEvent, Changes } from '../../lib/events';
import { type Actor, recordAudit } from './service';

/** An editor's save or delete over a version saved since (by another admin, or another tab). */
export const conflict = () => new AppError(409, 'conflict', CONFLICT_MESSAGE);

/**
 * An editor's delete of one row at the version the admin saw, within the caller's transaction: 404
 * when the row is gone, 409 when it was saved since; the audit entry keeps the row as it was, which
 * is returned.
 */
export async function deleteAtVersion<Row extends { version: number }>(
  tx: Tx,
  actor: Actor,
  target: {
    table: PgTable & { id: AnyPgColumn; version: AnyPgColumn };
    id: number;
    version: number;
    /** The row as the editor shows it, or undefined when there is none. */
    find: () => Promise<Row | null | undefined>;
    /** For the 404: "Firm", "Coupon" ... */
    what: string;
    /** The audit log's entity, and its short line. */
    entity: string;
    summary: (row: Row) => string;
  },
): Promise<Row> {
  const { table, id, version } = target;
  const before = await target.find();
  if (!before) throw notFound(target.what);
  if (before.version !== version) throw conflict();
  const deleted = await tx
    .delete(table)
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning({ id: table.id });
  if (deleted.length === 0) throw conflict();
  await recordAudit(tx, actor, {
    action: 'delete',
    entity: target.entity,
    entityId: id,
    summary: target.summary(before),
    before,
  });
  return before;
}

/**
 * An editor's delete as its module's service function: `deleteIn` (which uses `deleteAtVersion`) in
 * one transaction, then what `changed` names published once it has committed.
 */
export function committedDelete(
  deleteIn: (tx: Tx, actor: Actor, id: number, version: number) => Promise<unknown>,
  changed: (id: number) => ChangeEvent,
) {
  return async (db: Db, changes: Changes, actor: Actor, id: number, version: number): Promise<void> => {
    await changes.commit(db, async (tx) => {
      await deleteIn(tx, actor, id, version);
      return { changes: [changed(id)] };
    });
  };
}
