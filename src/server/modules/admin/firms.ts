import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
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
import { recordPriceHistory } from '../price-history/service';
import { type Actor, recordAudit, type Tx } from './service';

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

/** Everything the editor shows of one firm, or null. */
export async function findAdminFirm(db: Tx, id: number): Promise<AdminFirm | null> {
  const [firm] = await db.select().from(propFirms).where(eq(propFirms.id, id)).limit(1);
  if (!firm) return null;
  const [models, accounts, platformRows, payoutRows, [featured]] = await Promise.all([
    db
      .select()
      .from(fundingModels)
      .where(eq(fundingModels.propFirmId, id))
      .orderBy(asc(fundingModels.sortOrder), asc(fundingModels.id)),
    db
      .select()
      .from(firmAccounts)
      .where(eq(firmAccounts.propFirmId, id))
      .orderBy(asc(firmAccounts.capital), asc(firmAccounts.id)),
    db
      .select({ id: firmPlatforms.platformId })
      .from(firmPlatforms)
      .where(eq(firmPlatforms.propFirmId, id))
      .orderBy(asc(firmPlatforms.platformId)),
    db
      .select({ id: firmPayoutMethods.payoutMethodId })
      .from(firmPayoutMethods)
      .where(eq(firmPayoutMethods.propFirmId, id))
      .orderBy(asc(firmPayoutMethods.payoutMethodId)),
    db.select({ propFirmId: featuredFirm.propFirmId }).from(featuredFirm).limit(1),
  ]);
  const { createdAt, updatedAt, trustRating, status, tradableAssets, ...fields } = firm;
  return {
    ...fields,
    tradableAssets: TRADABLE_ASSETS.filter((a) =>
      tradableAssets.some((t) => t.toLowerCase() === a.toLowerCase()),
    ),
    status: status === 'listed' ? 'listed' : 'unlisted',
    trustRating: toTrustRating(trustRating),
    featured: featured?.propFirmId === id,
    platformIds: platformRows.map((r) => r.id),
    payoutMethodIds: payoutRows.map((r) => r.id),
    fundingModels: models.map(({ propFirmId: _f, sortOrder: _s, ...model }) => ({
      ...model,
      accounts: accounts
        .filter((a) => a.fundingModelId === model.id)
        .map((a) => ({
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
  };
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

async function assertSlugFree(tx: Tx, slug: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: propFirms.id })
    .from(propFirms)
    .where(eq(propFirms.slug, slug))
    .limit(1);
  if (taken && taken.id !== exceptId)
    throw new AppError(409, 'slug_taken', 'slug: Another firm already uses this slug. Choose another one.');
}

async function assertResourcesExist(tx: Tx, input: FirmValues) {
  const check = async (ids: number[], table: typeof platforms | typeof payoutMethods, what: string) => {
    if (ids.length === 0) return;
    const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    if (found.length !== new Set(ids).size)
      throw new AppError(400, 'unknown_reference', `${what}: one of the chosen items does not exist.`);
  };
  await check(input.platformIds, platforms, 'platformIds');
  await check(input.payoutMethodIds, payoutMethods, 'payoutMethodIds');
}

const sameIds = (a: number[], b: number[]) => a.length === new Set(b).size && b.every((id) => a.includes(id));

/** Whether `row` already holds every value of `values`. */
const sameFields = (row: object, values: object) =>
  Object.entries(values).every(
    ([key, value]) =>
      JSON.stringify((row as Record<string, unknown>)[key] ?? null) === JSON.stringify(value ?? null),
  );

/**
 * Writes the firm's links, featured flag, funding models and accounts to match the input, and
 * returns the rule changes against `before` (none when the firm is new).
 */
async function writeFirmParts(
  tx: Tx,
  firmId: number,
  input: FirmValues,
  before: AdminFirm | null,
): Promise<RuleChangeRow[]> {
  // Links are rewritten only when they change (a new firm has none to drop): a catalog import
  // saves thousands of firms whose links stay as they are.
  if (!before || !sameIds(before.platformIds, input.platformIds)) {
    if (before) await tx.delete(firmPlatforms).where(eq(firmPlatforms.propFirmId, firmId));
    if (input.platformIds.length)
      await tx
        .insert(firmPlatforms)
        .values(input.platformIds.map((platformId) => ({ propFirmId: firmId, platformId })));
  }
  if (!before || !sameIds(before.payoutMethodIds, input.payoutMethodIds)) {
    if (before) await tx.delete(firmPayoutMethods).where(eq(firmPayoutMethods.propFirmId, firmId));
    if (input.payoutMethodIds.length)
      await tx
        .insert(firmPayoutMethods)
        .values(input.payoutMethodIds.map((payoutMethodId) => ({ propFirmId: firmId, payoutMethodId })));
  }

  if (input.featured) {
    await tx
      .insert(featuredFirm)
      .values({ id: 1, propFirmId: firmId })
      .onConflictDoUpdate({ target: featuredFirm.id, set: { propFirmId: firmId, updatedAt: new Date() } });
  } else if (before?.featured) {
    await tx
      .update(featuredFirm)
      .set({ propFirmId: null, updatedAt: new Date() })
      .where(eq(featuredFirm.propFirmId, firmId));
  }

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
    let modelId: number;
    if (old) {
      keep.add(old.id);
      modelId = old.id;
      // Rows are updated only when something in them changes (the same result, fewer writes).
      const oldIndex = before!.fundingModels.indexOf(old);
      if (oldIndex !== index || !sameFields(old, fields))
        await tx
          .update(fundingModels)
          .set({ ...fields, sortOrder: index })
          .where(eq(fundingModels.id, old.id));
      for (const key of RULE_FIELD_KEYS) {
        const oldValue = ruleValueText(old[key]);
        const newValue = ruleValueText(fields[key]);
        if (oldValue !== newValue)
          changes.push({ fundingModelName: fields.name, accountSize: null, field: key, oldValue, newValue });
      }
    } else {
      const [inserted] = await tx
        .insert(fundingModels)
        .values({ ...fields, propFirmId: firmId, sortOrder: index })
        .returning({ id: fundingModels.id });
      modelId = inserted.id;
      if (before) changes.push(change(fields.name, null, 'modelAdded', null, null));
    }

    const oldAccounts = new Map((old?.accounts ?? []).map((a) => [a.id, a]));
    const keepAccounts = new Set<number>();
    const added: (typeof firmAccounts.$inferInsert)[] = [];
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
          await tx.update(firmAccounts).set(accountFields).where(eq(firmAccounts.id, oldAccount.id));
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
        added.push({ ...accountFields, fundingModelId: modelId, propFirmId: firmId });
        if (before)
          changes.push(change(fields.name, accountFields.capital, 'accountAdded', null, accountFields.price));
      }
    }
    // The model's new accounts in one statement (a catalog import creates thousands).
    if (added.length) await tx.insert(firmAccounts).values(added);
    for (const gone of old?.accounts ?? []) {
      if (keepAccounts.has(gone.id)) continue;
      await tx.delete(firmAccounts).where(eq(firmAccounts.id, gone.id));
      changes.push(change(fields.name, gone.capital, 'accountRemoved', gone.price, null));
    }
  }
  for (const gone of before?.fundingModels ?? []) {
    if (keep.has(gone.id)) continue;
    await tx.delete(fundingModels).where(eq(fundingModels.id, gone.id));
    changes.push(change(gone.name, null, 'modelRemoved', null, null));
  }
  return changes;
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

export function createFirm(db: Db, actor: Actor, input: FirmValues): Promise<AdminFirm> {
  return db.transaction((tx) => createFirmIn(tx, actor, input));
}

/** The editor's create within the caller's transaction (the catalog import's). */
export async function createFirmIn(tx: Tx, actor: Actor, input: FirmValues): Promise<AdminFirm> {
  await assertSlugFree(tx, input.slug);
  await assertResourcesExist(tx, input);
  const [row] = await tx.insert(propFirms).values(firmColumns(input)).returning({ id: propFirms.id });
  await writeFirmParts(tx, row.id, input, null);
  await recordPriceHistory(tx, [row.id]);
  const after = (await findAdminFirm(tx, row.id))!;
  await recordAudit(tx, actor, {
    action: 'create',
    entity: 'firm',
    entityId: row.id,
    summary: input.name,
    after,
  });
  return after;
}

export interface FirmSaved {
  firm: AdminFirm;
  /** The batch of rule changes this save recorded (empty when no rule, price or size changed). */
  ruleChanges: { batchId: string; changes: RuleChangeRow[] };
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

/** The editor's save within the caller's transaction (the catalog import's). */
export async function updateFirmIn(
  tx: Tx,
  actor: Actor,
  id: number,
  version: number,
  input: FirmValues,
  now = new Date(),
): Promise<FirmSaved> {
  const before = await findAdminFirm(tx, id);
  if (!before) throw notFound('Firm');
  if (before.version !== version) throw conflict();
  await assertSlugFree(tx, input.slug, id);
  await assertResourcesExist(tx, input);
  const updated = await tx
    .update(propFirms)
    .set({ ...firmColumns(input), version: sql`${propFirms.version} + 1`, updatedAt: now })
    .where(and(eq(propFirms.id, id), eq(propFirms.version, version)))
    .returning({ id: propFirms.id });
  if (updated.length === 0) throw conflict();
  const changes = await writeFirmParts(tx, id, input, before);
  await recordPriceHistory(tx, [id], now);
  const batchId = randomUUID();
  if (changes.length)
    await tx
      .insert(firmRuleChanges)
      .values(changes.map((c) => ({ ...c, propFirmId: id, batchId, createdAt: now })));
  const after = (await findAdminFirm(tx, id))!;
  await recordAudit(tx, actor, {
    action: 'update',
    entity: 'firm',
    entityId: id,
    summary: input.name,
    before,
    after,
  });
  return { firm: after, ruleChanges: { batchId, changes } };
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
