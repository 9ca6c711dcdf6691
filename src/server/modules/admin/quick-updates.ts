import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { ADMIN_CONTENT_PAGE_SIZE } from '../../../domain/admin-content';
import type { AdminQuickUpdate, AdminQuickUpdatePage, QuickUpdateValues } from '../../../domain/admin-posts';
import type { Db, Tx } from '../../db/client';
import { quickUpdates } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { type Actor, recordAudit } from './service';
import { committedDelete, conflict, deleteAtVersion } from './versions';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

type Row = typeof quickUpdates.$inferSelect;
const toAdminUpdate = (row: Row): AdminQuickUpdate => ({
  id: row.id,
  version: row.version,
  title: row.title,
  content: row.content,
  published: row.published,
  createdAt: row.createdAt.toISOString(),
});

/** Every quick update, hidden ones too, newest first, 20 a page; search by title or text. */
export async function listAdminQuickUpdates(
  db: Db,
  query: { q?: string; page: number },
): Promise<AdminQuickUpdatePage> {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(quickUpdates.title, pattern), ilike(quickUpdates.content, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quickUpdates)
      .where(where)
      .orderBy(desc(quickUpdates.createdAt), desc(quickUpdates.id))
      .limit(ADMIN_CONTENT_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_CONTENT_PAGE_SIZE),
    db.select({ n: count() }).from(quickUpdates).where(where),
  ]);
  return {
    updates: rows.map(toAdminUpdate),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_CONTENT_PAGE_SIZE,
  };
}

async function findUpdate(db: Tx, id: number): Promise<Row | null> {
  const [row] = await db.select().from(quickUpdates).where(eq(quickUpdates.id, id));
  return row ?? null;
}

export async function getAdminQuickUpdate(db: Db, id: number): Promise<AdminQuickUpdate> {
  const row = await findUpdate(db, id);
  if (!row) throw notFound('Quick update');
  return toAdminUpdate(row);
}

export async function createQuickUpdate(
  db: Db,
  changes: Changes,
  actor: Actor,
  input: QuickUpdateValues,
): Promise<AdminQuickUpdate> {
  return changes.commit(db, async (tx) => {
    const [row] = await tx.insert(quickUpdates).values(input).returning();
    const after = toAdminUpdate(row);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'update',
      entityId: row.id,
      summary: row.title,
      after,
    });
    return { result: after, changes: [{ type: 'update.created', id: row.id }] };
  });
}

/** Saves over `version`; an update saved since is a 409 Conflict. */
export async function updateQuickUpdate(
  db: Db,
  changes: Changes,
  actor: Actor,
  id: number,
  version: number,
  input: QuickUpdateValues,
): Promise<AdminQuickUpdate> {
  return changes.commit(db, async (tx) => {
    const row = await findUpdate(tx, id);
    if (!row) throw notFound('Quick update');
    if (row.version !== version) throw conflict();
    const [updated] = await tx
      .update(quickUpdates)
      .set({ ...input, version: sql`${quickUpdates.version} + 1` })
      .where(and(eq(quickUpdates.id, id), eq(quickUpdates.version, version)))
      .returning();
    if (!updated) throw conflict();
    const after = toAdminUpdate(updated);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'update',
      entityId: id,
      summary: after.title,
      before: toAdminUpdate(row),
      after,
    });
    return { result: after, changes: [{ type: 'update.updated', id }] };
  });
}

/** The editor's delete, over the version the admin saw. */
export const deleteQuickUpdate = committedDelete(
  (tx, actor, id, version) =>
    deleteAtVersion(tx, actor, {
      table: quickUpdates,
      id,
      version,
      find: async () => {
        const row = await findUpdate(tx, id);
        return row && toAdminUpdate(row);
      },
      what: 'Quick update',
      entity: 'update',
      summary: (update) => update.title,
    }),
  (id) => ({ type: 'update.deleted', id }),
);
