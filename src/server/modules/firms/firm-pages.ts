import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FirmCoupon, FirmDetails, FirmResource } from '../../../domain/firms';
import { describeRuleChangeInModel } from '../../../domain/rule-change-text';
import { RULE_CHANGES_LIMIT, type RuleChange } from '../../../domain/rule-changes';
import type { Db } from '../../db/client';
import {
  coupons,
  firmAccounts,
  firmPayoutMethods,
  firmPayoutRecords,
  firmPlatforms,
  firmRuleChanges,
  fundingModels,
  payoutMethods,
  platforms,
  propFirms,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { ChangeEvent } from '../../lib/events';
import { type FirmIndex, type FirmKey, firmEntryOf, indexFirms, patchFirmIndex } from '../../lib/firm-index';
import { ReadModel, type ReadModelChange } from '../../lib/read-model';
import { couponColumns, LISTED, readClaimedFirmIds, toFirmDetails } from './service';

/**
 * What a firm page shows of the firm itself (`/api/firms/{slug}/details`, `/platforms`,
 * `/payout-methods`, `/rule-changes`), for every listed firm, in memory (decision 0033): a first
 * visit to any firm page, a crawler's say, reads no table. A firm's change (its rule changes are
 * written by its save) re-reads that firm; a coupon's change re-reads every firm. Whether a coupon
 * is live is decided when it is asked, so nothing here goes stale when one expires.
 */

interface FirmPage {
  details: Omit<FirmDetails, 'coupons'>;
  coupons: { coupon: FirmCoupon; expiresAt: number; featured: boolean }[];
  platforms: FirmResource[];
  payoutMethods: FirmResource[];
  /** The newest first, at most RULE_CHANGES_LIMIT: written by the firm's saves (admin/firms.ts). */
  ruleChanges: RuleChange[];
}

export type FirmPages = FirmIndex<FirmPage>;

const byName = (a: FirmResource, b: FirmResource) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Listed firms with their models, accounts, coupons, platforms, payout methods and rule changes (all, or those named). */
async function readFirmPages(db: Db, ids?: readonly number[]): Promise<FirmPage[]> {
  const of = (column: AnyPgColumn) => (ids ? inArray(column, [...ids]) : undefined);
  const [firms, models, accounts, firmCoupons, platformRows, payoutRows, recordRows, ruleRows] =
    await Promise.all([
      db
        .select()
        .from(propFirms)
        .where(and(eq(propFirms.status, LISTED), of(propFirms.id))),
      db
        .select()
        .from(fundingModels)
        .where(of(fundingModels.propFirmId))
        .orderBy(asc(fundingModels.sortOrder), asc(fundingModels.id)),
      db
        .select()
        .from(firmAccounts)
        .where(of(firmAccounts.propFirmId))
        .orderBy(asc(firmAccounts.capital), asc(firmAccounts.id)),
      db
        .select({ ...couponColumns, firmId: coupons.propFirmId })
        .from(coupons)
        .where(and(isNotNull(coupons.propFirmId), of(coupons.propFirmId))),
      db
        .select({
          firmId: firmPlatforms.propFirmId,
          id: platforms.id,
          name: platforms.name,
          logo: platforms.logo,
        })
        .from(firmPlatforms)
        .innerJoin(platforms, eq(platforms.id, firmPlatforms.platformId))
        .where(of(firmPlatforms.propFirmId)),
      db
        .select({
          firmId: firmPayoutMethods.propFirmId,
          id: payoutMethods.id,
          name: payoutMethods.name,
          logo: payoutMethods.logo,
        })
        .from(firmPayoutMethods)
        .innerJoin(payoutMethods, eq(payoutMethods.id, firmPayoutMethods.payoutMethodId))
        .where(of(firmPayoutMethods.propFirmId)),
      db
        .select({
          firmId: firmPayoutRecords.propFirmId,
          tier: firmPayoutRecords.tier,
          medianDays: firmPayoutRecords.medianDays,
          record: firmPayoutRecords.record,
        })
        .from(firmPayoutRecords)
        .where(of(firmPayoutRecords.propFirmId)),
      db
        .select()
        .from(firmRuleChanges)
        .where(of(firmRuleChanges.propFirmId))
        .orderBy(desc(firmRuleChanges.createdAt), asc(firmRuleChanges.id)),
    ]);
  const claimed = await readClaimedFirmIds(db, ids);
  const group = <T extends { firmId?: number | null; propFirmId?: number | null }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) {
      const firmId = row.firmId ?? row.propFirmId;
      if (firmId == null) continue;
      const list = map.get(firmId);
      if (list) list.push(row);
      else map.set(firmId, [row]);
    }
    return map;
  };
  const modelsOf = group(models);
  const accountsOf = group(accounts);
  const couponsOf = group(firmCoupons);
  const platformsOf = group(platformRows);
  const payoutsOf = group(payoutRows);
  const ruleChangesOf = group(ruleRows);
  const records = new Map(recordRows.map((r) => [r.firmId, r]));
  const resource = ({ id, name, logo }: FirmResource) => ({ id, name, logo });
  return firms.map((firm) => {
    const { coupons: _none, ...details } = toFirmDetails(
      firm,
      modelsOf.get(firm.id) ?? [],
      accountsOf.get(firm.id) ?? [],
      [],
      records.get(firm.id) ?? null,
      claimed.has(firm.id),
    );
    return {
      details,
      coupons: (couponsOf.get(firm.id) ?? []).map(({ firmId: _f, ...row }) => ({
        coupon: { ...row, expiryDate: row.expiryDate?.toISOString() ?? null },
        expiresAt: row.expiryDate?.getTime() ?? Number.POSITIVE_INFINITY,
        featured: row.featured,
      })),
      platforms: (platformsOf.get(firm.id) ?? []).map(resource).sort(byName),
      payoutMethods: (payoutsOf.get(firm.id) ?? []).map(resource).sort(byName),
      ruleChanges: (ruleChangesOf.get(firm.id) ?? []).slice(0, RULE_CHANGES_LIMIT).map(
        ({ propFirmId: _f, createdAt, ...change }): RuleChange => ({
          ...change,
          text: describeRuleChangeInModel(change),
          createdAt: createdAt.toISOString(),
        }),
      ),
    };
  });
}

