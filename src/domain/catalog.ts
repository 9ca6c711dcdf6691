import { z } from 'zod';
import { type CouponInput, CouponInputSchema, type CouponValues } from './admin-content';
import {
  AccountInputSchema,
  type FirmInput,
  FirmInputSchema,
  type FirmValues,
  FundingModelInputSchema,
  type UnlistedFirmInput,
  UnlistedFirmInputSchema,
} from './admin-firms';

/**
 * The catalog file (decision 0053): every firm with its funding models, account options,
 * platforms and payout methods, every coupon, and the "Firms Not Yet Listed" entries, as JSON
 * (one document) or as three CSV files.
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
/** A "Firms Not Yet Listed" entry: the fields its editor saves. */
export type CatalogUnlistedFirm = UnlistedFirmInput;
export interface CatalogDocument {
  formatVersion: typeof CATALOG_FORMAT_VERSION;
  firms: CatalogFirm[];
  coupons: CatalogCoupon[];
  unlistedFirms: CatalogUnlistedFirm[];
}

/** A firm as checked by the editor's schema, with its platforms and payout methods by name. */
export type CatalogFirmValues = Omit<FirmValues, 'platformIds' | 'payoutMethodIds'> & {
  platforms: string[];
  payoutMethods: string[];
};
export type CatalogCouponValues = Omit<CouponValues, 'propFirmId'> & { firm: string | null };
export type CatalogUnlistedValues = z.output<typeof UnlistedFirmInputSchema>;

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
export const UNLISTED_FIELDS = keys(UnlistedFirmInputSchema);

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

/** A problem inside one item of the file, by its path in the item (fundingModels.0.accounts.1.price). */
export interface ItemProblem {
  path: string;
  message: string;
}
/** One item of the file as its editor's schema reads it, or its problems. */
export interface CheckedItem<T> {
  value?: T;
  problems: ItemProblem[];
}

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
  !!raw && typeof raw === 'object' && !Array.isArray(raw);
const notAnObject = (): CheckedItem<never> => ({ problems: [{ path: '', message: 'must be an object' }] });
const unknownFields = (raw: unknown, allowed: string[], at = ''): ItemProblem[] =>
  unknownKeys(raw, allowed, at).map((p) => ({ path: p.at, message: p.message }));
/** What a schema refused, in its own messages, by path (under `prefix`). */
const refused = (result: z.ZodSafeParseResult<unknown>, prefix: PropertyKey[] = []): ItemProblem[] =>
  result.success
    ? []
    : result.error.issues.map((issue) => ({
        path: pathText([...prefix, ...issue.path]),
        message: issueText(issue),
      }));

