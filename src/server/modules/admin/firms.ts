import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { AdminFirm, FirmOptions, FirmValues } from '../../../domain/admin-firms';
import type { Db, Tx } from '../../db/client';
import { firmRuleChanges, payoutMethods, platforms, propFirms } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { chunksOf, IDS_PER_QUERY, ROWS_PER_INSERT, updateRowsById } from '../../lib/batches';
import type { Changes } from '../../lib/events';
import { recordPriceHistory } from '../price-history/service';
import { findAdminFirm, findAdminFirms } from './firm-document';
import { noWrites, planFirmParts, type RuleChangeRow, runPartWrites } from './firm-parts';
import { type Actor, recordAudit, recordAudits } from './service';
import { committedDelete, conflict, deleteAtVersion } from './versions';

/** The editors' 409 (defined beside `deleteAtVersion`), where the other admin modules import it. */
export { conflict };

/** The columns of prop_firms an editor's save writes. */
function firmColumns(input: FirmValues) {
  const {
    featured: _featured,
    platformIds: _p,
    payoutMethodIds: _m,
    fundingModels: _models,
    ...columns
  } = input;
  return columns;
}

/** A slug already used by another firm (or twice in one batch) is a 409. */
async function assertSlugsFree(tx: Tx, saves: FirmSave[]) {
  const slugs = [...new Set(saves.map((save) => save.input.slug))];
  const owner = new Map<string, number>();
  for (const chunk of chunksOf(slugs, IDS_PER_QUERY))
    for (const row of await tx
      .select({ id: propFirms.id, slug: propFirms.slug })
      .from(propFirms)
      .where(inArray(propFirms.slug, chunk)))
      owner.set(row.slug, row.id);
  const seen = new Set<string>();
  for (const { id, input } of saves) {
    const taken = owner.get(input.slug);
    if ((taken !== undefined && taken !== id) || seen.has(input.slug))
      throw new AppError(409, 'slug_taken', 'slug: Another firm already uses this slug. Choose another one.');
    seen.add(input.slug);
  }
}

async function assertResourcesExist(tx: Tx, inputs: FirmValues[]) {
  const check = async (ids: number[], table: typeof platforms | typeof payoutMethods, what: string) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, unique));
    if (found.length !== unique.length)
      throw new AppError(400, 'unknown_reference', `${what}: one of the chosen items does not exist.`);
  };
  await check(
    inputs.flatMap((input) => input.platformIds),
    platforms,
    'platformIds',
  );
  await check(
    inputs.flatMap((input) => input.payoutMethodIds),
    payoutMethods,
    'payoutMethodIds',
  );
}

/**
 * One firm of a batch of saves: a new firm (no id), or an existing one saved over `version`;
 * `reportedByFirm` marks its rule changes as a firm's approved change request.
 */
export type FirmSave = { input: FirmValues; reportedByFirm?: boolean } & (
  | { id?: undefined }
  | { id: number; version: number }
);

export interface FirmSaved {
  firm: AdminFirm;
  /** The batch of rule changes this save recorded (empty when no rule, price or size changed, or the firm is new). */
  ruleChanges: { batchId: string; changes: RuleChangeRow[] };
}

export function createFirm(db: Db, changes: Changes, actor: Actor, input: FirmValues): Promise<AdminFirm> {
  return changes.commit(db, async (tx) => {
    const firm = await createFirmIn(tx, actor, input);
    return { result: firm, changes: [{ type: 'firm.created', id: firm.id }] };
  });
}

/** The editor's create within the caller's transaction. */
export async function createFirmIn(tx: Tx, actor: Actor, input: FirmValues): Promise<AdminFirm> {
  const [saved] = await saveFirmsIn(tx, actor, [{ input }]);
  return saved.firm;
}

/**
 * Saves the editor's firm over `version`. A save started from an older version is refused with a
 * 409, so nobody's edit is silently lost. Rule changes and the audit entry are written in the same
 * transaction.
 */
export function updateFirm(
  db: Db,
  changes: Changes,
  actor: Actor,
  id: number,
  version: number,
  input: FirmValues,
  now = new Date(),
): Promise<FirmSaved> {
  return changes.commit(db, async (tx) => ({
    result: await updateFirmIn(tx, actor, id, version, input, now),
    changes: [{ type: 'firm.updated', id }],
  }));
}

/** The editor's save within the caller's transaction. */
export async function updateFirmIn(
  tx: Tx,
  actor: Actor,
  id: number,
  version: number,
  input: FirmValues,
  now = new Date(),
  reportedByFirm = false,
): Promise<FirmSaved> {
  const [saved] = await saveFirmsIn(tx, actor, [{ id, version, input, reportedByFirm }], now);
  return saved;
}

/**
 * The editor's save of any number of firms within the caller's transaction: the one code path of
 * the firm editor (a batch of one) and the catalog import (a batch of thousands). Each firm is
 * checked (exists, at its version, slug free, platforms and payout methods exist), written, and
 * recorded (price history, rule changes under a batch id of its own, an audit entry with before
 * and after) exactly as when saved alone; the reads and most writes are shared by the batch.
 * Any refusal (404, 409, 400) throws before the caller's transaction commits anything. Returns
 * the saves' results in their order.
 */
