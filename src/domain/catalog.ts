import { z } from 'zod';
import { type CouponInput, CouponInputSchema, type CouponValues } from './admin-content';
import {
  AccountInputSchema,
  type FirmInput,
  FirmInputSchema,
  type FirmValues,
  FundingModelInputSchema,
} from './admin-firms';

/**
 * The catalog file (decision 0053): every firm with its funding models, account options,
 * platforms and payout methods, and every coupon, as JSON (one document) or as two CSV files.
 * A firm is the admin editor's save payload with names in place of database ids (platforms and
 * payout methods by name, a coupon's firm by slug), so a file moves between databases.
 */
export const CATALOG_FORMAT_VERSION = 1;
/** The largest catalog file the admin upload takes. */
export const MAX_CATALOG_BYTES = 20 * 1024 * 1024;

type Account = z.input<typeof AccountInputSchema>;
export type CatalogAccount = Omit<Account, 'id'>;
export type CatalogModel = Omit<FirmInput['fundingModels'][number], 'id' | 'accounts'> & {
  accounts: CatalogAccount[];
};
export type CatalogFirm = Omit<FirmInput, 'platformIds' | 'payoutMethodIds' | 'fundingModels'> & {
  platforms: string[];
  payoutMethods: string[];
  fundingModels: CatalogModel[];
};
export type CatalogCoupon = Omit<CouponInput, 'propFirmId'> & { firm: string | null };
export interface CatalogDocument {
  formatVersion: typeof CATALOG_FORMAT_VERSION;
  firms: CatalogFirm[];
  coupons: CatalogCoupon[];
}

/** A firm as checked by the editor's schema, with its platforms and payout methods by name. */
export type CatalogFirmValues = Omit<FirmValues, 'platformIds' | 'payoutMethodIds'> & {
  platforms: string[];
  payoutMethods: string[];
};
export type CatalogCouponValues = Omit<CouponValues, 'propFirmId'> & { firm: string | null };

/** One thing wrong with the file: where (a CSV row and column, or a JSON path) and what. */
export interface CatalogProblem {
  at: string;
  message: string;
}

const keys = <T extends z.ZodObject>(schema: T) => Object.keys(schema.shape);
const without = (list: string[], ...drop: string[]) => list.filter((k) => !drop.includes(k));

export const FIRM_FIELDS = [
  ...without(keys(FirmInputSchema), 'platformIds', 'payoutMethodIds', 'fundingModels'),
  'platforms',
  'payoutMethods',
];
export const MODEL_FIELDS = without(keys(FundingModelInputSchema), 'id', 'accounts');
export const ACCOUNT_FIELDS = without(keys(AccountInputSchema), 'id');
export const COUPON_FIELDS = [...without(keys(CouponInputSchema), 'propFirmId'), 'firm'];

const NamesSchema = z
  .array(z.string({ error: 'must be a name' }).trim().min(1, 'must not be blank').max(80), {
    error: 'must be a list of names',
  })
  .max(50, 'is limited to 50 items');

const issueText = (issue: z.core.$ZodIssue) => issue.message;
const pathText = (path: PropertyKey[]) => path.map(String).join('.');

/** Keys of an object that the format does not have. */
function unknownKeys(value: unknown, allowed: string[], at: string): CatalogProblem[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.keys(value)
    .filter((k) => !allowed.includes(k))
    .map((k) => ({ at: at ? `${at}.${k}` : k, message: 'unknown field' }));
}

export interface CheckedFirm {
  value?: CatalogFirmValues;
  /** Problems with paths inside the firm (fundingModels.0.accounts.1.price). */
  problems: { path: string; message: string }[];
}

