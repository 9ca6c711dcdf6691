import { z } from 'zod';
import {
  ACCOUNT_FIELDS,
  type CatalogCouponValues,
  type CatalogFirmValues,
  type CatalogUnlistedValues,
  COUPON_FIELDS,
  FIRM_FIELDS,
  MODEL_FIELDS,
  UNLISTED_FIELDS,
} from './catalog';

/** One field an import changes, shown before and after ('fundingModels.Rapid.accounts.50000 one-time.price'). */
export const FieldChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

const show = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'string'
        ? value
        : String(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type Model = CatalogFirmValues['fundingModels'][number];
type Account = Model['accounts'][number];
export const accountKey = (a: { capital: number; pricingType: string }) => `${a.capital} ${a.pricingType}`;
const modelKey = (m: { name: string }) => m.name.toLowerCase();

function fieldChanges(prefix: string, fields: string[], before: object, after: object): FieldChange[] {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return fields
    .filter((f) => !same(b[f], a[f]))
    .map((f) => ({ field: `${prefix}${f}`, before: show(b[f]), after: show(a[f]) }));
}

function accountChanges(prefix: string, before: Account[], after: Account[]): FieldChange[] {
  const changes: FieldChange[] = [];
  const old = new Map(before.map((a) => [accountKey(a), a]));
  const kept = new Set<string>();
  for (const account of after) {
    const key = accountKey(account);
    const was = old.get(key);
    if (!was) changes.push({ field: `${prefix}accounts.${key}`, before: null, after: 'added' });
    else {
      kept.add(key);
      changes.push(...fieldChanges(`${prefix}accounts.${key}.`, ACCOUNT_FIELDS, was, account));
    }
  }
  for (const [key] of old)
    if (!kept.has(key))
      changes.push({ field: `${prefix}accounts.${key}`, before: 'present', after: 'removed' });
  return changes;
}

/** What saving `after` over `before` changes, field by field (models by name, accounts by size and pricing). */
export function diffCatalogFirm(before: CatalogFirmValues, after: CatalogFirmValues): FieldChange[] {
  const changes = fieldChanges(
    '',
    FIRM_FIELDS.filter((f) => f !== 'fundingModels'),
    before,
    after,
  );
  const old = new Map(before.fundingModels.map((m) => [modelKey(m), m]));
  const kept = new Set<string>();
  for (const model of after.fundingModels) {
    const was = old.get(modelKey(model));
    const prefix = `fundingModels.${model.name}.`;
    if (!was) {
      changes.push({ field: `fundingModels.${model.name}`, before: null, after: 'added' });
      continue;
    }
    kept.add(modelKey(model));
    changes.push(...fieldChanges(prefix, MODEL_FIELDS, was, model));
    changes.push(...accountChanges(prefix, was.accounts, model.accounts));
  }
  for (const [key, model] of old)
    if (!kept.has(key))
      changes.push({ field: `fundingModels.${model.name}`, before: 'present', after: 'removed' });
  const order = (models: Model[]) => models.map((m) => m.name).filter((n) => kept.has(n.toLowerCase()));
  if (!same(order(before.fundingModels), order(after.fundingModels)))
    changes.push({
      field: 'fundingModels (order)',
      before: show(order(before.fundingModels)),
      after: show(order(after.fundingModels)),
    });
  return changes;
}

export function diffCatalogCoupon(before: CatalogCouponValues, after: CatalogCouponValues): FieldChange[] {
  return fieldChanges('', COUPON_FIELDS, before, after);
}

/** What saving a not-yet-listed entry over the one of the same name changes (a name's case too). */
export function diffCatalogUnlisted(
  before: CatalogUnlistedValues,
  after: CatalogUnlistedValues,
): FieldChange[] {
  return fieldChanges('', UNLISTED_FIELDS, before, after);
}

/**
 * The firm `file` says, completed from `current` when the import merges (not --replace): the
 * current funding models the file leaves out, and the accounts it leaves out of a model it names,
 * stay as they are.
 */
export function mergeCatalogFirm(current: CatalogFirmValues, file: CatalogFirmValues): CatalogFirmValues {
  const named = new Map(file.fundingModels.map((m) => [modelKey(m), m]));
  const models = file.fundingModels.map((model) => {
    const was = current.fundingModels.find((m) => modelKey(m) === modelKey(model));
    if (!was) return model;
    const keys = new Set(model.accounts.map(accountKey));
    return {
      ...model,
      accounts: [...model.accounts, ...was.accounts.filter((a) => !keys.has(accountKey(a)))],
    };
  });
  return {
    ...file,
    fundingModels: [...models, ...current.fundingModels.filter((m) => !named.has(modelKey(m)))],
  };
}

export const CatalogProblemSchema = z.object({ at: z.string(), message: z.string() });

export const CatalogFirmReportSchema = z.object({
  slug: z.string(),
  name: z.string(),
  status: z.enum(['new', 'changed', 'removed']),
  changes: z.array(FieldChangeSchema),
  /** The rule-change history entries the save records, in words. */
  ruleChanges: z.array(z.string()),
  /** Followers mailed the rule changes (a listed firm's). */
  followers: z.number().int(),
  /** For a removed firm: its funding models and accounts. */
  removedModels: z.number().int(),
  removedAccounts: z.number().int(),
});
export type CatalogFirmReport = z.infer<typeof CatalogFirmReportSchema>;

export const CatalogCouponReportSchema = z.object({
  key: z.string(),
  status: z.enum(['new', 'changed', 'removed']),
  changes: z.array(FieldChangeSchema),
});

/** A "Firms Not Yet Listed" entry the import adds, changes (field by field) or removes. */
export const CatalogUnlistedReportSchema = z.object({
  name: z.string(),
  status: z.enum(['new', 'changed', 'removed']),
  changes: z.array(FieldChangeSchema),
});
export type CatalogUnlistedReport = z.infer<typeof CatalogUnlistedReportSchema>;

export const CatalogImportReportSchema = z.object({
  applied: z.boolean(),
  replace: z.boolean(),
  /** Whether the file has the "Firms Not Yet Listed" list; without it the entries are left alone. */
  unlistedGiven: z.boolean(),
  /** The versions the dry run read; the apply names it (anything saved since: 409). */
  fingerprint: z.string(),
  problems: z.array(CatalogProblemSchema),
  summary: z.object({
    firmsNew: z.number().int(),
    firmsChanged: z.number().int(),
    firmsUnchanged: z.number().int(),
    firmsRemoved: z.number().int(),
    couponsNew: z.number().int(),
    couponsChanged: z.number().int(),
    couponsUnchanged: z.number().int(),
    couponsRemoved: z.number().int(),
    unlistedNew: z.number().int(),
    unlistedChanged: z.number().int(),
    unlistedUnchanged: z.number().int(),
    unlistedRemoved: z.number().int(),
    ruleChanges: z.number().int(),
    followersEmailed: z.number().int(),
  }),
  newPlatforms: z.array(z.string()),
  newPayoutMethods: z.array(z.string()),
  /** New, changed and removed firms (unchanged ones are only counted). */
  firms: z.array(CatalogFirmReportSchema),
  coupons: z.array(CatalogCouponReportSchema),
  /** New, changed and removed entries of "Firms Not Yet Listed" (unchanged ones are only counted). */
  unlistedFirms: z.array(CatalogUnlistedReportSchema),
});
export type CatalogImportReport = z.infer<typeof CatalogImportReportSchema>;

export const emptySummary = (): CatalogImportReport['summary'] => ({
  firmsNew: 0,
  firmsChanged: 0,
  firmsUnchanged: 0,
  firmsRemoved: 0,
  couponsNew: 0,
  couponsChanged: 0,
  couponsUnchanged: 0,
  couponsRemoved: 0,
  unlistedNew: 0,
  unlistedChanged: 0,
  unlistedUnchanged: 0,
  unlistedRemoved: 0,
  ruleChanges: 0,
  followersEmailed: 0,
});
