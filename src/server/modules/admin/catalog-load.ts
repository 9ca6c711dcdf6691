import { asc, eq } from 'drizzle-orm';
import {
  type CatalogCouponValues,
  type CatalogFirmValues,
  type CatalogUnlistedValues,
  checkCatalogCoupon,
  checkCatalogFirm,
  checkCatalogUnlisted,
  unlistedKey,
} from '../../../domain/catalog';
import { accountKey } from '../../../domain/catalog-diff';
import { TRADABLE_ASSETS } from '../../../domain/firm-rules';
import type { Tx } from '../../db/client';
import {
  coupons,
  featuredFirm,
  firmAccounts,
  firmPayoutMethods,
  firmPlatforms,
  fundingModels,
  payoutMethods,
  platforms,
  propFirms,
} from '../../db/schema';
import { groupBy } from '../../lib/batches';
import { sanitizeHtml } from '../../lib/sanitize';
import { toTrustRating } from './firm-document';
import { listAdminUnlistedFirms } from './unlisted';

/** A firm as stored: its ids, its version, and its catalog values (checked as the editor would). */
export interface StoredFirm {
  id: number;
  version: number;
  values: CatalogFirmValues;
  /** Funding model ids by lower-case name, each with its account ids by accountKey. */
  models: Map<string, { id: number; accounts: Map<string, number> }>;
}
export interface StoredCoupon {
  id: number;
  version: number;
  values: CatalogCouponValues;
}
export interface StoredUnlisted {
  id: number;
  version: number;
  values: CatalogUnlistedValues;
}
export interface StoredCatalog {
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
export async function loadCatalog(db: Tx): Promise<StoredCatalog> {
  // One query after another: a transaction's client runs one at a time (node-postgres deprecates
  // queueing them concurrently).
  const firmRows = await db.select().from(propFirms).orderBy(asc(propFirms.slug));
  const modelRows = await db
    .select()
    .from(fundingModels)
    .orderBy(asc(fundingModels.sortOrder), asc(fundingModels.id));
  const accountRows = await db
    .select()
    .from(firmAccounts)
    .orderBy(asc(firmAccounts.capital), asc(firmAccounts.id));
  const platformRows = await db
    .select({ firmId: firmPlatforms.propFirmId, name: platforms.name })
    .from(firmPlatforms)
    .innerJoin(platforms, eq(platforms.id, firmPlatforms.platformId))
    .orderBy(asc(platforms.name));
  const payoutRows = await db
    .select({ firmId: firmPayoutMethods.propFirmId, name: payoutMethods.name })
    .from(firmPayoutMethods)
    .innerJoin(payoutMethods, eq(payoutMethods.id, firmPayoutMethods.payoutMethodId))
    .orderBy(asc(payoutMethods.name));
  const [featured] = await db.select({ id: featuredFirm.propFirmId }).from(featuredFirm).limit(1);
  const couponRows = await db
    .select({ coupon: coupons, firm: propFirms.slug })
    .from(coupons)
    .leftJoin(propFirms, eq(propFirms.id, coupons.propFirmId))
    .orderBy(asc(coupons.code), asc(propFirms.slug), asc(coupons.id));
  const unlistedRows = await listAdminUnlistedFirms(db);
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