/** Checks one firm with the editor's own schema (its messages), plus unknown fields. */
export function checkCatalogFirm(raw: unknown): CheckedFirm {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { problems: [{ path: '', message: 'must be an object' }] };
  const record = raw as Record<string, unknown>;
  const problems: CheckedFirm['problems'] = unknownKeys(record, [...FIRM_FIELDS, 'fundingModels'], '').map(
    (p) => ({
      path: p.at,
      message: p.message,
    }),
  );
  const models = Array.isArray(record.fundingModels) ? record.fundingModels : [];
  models.forEach((model, i) => {
    for (const p of unknownKeys(model, [...MODEL_FIELDS, 'accounts'], `fundingModels.${i}`))
      problems.push({ path: p.at, message: p.message });
    const accounts = (model as { accounts?: unknown })?.accounts;
    if (Array.isArray(accounts))
      accounts.forEach((account, j) => {
        for (const p of unknownKeys(account, ACCOUNT_FIELDS, `fundingModels.${i}.accounts.${j}`))
          problems.push({ path: p.at, message: p.message });
      });
  });
  const { platforms, payoutMethods, ...firm } = record;
  const parsed = FirmInputSchema.safeParse({ ...firm, platformIds: [], payoutMethodIds: [] });
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      problems.push({ path: pathText(issue.path), message: issueText(issue) });
  const names = { platforms, payoutMethods };
  const lists: Partial<Record<'platforms' | 'payoutMethods', string[]>> = {};
  for (const key of ['platforms', 'payoutMethods'] as const) {
    const result = NamesSchema.safeParse(names[key] ?? []);
    if (result.success) lists[key] = [...new Set(result.data)];
    else
      for (const issue of result.error.issues)
        problems.push({ path: pathText([key, ...issue.path]), message: issueText(issue) });
  }
  if (parsed.success) {
    const seen = new Map<string, number>();
    parsed.data.fundingModels.forEach((model, i) => {
      const key = model.name.toLowerCase();
      if (seen.has(key))
        problems.push({
          path: `fundingModels.${i}.name`,
          message: `another funding model of this firm (${seen.get(key)}) has this name`,
        });
      seen.set(key, i);
    });
  }
  if (problems.length || !parsed.success) return { problems };
  const { platformIds: _p, payoutMethodIds: _m, ...values } = parsed.data;
  return {
    value: { ...values, platforms: lists.platforms ?? [], payoutMethods: lists.payoutMethods ?? [] },
    problems,
  };
}

export interface CheckedCoupon {
  value?: CatalogCouponValues;
  problems: { path: string; message: string }[];
}

export function checkCatalogCoupon(raw: unknown): CheckedCoupon {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { problems: [{ path: '', message: 'must be an object' }] };
  const { firm, ...coupon } = raw as Record<string, unknown>;
  const problems = unknownKeys(raw, COUPON_FIELDS, '').map((p) => ({ path: p.at, message: p.message }));
  if (firm !== null && firm !== undefined && (typeof firm !== 'string' || !firm.trim()))
    problems.push({ path: 'firm', message: "must be a firm's slug or empty" });
  const parsed = CouponInputSchema.safeParse({ ...coupon, propFirmId: null });
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      problems.push({ path: pathText(issue.path), message: issueText(issue) });
  if (problems.length || !parsed.success) return { problems };
  const { propFirmId: _f, ...values } = parsed.data;
  return { value: { ...values, firm: typeof firm === 'string' ? firm.trim() : null }, problems };
}

/** How a coupon is recognised in a file and in the database: its code and its firm. */
export const couponKey = (coupon: { code: string; firm: string | null }) =>
  `${coupon.code}@${coupon.firm ?? ''}`;

export interface CheckedCatalog {
  firms: CatalogFirmValues[];
  coupons: CatalogCouponValues[];
  problems: CatalogProblem[];
}

/**
 * Checks a whole catalog whose firms and coupons came from somewhere (`firmAt`/`couponAt` name
 * where, from the item's index and a path inside it): each item with the editor's schema,
 * then slugs and coupon keys used twice and coupons naming a firm neither in the file nor known.
 */
