import { asc, eq, sql } from 'drizzle-orm';
import type { AdminUnlistedFirm, UnlistedFirmInputSchema } from '../../../domain/admin-firms';
import type { Db } from '../../db/client';
import { unlistedFirms } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { conflict } from './firms';
import { type Actor, recordAudit } from './service';

type UnlistedValues = import('zod').output<typeof UnlistedFirmInputSchema>;

const columns = {
  id: unlistedFirms.id,
  name: unlistedFirms.name,
  logo: unlistedFirms.logo,
  assetClass: unlistedFirms.assetClass,
  description: unlistedFirms.description,
  link: unlistedFirms.link,
  status: unlistedFirms.status,
  sortOrder: unlistedFirms.sortOrder,
  version: unlistedFirms.version,
};

/** The "Firms Not Yet Listed" entries in the order the public list shows them. */
export function listAdminUnlistedFirms(db: Db): Promise<AdminUnlistedFirm[]> {
  return db
    .select(columns)
    .from(unlistedFirms)
    .orderBy(
      sql`${unlistedFirms.status} = 'listing_pending' desc`,
      asc(unlistedFirms.sortOrder),
      asc(unlistedFirms.name),
    );
}

export async function createUnlistedFirm(
  db: Db,
  actor: Actor,
  input: UnlistedValues,
): Promise<AdminUnlistedFirm> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(unlistedFirms).values(input).returning(columns);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'unlisted_firm',
      entityId: row.id,
      summary: row.name,
      after: row,
    });
    return row;
  });
}

/** Saves over `version`; an entry saved since is a 409 Conflict. */
export async function updateUnlistedFirm(
  db: Db,
  actor: Actor,
  id: number,
  { version, ...input }: UnlistedValues & { version: number },
): Promise<AdminUnlistedFirm> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(unlistedFirms)
      .where(eq(unlistedFirms.id, id))
      .for('update');
    if (!before) throw notFound('Unlisted firm');
    if (before.version !== version) throw conflict();
    const [after] = await tx
      .update(unlistedFirms)
      .set({ ...input, version: sql`${unlistedFirms.version} + 1` })
      .where(eq(unlistedFirms.id, id))
      .returning(columns);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'unlisted_firm',
      entityId: id,
      summary: after.name,
      before,
      after,
    });
    return after;
  });
}

/** Deletes the version the admin saw; an entry saved since is a 409 Conflict. */
export async function deleteUnlistedFirm(db: Db, actor: Actor, id: number, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select(columns)
      .from(unlistedFirms)
      .where(eq(unlistedFirms.id, id))
      .for('update');
    if (!current) throw notFound('Unlisted firm');
    if (current.version !== version) throw conflict();
    const [before] = await tx.delete(unlistedFirms).where(eq(unlistedFirms.id, id)).returning(columns);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'unlisted_firm',
      entityId: id,
      summary: before.name,
      before,
    });
  });
}
