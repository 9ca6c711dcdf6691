import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import {
  ADMIN_PAGE_SIZE,
  type AdminFirm,
  type AdminFirmListQuery,
  type AdminFirmPage,
  type FirmOptions,
  type FirmValues,
} from '../../../domain/admin-firms';
import { TRADABLE_ASSETS } from '../../../domain/firm-rules';
import { RULE_FIELD_KEYS, ruleValueText } from '../../../domain/rule-change-text';
import type { Db } from '../../db/client';
import {
  featuredFirm,
  firmAccounts,
  firmPayoutMethods,
  firmPlatforms,
  firmRuleChanges,
  fundingModels,
  payoutMethods,
  platforms,
  propFirms,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { chunksOf, groupBy, updateRowsById } from '../../lib/batches';
import { recordPriceHistory } from '../price-history/service';
import { type Actor, recordAudit, recordAudits, type Tx } from './service';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export const conflict = () => new AppError(409, 'conflict', CONFLICT_MESSAGE);

/** One page of every firm (listed or not) for the admin list: search by name or slug, sort, page. */
export async function listAdminFirms(db: Db, query: AdminFirmListQuery): Promise<AdminFirmPage> {
  const filters: SQL[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(propFirms.name, like), ilike(propFirms.slug, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const direction = query.dir === 'desc' ? desc : asc;
  const order =
    query.sort === 'updated'
      ? [direction(propFirms.updatedAt)]
      : query.sort === 'rating'
        ? [direction(sql`coalesce(${propFirms.trustRating}, 'not tested')`)]
        : query.sort === 'status'
          ? [direction(propFirms.status)]
          : [];
  const featured = sql<boolean>`${propFirms.id} = (select ${featuredFirm.propFirmId} from ${featuredFirm} limit 1)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: propFirms.id,
        slug: propFirms.slug,
        name: propFirms.name,
        status: propFirms.status,
        trustRating: propFirms.trustRating,
        featured: sql<boolean>`coalesce(${featured}, false)`,
        fundingModelCount:
          sql<number>`(select count(*) from ${fundingModels} where ${fundingModels.propFirmId} = "prop_firms"."id")`.mapWith(
            Number,
          ),
        accountCount:
          sql<number>`(select count(*) from ${firmAccounts} where ${firmAccounts.propFirmId} = "prop_firms"."id")`.mapWith(
            Number,
          ),
        version: propFirms.version,
        updatedAt: propFirms.updatedAt,
      })
      .from(propFirms)
      .where(where)
      .orderBy(...order, asc(sql`lower(${propFirms.name})`), asc(propFirms.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(propFirms).where(where),
  ]);
  return {
    firms: rows.map((r) => ({ ...r, featured: Boolean(r.featured), updatedAt: r.updatedAt.toISOString() })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** Ids per statement of the batched reads and deletes (far below the protocol's 65,535 parameters). */
const IDS_PER_QUERY = 1000;
/** Rows per multi-row insert: a firm row has about 40 columns, so 500 stay under that limit too. */
const ROWS_PER_INSERT = 500;

/** Everything the editor shows of one firm, or null. */
export async function findAdminFirm(db: Tx, id: number): Promise<AdminFirm | null> {
  return (await findAdminFirms(db, [id])).get(id) ?? null;
}

/**
 * Everything the editor shows of each of the named firms, by id (a firm that does not exist is
 * absent): a few queries for any number of firms, so a batch of saves reads its "before" and
 * "after" as cheaply as one.
 */
export async function findAdminFirms(db: Tx, ids: number[]): Promise<Map<number, AdminFirm>> {
  const found = new Map<number, AdminFirm>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return found;
  for (const chunk of chunksOf(unique, IDS_PER_QUERY)) {
    // The links and the featured flag come with the firm: three statements, not six (a save reads
    // its firm twice).
    const [firms, models, accounts] = await Promise.all([
      db
        .select({
          ...getTableColumns(propFirms),
          // The outer firm qualified by hand: drizzle leaves a single table's columns unqualified.
          featured: sql<boolean>`exists (select 1 from ${featuredFirm} where ${featuredFirm.propFirmId} = "prop_firms"."id")`,
          platformIds: sql<
            number[]
          >`array(select ${firmPlatforms.platformId} from ${firmPlatforms} where ${firmPlatforms.propFirmId} = "prop_firms"."id" order by 1)`,
          payoutMethodIds: sql<
            number[]
          >`array(select ${firmPayoutMethods.payoutMethodId} from ${firmPayoutMethods} where ${firmPayoutMethods.propFirmId} = "prop_firms"."id" order by 1)`,
        })
        .from(propFirms)
        .where(inArray(propFirms.id, chunk)),
      db
        .select()
        .from(fundingModels)
        .where(inArray(fundingModels.propFirmId, chunk))
        .orderBy(asc(fundingModels.sortOrder), asc(fundingModels.id)),
      db
        .select()
        .from(firmAccounts)
        .where(inArray(firmAccounts.propFirmId, chunk))
        .orderBy(asc(firmAccounts.capital), asc(firmAccounts.id)),
    ]);
    const modelsOf = groupBy(models, (m) => m.propFirmId);
    const accountsOf = groupBy(accounts, (a) => a.fundingModelId);
    for (const firm of firms) {
      const { createdAt, updatedAt, trustRating, status, tradableAssets, ...fields } = firm;
      found.set(firm.id, {
        ...fields,
        tradableAssets: TRADABLE_ASSETS.filter((a) =>
          tradableAssets.some((t) => t.toLowerCase() === a.toLowerCase()),
        ),
        status: status === 'listed' ? 'listed' : 'unlisted',
        trustRating: toTrustRating(trustRating),
        fundingModels: (modelsOf.get(firm.id) ?? []).map(({ propFirmId: _f, sortOrder: _s, ...model }) => ({
          ...model,
          accounts: (accountsOf.get(model.id) ?? []).map((a) => ({
            id: a.id,
            capital: a.capital,
            price: a.price,
            pricingType: a.pricingType === 'monthly' ? 'monthly' : 'one-time',
            maxContracts: a.maxContracts,
            activationFee: a.activationFee,
            resetPrice: a.resetPrice,
            disclaimer: a.disclaimer,
          })),
        })),
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      });
    }
  }
  return found;
}

export function toTrustRating(value: string | null): AdminFirm['trustRating'] {
  const v = (value ?? '').trim().toLowerCase().replace(/[_-]/g, ' ');
  return v === 'approved' || v === 'trusted' || v === 'caution' || v === 'avoid' ? v : 'not tested';
}

export async function getAdminFirm(db: Db, id: number): Promise<AdminFirm> {
  const firm = await findAdminFirm(db, id);
  if (!firm) throw notFound('Firm');
  return firm;
}

export async function listFirmOptions(db: Db): Promise<FirmOptions> {
  const [platformRows, payoutRows] = await Promise.all([
    db.select().from(platforms).orderBy(asc(platforms.name)),
    db.select().from(payoutMethods).orderBy(asc(payoutMethods.name)),
  ]);
  return { platforms: platformRows, payoutMethods: payoutRows };
}

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

export interface RuleChangeRow {
  fundingModelName: string | null;
  accountSize: number | null;
  field: string;
  oldValue: string | null;
  newValue: string | null;
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

const sameIds = (a: number[], b: number[]) => a.length === new Set(b).size && b.every((id) => a.includes(id));

/** Whether `row` already holds every value of `values`. */
const sameFields = (row: object, values: object) =>
  Object.entries(values).every(
    ([key, value]) =>
      JSON.stringify((row as Record<string, unknown>)[key] ?? null) === JSON.stringify(value ?? null),
  );

type NewModel = typeof fundingModels.$inferInsert & { propFirmId: number; sortOrder: number };
type NewAccount = Omit<typeof firmAccounts.$inferInsert, 'fundingModelId'>;

/**
 * The writes that bring the firms' links, featured flag, funding models and accounts to their
 * input, gathered over a whole batch of saves and then run as a few statements (multi-row inserts,
 * deletes by id lists); only changed rows are updated one by one.
 */
interface PartWrites {
  /** Firms whose platform (payout method) links are rewritten: their old links go first. */
  relinkPlatforms: number[];
  relinkPayouts: number[];
  platformLinks: { propFirmId: number; platformId: number }[];
  payoutLinks: { propFirmId: number; payoutMethodId: number }[];
  /** In save order: the last save that features a firm wins, as with saves one after another. */
  featured: { firmId: number; featured: boolean }[];
  modelUpdates: { id: number; set: Record<string, unknown> }[];
  /** New models with their accounts, which get the model's id once it is inserted. */
  newModels: { model: NewModel; accounts: NewAccount[] }[];
  accountUpdates: { id: number; set: Record<string, unknown> }[];
  newAccounts: (typeof firmAccounts.$inferInsert)[];
  deletedAccounts: number[];
  deletedModels: number[];
}

const noWrites = (): PartWrites => ({
  relinkPlatforms: [],
  relinkPayouts: [],
  platformLinks: [],
  payoutLinks: [],
  featured: [],
  modelUpdates: [],
  newModels: [],
  accountUpdates: [],
  newAccounts: [],
  deletedAccounts: [],
  deletedModels: [],
});

/**
 * Adds to `writes` what brings the firm's parts to match the input, and returns the rule changes
 * against `before` (none when the firm is new). Throws before anything is written when the input
 * names a model or account that is not the firm's.
 */
function planFirmParts(
  writes: PartWrites,
  firmId: number,
  input: FirmValues,
  before: AdminFirm | null,
): RuleChangeRow[] {
  // Links are rewritten only when they change (a new firm has none to drop): a catalog import
  // saves thousands of firms whose links stay as they are.
  if (!before || !sameIds(before.platformIds, input.platformIds)) {
    if (before) writes.relinkPlatforms.push(firmId);
    for (const platformId of new Set(input.platformIds))
      writes.platformLinks.push({ propFirmId: firmId, platformId });
  }
  if (!before || !sameIds(before.payoutMethodIds, input.payoutMethodIds)) {
    if (before) writes.relinkPayouts.push(firmId);
    for (const payoutMethodId of new Set(input.payoutMethodIds))
      writes.payoutLinks.push({ propFirmId: firmId, payoutMethodId });
  }
  if (input.featured || before?.featured) writes.featured.push({ firmId, featured: input.featured });

  const changes: RuleChangeRow[] = [];
  const oldModels = new Map((before?.fundingModels ?? []).map((m) => [m.id, m]));
  const keep = new Set<number>();
  for (const [index, model] of input.fundingModels.entries()) {
    const { id, accounts, ...fields } = model;
    const old = id !== undefined ? oldModels.get(id) : undefined;
    if (id !== undefined && !old)
      throw new AppError(
        400,
        'unknown_reference',
        `fundingModels.${index}.id: this funding model is not the firm's.`,
      );
    const added: NewAccount[] = [];
    if (old) {
      keep.add(old.id);
      // Rows are updated only when something in them changes (the same result, fewer writes).
      const oldIndex = before!.fundingModels.indexOf(old);
      if (oldIndex !== index || !sameFields(old, fields))
        writes.modelUpdates.push({ id: old.id, set: { ...fields, sortOrder: index } });
      for (const key of RULE_FIELD_KEYS) {
        const oldValue = ruleValueText(old[key]);
        const newValue = ruleValueText(fields[key]);
        if (oldValue !== newValue)
          changes.push({ fundingModelName: fields.name, accountSize: null, field: key, oldValue, newValue });
      }
    } else {
      writes.newModels.push({ model: { ...fields, propFirmId: firmId, sortOrder: index }, accounts: added });
      if (before) changes.push(change(fields.name, null, 'modelAdded', null, null));
    }

    const oldAccounts = new Map((old?.accounts ?? []).map((a) => [a.id, a]));
    const keepAccounts = new Set<number>();
    for (const [accountIndex, account] of accounts.entries()) {
      const { id: accountId, ...accountFields } = account;
      const oldAccount = accountId !== undefined ? oldAccounts.get(accountId) : undefined;
      if (accountId !== undefined && !oldAccount)
        throw new AppError(
          400,
          'unknown_reference',
          `fundingModels.${index}.accounts.${accountIndex}.id: this account is not the funding model's.`,
        );
      if (oldAccount && oldAccount.capital === accountFields.capital) {
        keepAccounts.add(oldAccount.id);
        if (!sameFields(oldAccount, accountFields))
          writes.accountUpdates.push({ id: oldAccount.id, set: accountFields });
        if (oldAccount.price !== accountFields.price)
          changes.push(
            change(fields.name, accountFields.capital, 'accountPrice', oldAccount.price, accountFields.price),
          );
        if (oldAccount.pricingType !== accountFields.pricingType)
          changes.push(
            change(
              fields.name,
              accountFields.capital,
              'accountPricingType',
              oldAccount.pricingType,
              accountFields.pricingType,
            ),
          );
      } else {
        // A new size is a new account: traders read it as one size gone and another added.
        if (old) writes.newAccounts.push({ ...accountFields, fundingModelId: old.id, propFirmId: firmId });
        else added.push({ ...accountFields, propFirmId: firmId });
        if (before)
          changes.push(change(fields.name, accountFields.capital, 'accountAdded', null, accountFields.price));
      }
    }
    for (const gone of old?.accounts ?? []) {
      if (keepAccounts.has(gone.id)) continue;
      writes.deletedAccounts.push(gone.id);
      changes.push(change(fields.name, gone.capital, 'accountRemoved', gone.price, null));
    }
  }
  for (const gone of before?.fundingModels ?? []) {
    if (keep.has(gone.id)) continue;
    writes.deletedModels.push(gone.id);
    changes.push(change(gone.name, null, 'modelRemoved', null, null));
  }
  return changes;
}

async function runPartWrites(tx: Tx, writes: PartWrites): Promise<void> {
  for (const chunk of chunksOf(writes.relinkPlatforms, IDS_PER_QUERY))
    await tx.delete(firmPlatforms).where(inArray(firmPlatforms.propFirmId, chunk));
  for (const chunk of chunksOf(writes.platformLinks, IDS_PER_QUERY))
    await tx.insert(firmPlatforms).values(chunk);
  for (const chunk of chunksOf(writes.relinkPayouts, IDS_PER_QUERY))
    await tx.delete(firmPayoutMethods).where(inArray(firmPayoutMethods.propFirmId, chunk));
  for (const chunk of chunksOf(writes.payoutLinks, IDS_PER_QUERY))
    await tx.insert(firmPayoutMethods).values(chunk);

  for (const { firmId, featured } of writes.featured) {
    if (featured)
      await tx
        .insert(featuredFirm)
        .values({ id: 1, propFirmId: firmId })
        .onConflictDoUpdate({ target: featuredFirm.id, set: { propFirmId: firmId, updatedAt: new Date() } });
    else
      await tx
        .update(featuredFirm)
        .set({ propFirmId: null, updatedAt: new Date() })
        .where(eq(featuredFirm.propFirmId, firmId));
  }

  // A removed model takes its accounts with it (ON DELETE CASCADE).
  for (const chunk of chunksOf(writes.deletedAccounts, IDS_PER_QUERY))
    await tx.delete(firmAccounts).where(inArray(firmAccounts.id, chunk));
  for (const chunk of chunksOf(writes.deletedModels, IDS_PER_QUERY))
    await tx.delete(fundingModels).where(inArray(fundingModels.id, chunk));
  await updateRowsById(tx, fundingModels, writes.modelUpdates);
  await updateRowsById(tx, firmAccounts, writes.accountUpdates);

  const accounts = [...writes.newAccounts];
  for (const chunk of chunksOf(writes.newModels, ROWS_PER_INSERT)) {
    // A firm's new models differ in sort order, which names each returned id's model.
    const inserted = await tx
      .insert(fundingModels)
      .values(chunk.map((m) => m.model))
      .returning({
        id: fundingModels.id,
        propFirmId: fundingModels.propFirmId,
        sortOrder: fundingModels.sortOrder,
      });
    const idOf = new Map(inserted.map((r) => [`${r.propFirmId}:${r.sortOrder}`, r.id]));
    for (const { model, accounts: modelAccounts } of chunk) {
      const fundingModelId = idOf.get(`${model.propFirmId}:${model.sortOrder}`)!;
      for (const account of modelAccounts) accounts.push({ ...account, fundingModelId });
    }
  }
  for (const chunk of chunksOf(accounts, IDS_PER_QUERY)) await tx.insert(firmAccounts).values(chunk);
}

const change = (
  fundingModelName: string,
  accountSize: number | null,
  field: string,
  oldValue: unknown,
  newValue: unknown,
): RuleChangeRow => ({
  fundingModelName,
  accountSize,
  field,
  oldValue: ruleValueText(oldValue),
  newValue: ruleValueText(newValue),
});

/** One firm of a batch of saves: a new firm (no id), or an existing one saved over `version`. */
export type FirmSave = { input: FirmValues } & ({ id?: undefined } | { id: number; version: number });

export interface FirmSaved {
  firm: AdminFirm;
  /** The batch of rule changes this save recorded (empty when no rule, price or size changed, or the firm is new). */
  ruleChanges: { batchId: string; changes: RuleChangeRow[] };
}

export function createFirm(db: Db, actor: Actor, input: FirmValues): Promise<AdminFirm> {
  return db.transaction((tx) => createFirmIn(tx, actor, input));
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
  actor: Actor,
  id: number,
  version: number,
  input: FirmValues,
  now = new Date(),
): Promise<FirmSaved> {
  return db.transaction((tx) => updateFirmIn(tx, actor, id, version, input, now));
}

/** The editor's save within the caller's transaction. */
export async function updateFirmIn(
  tx: Tx,
  actor: Actor,
  id: number,
  version: number,
  input: FirmValues,
  now = new Date(),
): Promise<FirmSaved> {
  const [saved] = await saveFirmsIn(tx, actor, [{ id, version, input }], now);
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
    list.map((c) => ({ ...c, propFirmId: ids[i], batchId: batchIds[i], createdAt: now })),
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

export async function deleteFirm(db: Db, actor: Actor, id: number, version: number): Promise<void> {
  await db.transaction((tx) => deleteFirmIn(tx, actor, id, version));
}

/** The editor's delete within the caller's transaction (the catalog import's). */
export async function deleteFirmIn(tx: Tx, actor: Actor, id: number, version: number): Promise<void> {
  const before = await findAdminFirm(tx, id);
  if (!before) throw notFound('Firm');
  if (before.version !== version) throw conflict();
  const deleted = await tx
    .delete(propFirms)
    .where(and(eq(propFirms.id, id), eq(propFirms.version, version)))
    .returning({ id: propFirms.id });
  if (deleted.length === 0) throw conflict();
  await recordAudit(tx, actor, {
    action: 'delete',
    entity: 'firm',
    entityId: id,
    summary: before.name,
    before,
  });
}

/** A new trading platform or payout method (names are unique: a second one is a 409). */
export async function createResource(
  db: Db,
  actor: Actor,
  kind: 'platforms' | 'payout-methods',
  input: { name: string; logo: string | null },
): Promise<FirmOptions['platforms'][number]> {
  return db.transaction((tx) => createResourceIn(tx, actor, kind, input));
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