export function checkCatalogItems(
  rawFirms: unknown[],
  rawCoupons: unknown[],
  where: {
    firmAt: (index: number, path: string) => string;
    couponAt: (index: number, path: string) => string;
  },
): CheckedCatalog {
  const problems: CatalogProblem[] = [];
  const firms: CatalogFirmValues[] = [];
  const slugs = new Map<string, number>();
  rawFirms.forEach((raw, i) => {
    const checked = checkCatalogFirm(raw);
    for (const p of checked.problems) problems.push({ at: where.firmAt(i, p.path), message: p.message });
    const slug = (raw as { slug?: unknown })?.slug;
    if (typeof slug === 'string') {
      const key = slug.trim();
      if (slugs.has(key))
        problems.push({
          at: where.firmAt(i, 'slug'),
          message: `duplicate slug: ${where.firmAt(slugs.get(key)!, 'slug')} has it too`,
        });
      else slugs.set(key, i);
    }
    if (checked.value) firms.push(checked.value);
  });
  const coupons: CatalogCouponValues[] = [];
  const couponKeys = new Map<string, number>();
  rawCoupons.forEach((raw, i) => {
    const checked = checkCatalogCoupon(raw);
    for (const p of checked.problems) problems.push({ at: where.couponAt(i, p.path), message: p.message });
    if (!checked.value) return;
    const key = couponKey(checked.value);
    if (couponKeys.has(key))
      problems.push({
        at: where.couponAt(i, 'code'),
        message: `duplicate coupon: ${where.couponAt(couponKeys.get(key)!, 'code')} has the same code for the same firm`,
      });
    couponKeys.set(key, i);
    coupons.push(checked.value);
  });
  return { firms, coupons, problems };
}

const JsonEnvelopeSchema = z.object({
  formatVersion: z.literal(CATALOG_FORMAT_VERSION, {
    error: `formatVersion must be ${CATALOG_FORMAT_VERSION}`,
  }),
  firms: z.array(z.unknown(), { error: 'firms must be a list' }),
  coupons: z.array(z.unknown(), { error: 'coupons must be a list' }).default([]),
});

/** Reads a catalog JSON document; problems name JSON paths (firms.3.fundingModels.0.dailyDrawdown). */
export function readCatalogJson(text: string): CheckedCatalog & { couponsGiven: boolean } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return {
      firms: [],
      coupons: [],
      couponsGiven: false,
      problems: [{ at: 'file', message: `not JSON: ${(err as Error).message}` }],
    };
  }
  const envelope = JsonEnvelopeSchema.safeParse(data);
  if (!envelope.success)
    return {
      firms: [],
      coupons: [],
      couponsGiven: false,
      problems: envelope.error.issues.map((i) => ({ at: pathText(i.path) || 'file', message: i.message })),
    };
  const extra = unknownKeys(data, ['formatVersion', 'firms', 'coupons'], '');
  const checked = checkCatalogItems(envelope.data.firms, envelope.data.coupons, {
    firmAt: (i, path) => `firms.${i}${path ? `.${path}` : ''}`,
    couponAt: (i, path) => `coupons.${i}${path ? `.${path}` : ''}`,
  });
  const couponsGiven = Array.isArray((data as { coupons?: unknown }).coupons);
  return { ...checked, couponsGiven, problems: [...extra, ...checked.problems] };
}

const ordered = (value: object, fields: string[]) =>
  Object.fromEntries(fields.map((f) => [f, (value as Record<string, unknown>)[f] ?? null]));

/** A firm with its fields in the file's order (the editor's), so two exports of one catalog are equal. */
export const toCatalogFirm = (firm: CatalogFirmValues): CatalogFirm =>
  ({
    ...ordered(firm, FIRM_FIELDS),
    fundingModels: firm.fundingModels.map((m) => ({
      ...ordered(m, MODEL_FIELDS),
      accounts: m.accounts.map((a) => ordered(a, ACCOUNT_FIELDS)),
    })),
  }) as CatalogFirm;

export const toCatalogCoupon = (coupon: CatalogCouponValues): CatalogCoupon =>
  ordered(coupon, COUPON_FIELDS) as CatalogCoupon;

/** The catalog document of the firms (by slug) and coupons given. */
export function toCatalogDocument(
  firms: CatalogFirmValues[],
  coupons: CatalogCouponValues[],
): CatalogDocument {
  return {
    formatVersion: CATALOG_FORMAT_VERSION,
    firms: firms.map(toCatalogFirm),
    coupons: coupons.map(toCatalogCoupon),
  };
}
