import { asc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AdminFirm } from '../../../domain/admin-firms';
import { TRADABLE_ASSETS } from '../../../domain/firm-rules';
import type { Db, Tx } from '../../db/client';
import {
  featuredFirm,
  firmAccounts,
  firmPayoutMethods,
  firmPlatforms,
  fundingModels,
  propFirms,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { chunksOf, groupBy, IDS_PER_QUERY } from '../../lib/batches';

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
    // its firm twice). One after another: `db` may be a transaction, whose one connection runs a
    // query at a time.
    const firms = await db
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
      .where(inArray(propFirms.id, chunk));
    const models = await db
      .select()
      .from(fundingModels)
      .where(inArray(fundingModels.propFirmId, chunk))
      .orderBy(asc(fundingModels.sortOrder), asc(fundingModels.id));
    const accounts = await db
      .select()
      .from(firmAccounts)
      .where(inArray(firmAccounts.propFirmId, chunk))
      .orderBy(asc(firmAccounts.capital), asc(firmAccounts.id));
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
