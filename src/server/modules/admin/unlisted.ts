import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminUnlistedFirm, UnlistedFirmInputSchema } from '../../../domain/admin-firms';
import type { Db, Tx } from '../../db/client';
import { unlistedFirms } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { chunksOf } from '../../lib/batches';
import type { ChangeEvent, Changes } from '../../lib/events';
import { type Actor, recordAudits } from './service';
import { committedDelete, conflict, deleteAtVersion } from './versions';

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

/**
 * What a save or delete of an entry changed: the list is part of the firms' data (the directory
 * page shows it) but belongs to no firm, so the event names none.
 */
export const unlistedFirmChanged = (action: 'created' | 'updated' | 'deleted'): ChangeEvent => ({
  type: `firm.${action}`,
});

/** The "Firms Not Yet Listed" entries in the order the public list shows them. */
export function listAdminUnlistedFirms(db: Tx): Promise<AdminUnlistedFirm[]> {
  return db
    .select(columns)
    .from(unlistedFirms)
    .orderBy(
      sql`${unlistedFirms.status} = 'listing_pending' desc`,
      asc(unlistedFirms.sortOrder),
      asc(unlistedFirms.name),
    );
}

/** A new entry (no `id`), or a save of entry `id` over the `version` it was edited from. */
export type UnlistedFirmSave = { input: UnlistedValues } & (
  | { id?: undefined; version?: undefined }
  | { id: number; version: number }
);

/** Rows per insert: a statement's parameters are limited, and entries are a handful of columns. */
const ROWS_PER_INSERT = 1000;

/**
 * The editor's save of any number of entries within the caller's transaction: the one code path
 * of the editor's create and save (a batch of one) and the catalog import. Each entry saved over
 * its version (a newer one: 409 for the whole batch, nothing written), with an audit entry of its
 * before and after. Returns the entries as saved, in the saves' order.
 */
export async function saveUnlistedFirmsIn(
  tx: Tx,
  actor: Actor,
  saves: UnlistedFirmSave[],
): Promise<AdminUnlistedFirm[]> {
  const ids = saves.flatMap((save) => (save.id === undefined ? [] : [save.id]));
  const befores = new Map<number, AdminUnlistedFirm>();
  for (const chunk of chunksOf(ids, ROWS_PER_INSERT))
    for (const row of await tx
      .select(columns)
      .from(unlistedFirms)
      .where(inArray(unlistedFirms.id, chunk))
      .for('update'))
      befores.set(row.id, row);
  for (const save of saves) {
    if (save.id === undefined) continue;
    const before = befores.get(save.id);
    if (!before) throw notFound('Unlisted firm');
    if (before.version !== save.version) throw conflict();
  }
  const created: AdminUnlistedFirm[] = [];
  for (const chunk of chunksOf(
    saves.filter((save) => save.id === undefined),
    ROWS_PER_INSERT,
  )) {
    const rows = await tx
      .insert(unlistedFirms)
      .values(chunk.map((save) => save.input))
      .returning(columns);
    // The serial ids are drawn in the rows' order.
    created.push(...rows.sort((a, b) => a.id - b.id));
  }
  const afters: AdminUnlistedFirm[] = [];
  let next = 0;
  for (const save of saves) {
    if (save.id === undefined) {
      afters.push(created[next++]);
      continue;
    }
    const [after] = await tx
      .update(unlistedFirms)
      .set({ ...save.input, version: sql`${unlistedFirms.version} + 1` })
      .where(and(eq(unlistedFirms.id, save.id), eq(unlistedFirms.version, save.version)))
      .returning(columns);
    if (!after) throw conflict();
    afters.push(after);
  }
  await recordAudits(
    tx,
    actor,
    saves.map((save, i) => ({
      action: save.id === undefined ? 'create' : 'update',
      entity: 'unlisted_firm',
      entityId: afters[i].id,
      summary: afters[i].name,
      ...(save.id === undefined ? {} : { before: befores.get(save.id) }),
      after: afters[i],
    })),
  );
  return afters;
}

export async function createUnlistedFirm(
  db: Db,
  changes: Changes,
  actor: Actor,
  input: UnlistedValues,
): Promise<AdminUnlistedFirm> {
  return changes.commit(db, async (tx) => {
    const [created] = await saveUnlistedFirmsIn(tx, actor, [{ input }]);
    return { result: created, changes: [unlistedFirmChanged('created')] };
  });
}

/** Saves over `version`; an entry saved since is a 409 Conflict. */
export async function updateUnlistedFirm(
  db: Db,
  changes: Changes,
  actor: Actor,
  id: number,
  { version, ...input }: UnlistedValues & { version: number },
): Promise<AdminUnlistedFirm> {
  return changes.commit(db, async (tx) => {
    const [updated] = await saveUnlistedFirmsIn(tx, actor, [{ id, version, input }]);
    return { result: updated, changes: [unlistedFirmChanged('updated')] };
  });
}

/** Deletes the version the admin saw; an entry saved since is a 409 Conflict. */
export const deleteUnlistedFirm = committedDelete(deleteUnlistedFirmIn, () => unlistedFirmChanged('deleted'));

/** The editor's delete within the caller's transaction (the catalog import's). */
export async function deleteUnlistedFirmIn(tx: Tx, actor: Actor, id: number, version: number): Promise<void> {
  await deleteAtVersion(tx, actor, {
    table: unlistedFirms,
    id,
    version,
    find: async () => (await tx.select(columns).from(unlistedFirms).where(eq(unlistedFirms.id, id)))[0],
    what: 'Unlisted firm',
    entity: 'unlisted_firm',
    summary: (entry) => entry.name,
  });
}
