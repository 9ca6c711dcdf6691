// Firms with everything they own, inserted in bulk: the demo seed's 32 firms and the bench's thousands.
import { inArray } from 'drizzle-orm';
import { slugify } from '../../../domain/slug';
import type { Db } from '../client';
import {
  firmAccounts,
  firmPayoutMethods,
  firmPlatforms,
  fundingModels,
  payoutMethods,
  platforms,
  propFirms,
} from '../schema';
import type { NewAccount, NewFirm, NewFundingModel } from './factories';

export interface ModelBundle {
  model: Omit<NewFundingModel, 'propFirmId'>;
  accounts: Omit<NewAccount, 'propFirmId' | 'fundingModelId'>[];
}

/** A firm with everything it owns, keyed by names so bundles can be inserted in bulk. */
export interface FirmBundle {
  firm: NewFirm;
  models: ModelBundle[];
  platformNames: string[];
  payoutMethodNames: string[];
}

// PostgreSQL allows 65,535 bind parameters per statement; 400 rows of ~40 columns stays well under.
const BATCH_ROWS = 400;

function chunk<T>(items: T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Inserts firms with their funding models, accounts, platform and payout-method links using
 * batched multi-row inserts. Platforms and payout methods must already exist by name.
 * Returns the new firm ids by slug.
 */
export async function insertFirmBundles(db: Db, bundles: FirmBundle[]): Promise<Map<string, number>> {
  const firmIds = new Map<string, number>();
  for (const batch of chunk(bundles.map((b) => b.firm))) {
    const rows = await db
      .insert(propFirms)
      .values(batch)
      .returning({ id: propFirms.id, slug: propFirms.slug });
    for (const r of rows) firmIds.set(r.slug, r.id);
  }

  // Models are matched back by (firm, sortOrder): RETURNING order is not guaranteed.
  const modelRows = bundles.flatMap((b) =>
    b.models.map((m, i) => ({ ...m.model, sortOrder: i, propFirmId: firmIds.get(b.firm.slug)! })),
  );
  const modelIds = new Map<string, number>();
  for (const batch of chunk(modelRows)) {
    const rows = await db.insert(fundingModels).values(batch).returning({
      id: fundingModels.id,
      propFirmId: fundingModels.propFirmId,
      sortOrder: fundingModels.sortOrder,
    });
    for (const r of rows) modelIds.set(`${r.propFirmId}:${r.sortOrder}`, r.id);
  }

  const accountRows = bundles.flatMap((b) => {
    const propFirmId = firmIds.get(b.firm.slug)!;
    return b.models.flatMap((m, i) =>
      m.accounts.map((a) => ({ ...a, propFirmId, fundingModelId: modelIds.get(`${propFirmId}:${i}`)! })),
    );
  });
  for (const batch of chunk(accountRows, 2000)) await db.insert(firmAccounts).values(batch);

  const platformNames = [...new Set(bundles.flatMap((b) => b.platformNames))];
  const methodNames = [...new Set(bundles.flatMap((b) => b.payoutMethodNames))];
  const platformIds = new Map(
    platformNames.length === 0
      ? []
      : (
          await db
            .select({ id: platforms.id, name: platforms.name })
            .from(platforms)
            .where(inArray(platforms.name, platformNames))
        ).map((p) => [p.name, p.id] as const),
  );
  const methodIds = new Map(
    methodNames.length === 0
      ? []
      : (
          await db
            .select({ id: payoutMethods.id, name: payoutMethods.name })
            .from(payoutMethods)
            .where(inArray(payoutMethods.name, methodNames))
        ).map((p) => [p.name, p.id] as const),
  );
  const missing = [
    ...platformNames.filter((n) => !platformIds.has(n)),
    ...methodNames.filter((n) => !methodIds.has(n)),
  ];
  if (missing.length > 0) throw new Error(`Unknown platforms or payout methods: ${missing.join(', ')}`);

  const platformLinks = bundles.flatMap((b) =>
    b.platformNames.map((n) => ({ propFirmId: firmIds.get(b.firm.slug)!, platformId: platformIds.get(n)! })),
  );
  for (const batch of chunk(platformLinks, 5000)) await db.insert(firmPlatforms).values(batch);
  const methodLinks = bundles.flatMap((b) =>
    b.payoutMethodNames.map((n) => ({
      propFirmId: firmIds.get(b.firm.slug)!,
      payoutMethodId: methodIds.get(n)!,
    })),
  );
  for (const batch of chunk(methodLinks, 5000)) await db.insert(firmPayoutMethods).values(batch);
  return firmIds;
}

/** Makes sure every platform and payout method the bundles name exists (for generated data). */
export async function ensurePlatformsAndPayoutMethods(db: Db, bundles: FirmBundle[]) {
  const platformNames = [...new Set(bundles.flatMap((b) => b.platformNames))];
  const methodNames = [...new Set(bundles.flatMap((b) => b.payoutMethodNames))];
  if (platformNames.length) {
    await db
      .insert(platforms)
      .values(platformNames.map((name) => ({ name, logo: `/images/platforms/${slugify(name)}.svg` })))
      .onConflictDoNothing();
  }
  if (methodNames.length) {
    await db
      .insert(payoutMethods)
      .values(methodNames.map((name) => ({ name, logo: `/images/payout-methods/${slugify(name)}.svg` })))
      .onConflictDoNothing();
  }
}
