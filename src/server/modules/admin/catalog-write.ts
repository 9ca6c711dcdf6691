import { count, eq, inArray } from 'drizzle-orm';
import type { CouponValues } from '../../../domain/admin-content';
import {
  type CatalogFirmValues,
  type CatalogParts,
  type CheckedCatalog,
  couponKey,
  unlistedKey,
} from '../../../domain/catalog';
import {
  accountKey,
  type CatalogFirmReport,
  type CatalogImportReport,
  diffCatalogCoupon,
  diffCatalogFirm,
  diffCatalogUnlisted,
  mergeCatalogFirm,
} from '../../../domain/catalog-diff';
import { describeRuleChangeInModel } from '../../../domain/rule-change-text';
import type { Tx } from '../../db/client';
import { coupons, firmFollows, payoutMethods, platforms } from '../../db/schema';
import type { ChangeEvent } from '../../lib/events';
import type { StoredCatalog, StoredCoupon, StoredFirm, StoredUnlisted } from './catalog-load';
import { createCouponsIn, deleteCouponIn, updateCouponIn } from './coupons';
import { createResourceIn, deleteFirmIn, saveFirmsIn } from './firms';
import type { Actor } from './service';
import {
  deleteUnlistedFirmIn,
  saveUnlistedFirmsIn,
  type UnlistedFirmSave,
  unlistedFirmChanged,
} from './unlisted';

/**
 * The file's catalog and which optional parts it has: without coupons (no `coupons` key, no
 * coupons.csv) coupons are left alone, without the not-yet-listed list (no `unlistedFirms`, no
 * unlisted-firms.csv) its entries are, in either mode.
 */
export interface CatalogImportInput extends CatalogParts {
  catalog: CheckedCatalog;
  replace: boolean;
}

/** What an apply changed (published once it has committed) and the followers' emails it leaves to send. */
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

export async function writeCatalog(
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
