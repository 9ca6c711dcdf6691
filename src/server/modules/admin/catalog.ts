import { createHash } from 'node:crypto';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { CouponValues } from '../../../domain/admin-content';
import {
  type CatalogCouponValues,
  type CatalogDocument,
  type CatalogFirmValues,
  type CatalogParts,
  type CatalogUnlistedValues,
  type CheckedCatalog,
  checkCatalogCoupon,
  checkCatalogFirm,
  checkCatalogUnlisted,
  couponKey,
  toCatalogDocument,
  unlistedKey,
} from '../../../domain/catalog';
import {
  accountKey,
  type CatalogFirmReport,
  type CatalogImportReport,
  diffCatalogCoupon,
  diffCatalogFirm,
  diffCatalogUnlisted,
  emptySummary,
  mergeCatalogFirm,
} from '../../../domain/catalog-diff';
import { TRADABLE_ASSETS } from '../../../domain/firm-rules';
import { describeRuleChangeInModel } from '../../../domain/rule-change-text';
import type { Db } from '../../db/client';
import {
  coupons,
  featuredFirm,
  firmAccounts,
  firmFollows,
  firmPayoutMethods,
  firmPlatforms,
  fundingModels,
  payoutMethods,
  platforms,
  propFirms,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { groupBy } from '../../lib/batches';
import type { ChangeEvent } from '../../lib/events';
import { sanitizeHtml } from '../../lib/sanitize';
import { createCouponsIn, deleteCouponIn, updateCouponIn } from './coupons';
import { conflict, createResourceIn, deleteFirmIn, saveFirmsIn, toTrustRating } from './firms';
import type { Actor, Tx } from './service';
import {
  deleteUnlistedFirmIn,
  listAdminUnlistedFirms,
  saveUnlistedFirmsIn,
  type UnlistedFirmSave,
  unlistedFirmChanged,
} from './unlisted';

/** A firm as stored: its ids, its version, and its catalog values (checked as the editor would). */
interface StoredFirm {
  id: number;
  version: number;
  values: CatalogFirmValues;
  /** Funding model ids by lower-case name, each with its account ids by accountKey. */
  models: Map<string, { id: number; accounts: Map<string, number> }>;
}
interface StoredCoupon {
  id: number;
  version: number;
  values: CatalogCouponValues;
}
interface StoredUnlisted {
  id: number;
  version: number;
  values: CatalogUnlistedValues;
}
interface StoredCatalog {
  firms: StoredFirm[];
  coupons: StoredCoupon[];
  /** "Firms Not Yet Listed", by name (the export's order). */
  unlistedFirms: StoredUnlisted[];
}

/** Names in an order that is the same on every database (not the database's collation). */
const byName = (a: StoredUnlisted, b: StoredUnlisted) => {
  const [x, y] = [unlistedKey(a.values), unlistedKey(b.values)];
  return x < y ? -1 : x > y ? 1 : a.values.name < b.values.name ? -1 : a.values.name > b.values.name ? 1 : 0;
};

/**
 * The whole catalog in a few queries (not one firm at a time, for 5,000 firms): each firm as the
 * editor's schema reads it (trimmed, blanks as none), so an export imports unchanged.
 */
async function loadCatalog(db: Tx): Promise<StoredCatalog> {
  const [firmRows, modelRows, accountRows, platformRows, payoutRows, [featured], couponRows, unlistedRows] =
    await Promise.all([
      db.select().from(propFirms).orderBy(asc(propFirms.slug)),
      db.select().from(fundingModels).orderBy(asc(fundingModels.sortOrder), asc(fundingModels.id)),
      db.select().from(firmAccounts).orderBy(asc(firmAccounts.capital), asc(firmAccounts.id)),
      db
        .select({ firmId: firmPlatforms.propFirmId, name: platforms.name })
        .from(firmPlatforms)
        .innerJoin(platforms, eq(platforms.id, firmPlatforms.platformId))
        .orderBy(asc(platforms.name)),
      db
        .select({ firmId: firmPayoutMethods.propFirmId, name: payoutMethods.name })
        .from(firmPayoutMethods)
        .innerJoin(payoutMethods, eq(payoutMethods.id, firmPayoutMethods.payoutMethodId))
        .orderBy(asc(payoutMethods.name)),
      db.select({ id: featuredFirm.propFirmId }).from(featuredFirm).limit(1),
      db
        .select({ coupon: coupons, firm: propFirms.slug })
        .from(coupons)
        .leftJoin(propFirms, eq(propFirms.id, coupons.propFirmId))
        .orderBy(asc(coupons.code), asc(propFirms.slug), asc(coupons.id)),
      listAdminUnlistedFirms(db),
    ]);
  const modelsOf = groupBy(modelRows, (m) => m.propFirmId);
  const accountsOf = groupBy(accountRows, (a) => a.fundingModelId);
  const platformsOf = groupBy(platformRows, (p) => p.firmId);
  const payoutsOf = groupBy(payoutRows, (p) => p.firmId);
  const firms = firmRows.map((row): StoredFirm => {
    const models = modelsOf.get(row.id) ?? [];
    const raw = {
      ...row,
      status: row.status === 'listed' ? 'listed' : 'unlisted',
      trustRating: toTrustRating(row.trustRating),
      tradableAssets: TRADABLE_ASSETS.filter((a) =>
        row.tradableAssets.some((t) => t.toLowerCase() === a.toLowerCase()),
      ),
      featured: featured?.id === row.id,
      platforms: (platformsOf.get(row.id) ?? []).map((p) => p.name),
      payoutMethods: (payoutsOf.get(row.id) ?? []).map((p) => p.name),
      fundingModels: models.map((m) => ({
        ...m,
        accounts: (accountsOf.get(m.id) ?? []).map((a) => ({
          ...a,
          pricingType: a.pricingType === 'monthly' ? 'monthly' : 'one-time',
        })),
      })),
    };
    const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...fields } = raw;
    // Stored data the editor would refuse (older imports) is shown as it is.
    const values = checkStored(fields);
    return {
      id: row.id,
      version: row.version,
      values,
      models: new Map(
        models.map((m) => [
          m.name.trim().toLowerCase(),
          {
            id: m.id,
            accounts: new Map(
              (accountsOf.get(m.id) ?? []).map((a) => [
                accountKey({ capital: a.capital, pricingType: a.pricingType }),
                a.id,
              ]),
            ),
          },
        ]),
      ),
    };
  });
  return {
    firms,
    coupons: couponRows.map(({ coupon, firm }) => {
      const raw = {
        ...pick(coupon, ['code', 'slug', 'title', 'description', 'discountPercent', 'isActive', 'featured']),
        ...pick(coupon, ['image', 'affiliateUrl']),
        // As the editor's save stores it (coupons.ts), so an export imports unchanged.
        terms: coupon.terms ? sanitizeHtml(coupon.terms) || null : null,
        expiryDate: coupon.expiryDate ? coupon.expiryDate.toISOString().slice(0, 10) : null,
        firm,
      };
      return {
        id: coupon.id,
        version: coupon.version,
        values: checkCatalogCoupon(raw).value ?? (raw as CatalogCouponValues),
      };
    }),
    unlistedFirms: unlistedRows
      .map(({ id, version, ...raw }) => ({
        id,
        version,
        // As the editor's schema reads it; stored data it would refuse is shown as it is.
        values: checkCatalogUnlisted(raw).value ?? (raw as CatalogUnlistedValues),
      }))
      .sort(byName),
  };
}