/** Checks one firm with the editor's own schema (its messages), plus unknown fields. */
export function checkCatalogFirm(raw: unknown): CheckedItem<CatalogFirmValues> {
  if (!isRecord(raw)) return notAnObject();
  const problems = unknownFields(raw, [...FIRM_FIELDS, 'fundingModels']);
  const models = Array.isArray(raw.fundingModels) ? raw.fundingModels : [];
  models.forEach((model, i) => {
    problems.push(...unknownFields(model, [...MODEL_FIELDS, 'accounts'], `fundingModels.${i}`));
    const accounts = (model as { accounts?: unknown })?.accounts;
    if (Array.isArray(accounts))
      accounts.forEach((account, j) => {
        problems.push(...unknownFields(account, ACCOUNT_FIELDS, `fundingModels.${i}.accounts.${j}`));
      });
  });
  const { platforms, payoutMethods, ...firm } = raw;
  const parsed = FirmInputSchema.safeParse({ ...firm, platformIds: [], payoutMethodIds: [] });
  problems.push(...refused(parsed));
  const names = { platforms, payoutMethods };
  const lists: Partial<Record<'platforms' | 'payoutMethods', string[]>> = {};
  for (const key of ['platforms', 'payoutMethods'] as const) {
    const result = NamesSchema.safeParse(names[key] ?? []);
    if (result.success) lists[key] = [...new Set(result.data)];
    else problems.push(...refused(result, [key]));
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

export function checkCatalogCoupon(raw: unknown): CheckedItem<CatalogCouponValues> {
  if (!isRecord(raw)) return notAnObject();
  const { firm, ...coupon } = raw;
  const problems = unknownFields(raw, COUPON_FIELDS);
  if (firm !== null && firm !== undefined && (typeof firm !== 'string' || !firm.trim()))
    problems.push({ path: 'firm', message: "must be a firm's slug or empty" });
  const parsed = CouponInputSchema.safeParse({ ...coupon, propFirmId: null });
  problems.push(...refused(parsed));
  if (problems.length || !parsed.success) return { problems };
  const { propFirmId: _f, ...values } = parsed.data;
  return { value: { ...values, firm: typeof firm === 'string' ? firm.trim() : null }, problems };
}

/** Checks a "Firms Not Yet Listed" entry with its editor's schema (its messages), plus unknown fields. */
export function checkCatalogUnlisted(raw: unknown): CheckedItem<CatalogUnlistedValues> {
  if (!isRecord(raw)) return notAnObject();
  const parsed = UnlistedFirmInputSchema.safeParse(raw);
  const problems = [...unknownFields(raw, UNLISTED_FIELDS), ...refused(parsed)];
  if (problems.length || !parsed.success) return { problems };
  return { value: parsed.data, problems };
}

/** How a not-yet-listed entry is recognised in a file and in the database: its name, any case. */
export const unlistedKey = (entry: { name: string }) => entry.name.trim().toLowerCase();

/** How a coupon is recognised in a file and in the database: its code and its firm. */
export const couponKey = (coupon: { code: string; firm: string | null }) =>
  `${coupon.code}@${coupon.firm ?? ''}`;

export interface CheckedCatalog {
  firms: CatalogFirmValues[];
  coupons: CatalogCouponValues[];
  unlistedFirms: CatalogUnlistedValues[];
  problems: CatalogProblem[];
}

/** A catalog that could not be read at all: nothing in it but its problems. */
export const unreadCatalog = (problems: CatalogProblem[]): CheckedCatalog => ({
  firms: [],
  coupons: [],
  unlistedFirms: [],
  problems,
});

/**
 * Each item of a list checked (problems named by `at`); an item with the key of an earlier one is
 * a problem naming the first.
 */
function checkList<T>(
  raws: unknown[],
  check: (raw: unknown) => CheckedItem<T>,
  at: (index: number, path: string) => string,
  problems: CatalogProblem[],
  key: { of: (value: T) => string; field: string; message: (first: string) => string },
): T[] {
  const values: T[] = [];
  const seen = new Map<string, number>();
  raws.forEach((raw, i) => {
    const checked = check(raw);
    for (const p of checked.problems) problems.push({ at: at(i, p.path), message: p.message });
    if (!checked.value) return;
    const first = seen.get(key.of(checked.value));
    if (first === undefined) seen.set(key.of(checked.value), i);
    else problems.push({ at: at(i, key.field), message: key.message(at(first, key.field)) });
    values.push(checked.value);
  });
  return values;
}

/**
 * Checks a whole catalog whose firms, coupons and not-yet-listed entries came from somewhere
 * (`firmAt`/`couponAt`/`unlistedAt` name where, from the item's index and a path inside it): each
 * item with the editor's schema, then slugs, coupon keys and entry names used twice. (Coupons
 * naming a firm neither in the file nor known are found by the import.)
 */
export function checkCatalogItems(
  raw: { firms: unknown[]; coupons: unknown[]; unlistedFirms: unknown[] },
  where: {
    firmAt: (index: number, path: string) => string;
    couponAt: (index: number, path: string) => string;
    unlistedAt: (index: number, path: string) => string;
  },
): CheckedCatalog {
  const problems: CatalogProblem[] = [];
  const firms: CatalogFirmValues[] = [];
  const slugs = new Map<string, number>();
  raw.firms.forEach((item, i) => {
    const checked = checkCatalogFirm(item);
    for (const p of checked.problems) problems.push({ at: where.firmAt(i, p.path), message: p.message });
    const slug = (item as { slug?: unknown })?.slug;
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
  const coupons = checkList(raw.coupons, checkCatalogCoupon, where.couponAt, problems, {
    of: couponKey,
    field: 'code',
    message: (first) => `duplicate coupon: ${first} has the same code for the same firm`,
  });
  const unlistedFirms = checkList(raw.unlistedFirms, checkCatalogUnlisted, where.unlistedAt, problems, {
    of: unlistedKey,
    field: 'name',
    message: (first) => `duplicate name: ${first} has it too`,
  });
  return { firms, coupons, unlistedFirms, problems };
}

const JsonEnvelopeSchema = z.object({
  formatVersion: z.literal(CATALOG_FORMAT_VERSION, {
    error: `formatVersion must be ${CATALOG_FORMAT_VERSION}`,
  }),
  firms: z.array(z.unknown(), { error: 'firms must be a list' }),
  coupons: z.array(z.unknown(), { error: 'coupons must be a list' }).default([]),
  unlistedFirms: z.array(z.unknown(), { error: 'unlistedFirms must be a list' }).default([]),
});

/** Which optional parts a file has: the import leaves alone what it does not give. */
export interface CatalogParts {
  couponsGiven: boolean;
  unlistedGiven: boolean;
}

/**
 * Reads a catalog JSON document; problems name JSON paths (firms.3.fundingModels.0.dailyDrawdown).
 * `coupons` and `unlistedFirms` may be left out (then the import leaves those alone).
 */
export function readCatalogJson(text: string): CheckedCatalog & CatalogParts {
  const unread = (problems: CatalogProblem[]) => ({
    ...unreadCatalog(problems),
    couponsGiven: false,
    unlistedGiven: false,
  });
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return unread([{ at: 'file', message: `not JSON: ${(err as Error).message}` }]);
  }
  const envelope = JsonEnvelopeSchema.safeParse(data);
  if (!envelope.success)
    return unread(envelope.error.issues.map((i) => ({ at: pathText(i.path) || 'file', message: i.message })));
  const extra = unknownKeys(data, ['formatVersion', 'firms', 'coupons', 'unlistedFirms'], '');
  const at = (list: string) => (i: number, path: string) => `${list}.${i}${path ? `.${path}` : ''}`;
  const checked = checkCatalogItems(envelope.data, {
    firmAt: at('firms'),
    couponAt: at('coupons'),
    unlistedAt: at('unlistedFirms'),
  });
  const given = (key: string) => Array.isArray((data as Record<string, unknown>)[key]);
  return {
    ...checked,
    couponsGiven: given('coupons'),
    unlistedGiven: given('unlistedFirms'),
    problems: [...extra, ...checked.problems],
  };
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

/** The catalog document of the firms, coupons and not-yet-listed entries given, in their order. */
export function toCatalogDocument(
  firms: CatalogFirmValues[],
  coupons: CatalogCouponValues[],
  unlistedFirms: CatalogUnlistedValues[] = [],
): CatalogDocument {
  return {
    formatVersion: CATALOG_FORMAT_VERSION,
    firms: firms.map(toCatalogFirm),
    coupons: coupons.map(toCatalogCoupon),
    unlistedFirms: unlistedFirms.map((entry) => ordered(entry, UNLISTED_FIELDS) as CatalogUnlistedFirm),
  };
}