export async function saveFirmsIn(
  tx: Tx,
  actor: Actor,
  saves: FirmSave[],
  now = new Date(),
): Promise<FirmSaved[]> {
  const befores = await findAdminFirms(
    tx,
    saves.flatMap((save) => (save.id === undefined ? [] : [save.id])),
  );
  for (const save of saves) {
    if (save.id === undefined) continue;
    const before = befores.get(save.id);
    if (!before) throw notFound('Firm');
    if (before.version !== save.version) throw conflict();
  }
  await assertSlugsFree(tx, saves);
  await assertResourcesExist(
    tx,
    saves.map((save) => save.input),
  );

  const ids: number[] = [];
  const created = saves.filter((save) => save.id === undefined);
  const createdIds = new Map<string, number>();
  for (const chunk of chunksOf(created, ROWS_PER_INSERT))
    for (const row of await tx
      .insert(propFirms)
      .values(chunk.map((save) => firmColumns(save.input)))
      .returning({ id: propFirms.id, slug: propFirms.slug }))
      createdIds.set(row.slug, row.id);
  const updates = saves.flatMap((save) =>
    save.id === undefined ? [] : [{ id: save.id, version: save.version, set: firmColumns(save.input) }],
  );
  // Each firm at the version read above, or nobody's edit is overwritten: the whole batch is a 409.
  const updated = await updateRowsById(tx, propFirms, updates, now);
  if (updated.length !== updates.length) throw conflict();
  for (const save of saves) ids.push(save.id ?? createdIds.get(save.input.slug)!);

  const writes = noWrites();
  const changes = saves.map((save, i) =>
    planFirmParts(writes, ids[i], save.input, save.id === undefined ? null : befores.get(save.id)!),
  );
  await runPartWrites(tx, writes);
  await recordPriceHistory(tx, ids, now);
  const batchIds = saves.map(() => randomUUID());
  const ruleRows = changes.flatMap((list, i) =>
    list.map((c) => ({
      ...c,
      propFirmId: ids[i],
      batchId: batchIds[i],
      reportedByFirm: saves[i].reportedByFirm ?? false,
      createdAt: now,
    })),
  );
  for (const chunk of chunksOf(ruleRows, IDS_PER_QUERY)) await tx.insert(firmRuleChanges).values(chunk);

  const afters = await findAdminFirms(tx, ids);
  await recordAudits(
    tx,
    actor,
    saves.map((save, i) => ({
      action: save.id === undefined ? 'create' : 'update',
      entity: 'firm',
      entityId: ids[i],
      summary: save.input.name,
      ...(save.id === undefined ? {} : { before: befores.get(save.id) }),
      after: afters.get(ids[i]),
    })),
  );
  return saves.map((_, i) => ({
    firm: afters.get(ids[i])!,
    ruleChanges: { batchId: batchIds[i], changes: changes[i] },
  }));
}

/** The editor's delete, over the version the admin saw. */
export const deleteFirm = committedDelete(deleteFirmIn, (id) => ({ type: 'firm.deleted', id }));

/** The editor's delete within the caller's transaction (the catalog import's). */
export async function deleteFirmIn(tx: Tx, actor: Actor, id: number, version: number): Promise<void> {
  await deleteAtVersion(tx, actor, {
    table: propFirms,
    id,
    version,
    find: () => findAdminFirm(tx, id),
    what: 'Firm',
    entity: 'firm',
    summary: (firm) => firm.name,
  });
}

/** A new trading platform or payout method (names are unique: a second one is a 409). */
export async function createResource(
  db: Db,
  changes: Changes,
  actor: Actor,
  kind: 'platforms' | 'payout-methods',
  input: { name: string; logo: string | null },
): Promise<FirmOptions['platforms'][number]> {
  return changes.commit(db, async (tx) => {
    const created = await createResourceIn(tx, actor, kind, input);
    return { result: created, changes: [{ type: 'platform.created', id: created.id }] };
  });
}

/** A new platform or payout method within the caller's transaction. */
export async function createResourceIn(
  tx: Tx,
  actor: Actor,
  kind: 'platforms' | 'payout-methods',
  input: { name: string; logo: string | null },
): Promise<FirmOptions['platforms'][number]> {
  const table = kind === 'platforms' ? platforms : payoutMethods;
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(sql`lower(${table.name}) = ${input.name.toLowerCase()}`)
    .limit(1);
  if (taken) throw new AppError(409, 'name_taken', `name: "${input.name}" already exists.`);
  const [row] = await tx.insert(table).values(input).returning();
  await recordAudit(tx, actor, {
    action: 'create',
    entity: kind === 'platforms' ? 'platform' : 'payout_method',
    entityId: row.id,
    summary: row.name,
    after: row,
  });
  return row;
}