function checkStored(fields: Record<string, unknown>): CatalogFirmValues {
  const strip = (o: Record<string, unknown>, ...drop: string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !drop.includes(k)));
  const models = (fields.fundingModels as Record<string, unknown>[]).map((m) => ({
    ...strip(m, 'id', 'propFirmId', 'sortOrder'),
    accounts: (m.accounts as Record<string, unknown>[]).map((a) =>
      strip(a, 'id', 'propFirmId', 'fundingModelId', 'createdAt'),
    ),
  }));
  const firm = { ...strip(fields, 'fundingModels'), fundingModels: models };
  return checkCatalogFirm(firm).value ?? (firm as unknown as CatalogFirmValues);
}

const pick = <T extends object, K extends keyof T>(o: T, keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;

/** The catalog as one document (export): firms by slug, coupons by code, not-yet-listed entries by name. */
export async function exportCatalog(db: Db): Promise<CatalogDocument> {
  const stored = await loadCatalog(db);
  return toCatalogDocument(
    stored.firms.map((f) => f.values),
    stored.coupons.map((c) => c.values),
    stored.unlistedFirms.map((u) => u.values),
  );
}

/**
 * The versions the import reads: of the firms, coupons and not-yet-listed entries the file names
 * (every one in replace mode, of the parts the file gives), and the mode. A dry run returns it;
 * the apply is refused (409) when it has changed.
 */
function fingerprintOf(stored: StoredCatalog, input: CatalogImportInput): string {
  const slugs = new Set(input.catalog.firms.map((f) => f.slug));
  const keys = new Set(input.couponsGiven ? input.catalog.coupons.map(couponKey) : []);
  const names = new Set(input.unlistedGiven ? input.catalog.unlistedFirms.map(unlistedKey) : []);
  const hash = createHash('sha256').update(input.replace ? 'replace;' : 'merge;');
  for (const f of [...stored.firms].sort((a, b) => a.id - b.id))
    if (input.replace || slugs.has(f.values.slug)) hash.update(`f${f.id}:${f.version};`);
  for (const c of [...stored.coupons].sort((a, b) => a.id - b.id))
    if ((input.replace && input.couponsGiven) || keys.has(couponKey(c.values)))
      hash.update(`c${c.id}:${c.version};`);
  for (const u of [...stored.unlistedFirms].sort((a, b) => a.id - b.id))
    if ((input.replace && input.unlistedGiven) || names.has(unlistedKey(u.values)))
      hash.update(`u${u.id}:${u.version};`);
  return hash.digest('hex').slice(0, 32);
}

/**
 * The file's catalog and which optional parts it has: without coupons (no `coupons` key, no
 * coupons.csv) coupons are left alone, without the not-yet-listed list (no `unlistedFirms`, no
 * unlisted-firms.csv) its entries are, in either mode.
 */
export interface CatalogImportInput extends CatalogParts {
  catalog: CheckedCatalog;
  replace: boolean;
}

/** What an apply leaves to do once committed: change events and the followers' emails. */
export interface CatalogImportEffects {
  events: ChangeEvent[];
  ruleChangeBatches: { firmId: number; batchId: string }[];
}

export interface CatalogImportResult {
  report: CatalogImportReport;
  effects: CatalogImportEffects;
}

/** The id a new firm stands under in a dry run, which does not create it. */
const NOT_YET_CREATED = -1;

class DryRunDone extends Error {
  constructor(readonly result: CatalogImportResult) {
    super('dry run');
  }
}

/**
 * The import (decision 0053). The dry run does everything an apply does, through the editor's
 * own save code, in a transaction it then rolls back: its report is what the apply will do, rule
 * changes included. An apply names the dry run's fingerprint; anything saved since is a 409 and
 * nothing is applied. While the file has problems nothing is written at all.
 */
export async function importCatalog(
  db: Db,
  actor: Actor,
  input: CatalogImportInput,
  options: { apply: boolean; fingerprint?: string },
): Promise<CatalogImportResult> {
  const base = (fingerprint: string): CatalogImportReport => ({
    applied: false,
    replace: input.replace,
    unlistedGiven: input.unlistedGiven,
    fingerprint,
    problems: input.catalog.problems,
    summary: emptySummary(),
    newPlatforms: [],
    newPayoutMethods: [],
    firms: [],
    coupons: [],
    unlistedFirms: [],
  });
  if (input.catalog.problems.length) {
    if (options.apply)
      throw new AppError(
        400,
        'catalog_problems',
        'The file has problems: run the dry run and fix them first.',
      );
    return {
      report: base(''),
      effects: { events: [], ruleChangeBatches: [] },
    };
  }
  if (options.apply && !options.fingerprint)
    throw new AppError(
      400,
      'fingerprint_missing',
      'fingerprint: run the dry run first and send its fingerprint.',
    );
  try {
    return await db.transaction(async (tx) => {
      const stored = await loadCatalog(tx);
      const fingerprint = fingerprintOf(stored, input);
      if (options.apply && fingerprint !== options.fingerprint) throw conflict();
      const result = await writeCatalog(tx, actor, stored, input, base(fingerprint), options.apply);
      if (!options.apply || result.report.problems.length) throw new DryRunDone(result);
      result.report.applied = true;
      return result;
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
    if (options.apply)
      throw new AppError(
        400,
        'catalog_problems',
        'The file has problems: run the dry run and fix them first.',
      );
    return err.result;
  }
}

async function resourceIds(
  tx: Tx,
  actor: Actor,
  kind: 'platforms' | 'payout-methods',
  wanted: Iterable<string>,
): Promise<{ ids: Map<string, number>; created: string[] }> {
  const table = kind === 'platforms' ? platforms : payoutMethods;
  const rows = await tx.select({ id: table.id, name: table.name }).from(table);
  const ids = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  const created: string[] = [];
  for (const name of wanted) {
    if (ids.has(name.toLowerCase())) continue;
    const row = await createResourceIn(tx, actor, kind, { name, logo: null });
    ids.set(name.toLowerCase(), row.id);
    created.push(name);
  }
  return { ids, created };
}

async function followerCounts(tx: Tx, firmIds: number[]): Promise<Map<number, number>> {
  if (firmIds.length === 0) return new Map();
  const rows = await tx
    .select({ firmId: firmFollows.propFirmId, n: count() })
    .from(firmFollows)
    .where(inArray(firmFollows.propFirmId, firmIds))
    .groupBy(firmFollows.propFirmId);
  return new Map(rows.map((r) => [r.firmId, r.n]));
}

async function writeCatalog(
  tx: Tx,
  actor: Actor,
  stored: StoredCatalog,
  input: CatalogImportInput,
  report: CatalogImportReport,
  apply: boolean,
): Promise<CatalogImportResult> {
  const { catalog, replace } = input;
  const effects: CatalogImportEffects = { events: [], ruleChangeBatches: [] };
  const summary = report.summary;
  const bySlug = new Map(stored.firms.map((f) => [f.values.slug, f]));
  const platformIds = await resourceIds(
    tx,
    actor,
    'platforms',
    new Set(catalog.firms.flatMap((f) => f.platforms)),
  );
  const payoutIds = await resourceIds(
    tx,
    actor,
    'payout-methods',
    new Set(catalog.firms.flatMap((f) => f.payoutMethods)),
  );
  report.newPlatforms = platformIds.created;
  report.newPayoutMethods = payoutIds.created;
  const slugIds = new Map(stored.firms.map((f) => [f.values.slug, f.id]));

  const toSaveInput = (values: CatalogFirmValues, current?: StoredFirm) => {
    const { platforms: p, payoutMethods: m, fundingModels: models, ...fields } = values;
    return {
      ...fields,
      platformIds: p.map((name) => platformIds.ids.get(name.toLowerCase())!),
      payoutMethodIds: m.map((name) => payoutIds.ids.get(name.toLowerCase())!),
      fundingModels: models.map((model) => {
        const ids = current?.models.get(model.name.toLowerCase());
        return {
          ...model,
          id: ids?.id,
          accounts: model.accounts.map((a) => ({ ...a, id: ids?.accounts.get(accountKey(a)) })),
        };
      }),
    };
  };

  const created: CatalogFirmValues[] = [];
  const changed: { firm: StoredFirm; values: CatalogFirmValues; entry: CatalogFirmReport }[] = [];
  for (const file of catalog.firms) {
    const current = bySlug.get(file.slug);
    if (!current) {
      // A new firm has nothing to show but itself: the dry run does not write it (fast for a
      // catalog of new firms); its checks (slug, names) were made before.
      if (apply) created.push(file);
      slugIds.set(file.slug, NOT_YET_CREATED);
      summary.firmsNew++;
      report.firms.push({
        slug: file.slug,
        name: file.name,
        status: 'new',
        changes: [],
        ruleChanges: [],
        followers: 0,
        removedModels: 0,
        removedAccounts: 0,
      });
      continue;
    }
    const values = replace ? file : mergeCatalogFirm(current.values, file);
    const changes = diffCatalogFirm(current.values, values);
    if (changes.length === 0) {
      summary.firmsUnchanged++;
      continue;
    }
    const entry = {
      slug: file.slug,
      name: file.name,
      status: 'changed' as const,
      changes,
      ruleChanges: [] as string[],
      followers: 0,
      removedModels: 0,
      removedAccounts: 0,
    };
    changed.push({ firm: current, values, entry });
  }
  const followers = await followerCounts(
    tx,
    changed.map((c) => c.firm.id),
  );
  // Every new and changed firm through the editor's save, as one batch (firms.ts, saveFirmsIn).
  const saved = await saveFirmsIn(tx, actor, [
    ...created.map((values) => ({ input: toSaveInput(values) })),
    ...changed.map(({ firm, values }) => ({
      id: firm.id,
      version: firm.version,
      input: toSaveInput(values, firm),
    })),
  ]);
  for (const [index, values] of created.entries()) {
    const { id } = saved[index].firm;
    slugIds.set(values.slug, id);
    effects.events.push({ type: 'firm.created', id });
  }
  for (const [index, { firm, entry }] of changed.entries()) {
    const { firm: after, ruleChanges } = saved[created.length + index];
    effects.events.push({ type: 'firm.updated', id: firm.id });
    summary.firmsChanged++;
    const rules = ruleChanges.changes;
    entry.ruleChanges = rules.map(describeRuleChangeInModel);
    summary.ruleChanges += rules.length;
    if (rules.length) {
      effects.ruleChangeBatches.push({ firmId: firm.id, batchId: ruleChanges.batchId });
      // The emails go to a listed firm's followers only (rule-changes/service.ts, notifyFollowers).
      entry.followers = after.status === 'listed' ? (followers.get(firm.id) ?? 0) : 0;
      summary.followersEmailed += entry.followers;
    }
    report.firms.push(entry);
  }
  if (replace) {
    const inFile = new Set(catalog.firms.map((f) => f.slug));
    for (const firm of stored.firms) {
      if (inFile.has(firm.values.slug)) continue;
      await deleteFirmIn(tx, actor, firm.id, firm.version);
      slugIds.delete(firm.values.slug);
      effects.events.push({ type: 'firm.deleted', id: firm.id });
      summary.firmsRemoved++;
      report.firms.push({
        slug: firm.values.slug,
        name: firm.values.name,
        status: 'removed',
        changes: [],
        ruleChanges: [],
        followers: 0,
        removedModels: firm.values.fundingModels.length,
        removedAccounts: firm.values.fundingModels.reduce((n, m) => n + m.accounts.length, 0),
      });
    }
  }
  if (input.couponsGiven) await writeCoupons(tx, actor, stored, input, report, effects, slugIds, apply);
  if (input.unlistedGiven) await writeUnlisted(tx, actor, stored, input, report, effects);
  return { report, effects };
}

/**
 * The "Firms Not Yet Listed" entries of the file through their editor's save (`saveUnlistedFirmsIn`),
 * matched by name in any case (of two stored entries of one name, the older); in replace mode the
 * entries the file leaves out through the editor's delete. Few and small: a dry run writes the new
 * ones too, and rolls them back with the rest.
 */
async function writeUnlisted(
  tx: Tx,
  actor: Actor,
  stored: StoredCatalog,
  input: CatalogImportInput,
  report: CatalogImportReport,
  effects: CatalogImportEffects,
) {
  const { summary } = report;
  const byKey = new Map<string, StoredUnlisted>();
  for (const entry of [...stored.unlistedFirms].sort((a, b) => a.id - b.id))
    if (!byKey.has(unlistedKey(entry.values))) byKey.set(unlistedKey(entry.values), entry);
  const saves: UnlistedFirmSave[] = [];
  const named = new Set<number>();
  for (const file of input.catalog.unlistedFirms) {
    const current = byKey.get(unlistedKey(file));
    if (!current) {
      saves.push({ input: file });
      summary.unlistedNew++;
      report.unlistedFirms.push({ name: file.name, status: 'new', changes: [] });
      continue;
    }
    named.add(current.id);
    const changes = diffCatalogUnlisted(current.values, file);
    if (changes.length === 0) {
      summary.unlistedUnchanged++;
      continue;
    }
    saves.push({ id: current.id, version: current.version, input: file });
    summary.unlistedChanged++;
    report.unlistedFirms.push({ name: file.name, status: 'changed', changes });
  }
  await saveUnlistedFirmsIn(tx, actor, saves);
  for (const save of saves)
    effects.events.push(unlistedFirmChanged(save.id === undefined ? 'created' : 'updated'));
  if (!input.replace) return;
  for (const entry of stored.unlistedFirms) {
    if (named.has(entry.id)) continue;
    await deleteUnlistedFirmIn(tx, actor, entry.id, entry.version);
    effects.events.push(unlistedFirmChanged('deleted'));
    summary.unlistedRemoved++;
    report.unlistedFirms.push({ name: entry.values.name, status: 'removed', changes: [] });
  }
}

async function writeCoupons(
  tx: Tx,
  actor: Actor,
  stored: StoredCatalog,
  input: CatalogImportInput,
  report: CatalogImportReport,
  effects: CatalogImportEffects,
  slugIds: Map<string, number>,
  apply: boolean,
) {
  const { summary } = report;
  const byKey = new Map<string, StoredCoupon>();
  for (const c of stored.coupons) if (!byKey.has(couponKey(c.values))) byKey.set(couponKey(c.values), c);
  const seen = new Set<string>();
  const created: CouponValues[] = [];
  for (const [index, file] of input.catalog.coupons.entries()) {
    const key = couponKey(file);
    seen.add(key);
    const propFirmId = file.firm ? slugIds.get(file.firm) : null;
    if (propFirmId === undefined) {
      report.problems.push({
        at: `coupons.${index}.firm`,
        message: `no firm with the slug ${file.firm} in the file or the catalog`,
      });
      continue;
    }
    const { firm: _firm, ...fields } = file;
    const values = { ...fields, propFirmId };
    const current = byKey.get(key);
    if (!current) {
      if (apply) created.push(values);
      summary.couponsNew++;
      report.coupons.push({ key, status: 'new', changes: [] });
      continue;
    }
    const changes = diffCatalogCoupon(current.values, file);
    if (changes.length === 0) {
      summary.couponsUnchanged++;
      continue;
    }
    await updateCouponIn(tx, actor, current.id, current.version, values);
    effects.events.push({ type: 'coupon.updated', id: current.id });
    summary.couponsChanged++;
    report.coupons.push({ key, status: 'changed', changes });
  }
  // The new coupons through the editor's create, as one batch.
  for (const coupon of await createCouponsIn(tx, actor, created))
    effects.events.push({ type: 'coupon.created', id: coupon.id });
  if (!input.replace) return;
  for (const coupon of stored.coupons) {
    const key = couponKey(coupon.values);
    if (seen.has(key)) continue;
    // A firm removed by this import took its coupons with it (ON DELETE CASCADE or SET NULL).
    const [still] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, coupon.id));
    if (still) await deleteCouponIn(tx, actor, coupon.id, coupon.version);
    effects.events.push({ type: 'coupon.deleted', id: coupon.id });
    summary.couponsRemoved++;
    report.coupons.push({ key, status: 'removed', changes: [] });
  }
}