const pageKey: FirmKey<FirmPage> = (page) => page.details;

const affectsFirmPages = (event: ChangeEvent): ReadModelChange => {
  const [entity, action] = event.type.split('.');
  if (action === 'counted') return 'none';
  if (entity === 'firm') return typeof event.id === 'number' ? { ids: [event.id] } : 'all';
  if (entity === 'coupon') return 'all';
  // A decided payout report changes its firm's payout record.
  if (entity === 'payout') return event.firmId !== undefined ? { ids: [event.firmId] } : 'all';
  return 'none';
};

export const createFirmPages = (db: Db) =>
  new ReadModel<FirmPages>({
    affects: affectsFirmPages,
    load: async () => indexFirms(await readFirmPages(db), pageKey),
    refresh: async (ids) => {
      const fresh = await readFirmPages(db, ids);
      return (current) => patchFirmIndex(current, ids, fresh, pageKey);
    },
  });

/** A listed firm by slug, or by id when the value is all digits (slugs are never all digits); else 404. */
export function firmPageOf(pages: FirmPages, slugOrId: string): FirmPage {
  const page = firmEntryOf(pages, slugOrId);
  if (!page) throw notFound('Firm');
  return page;
}

/** The firm's record with every coupon: live ones first, then featured, then the biggest discount. */
export function firmDetailsOf(pages: FirmPages, slug: string, now = Date.now()): FirmDetails {
  if (/^\d+$/.test(slug)) throw notFound('Firm');
  const page = firmPageOf(pages, slug);
  const live = (c: FirmPage['coupons'][number]) => c.coupon.isActive && c.expiresAt > now;
  const ordered = [...page.coupons].sort(
    (a, b) =>
      Number(live(b)) - Number(live(a)) ||
      Number(b.featured) - Number(a.featured) ||
      (b.coupon.discountPercent ?? Number.NEGATIVE_INFINITY) -
        (a.coupon.discountPercent ?? Number.NEGATIVE_INFINITY) ||
      a.coupon.id - b.coupon.id,
  );
  return { ...page.details, coupons: ordered.map((c) => c.coupon) };
}
