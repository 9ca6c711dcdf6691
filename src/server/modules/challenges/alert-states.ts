import { sql } from 'drizzle-orm';
import type { OptionFacts } from '../../../domain/price-alerts';
import type { Db, Tx } from '../../db/client';
import { optionAlertStates } from '../../db/schema';
import { type CatalogStore, catalogRows } from './catalog';
import type { CatalogRow } from './catalog-source';

/**
 * What the last matching run saw of each option (option_alert_states, decision 0054): matching
 * (alert-matching.ts) compares the catalog with it; the first states are the catalog as it stands.
 */

/** Matching and the baseline run under this advisory lock: one run at a time across processes. */
export const MATCH_LOCK = 0x414c5254;

/** What the finder's filters read of a catalog row. */
export function optionFactsOf(row: CatalogRow): OptionFacts {
  return {
    firmId: row.option.firm.id,
    capital: row.capital,
    steps: row.steps,
    assets: [...row.assets].sort(),
    drawdownType: row.drawdownType,
    dailyDrawdown: row.dailyDrawdown,
    maximumDrawdown: row.maximumDrawdown,
    target: row.target,
    profitSplit: row.profitSplit,
    priceAfterCoupon: row.priceAfterCoupon,
    platforms: [...row.platforms].sort(),
    restricted: [...row.restrictedCountries].sort(),
    news: row.news,
    weekend: row.weekend,
    ea: row.ea,
    timeLimits: row.timeLimits,
    refundable: row.refundable,
    hasCoupon: row.hasCoupon,
    payoutTier: row.option.firm.payoutTier,
  };
}

/** Whether two fact records say the same (stored JSON comes back with its keys in another order). */
export function sameFacts(a: OptionFacts, b: OptionFacts): boolean {
  const keys = Object.keys(b) as (keyof OptionFacts)[];
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

export async function writeStates(tx: Tx, facts: Map<number, OptionFacts>, now: Date) {
  const rows = [...facts].map(([accountId, f]) => ({
    accountId,
    propFirmId: f.firmId,
    facts: f,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(optionAlertStates)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: optionAlertStates.accountId,
        set: {
          propFirmId: sql`excluded.prop_firm_id`,
          facts: sql`excluded.facts`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
}

async function hasAlertStates(db: Tx): Promise<boolean> {
  const [any] = await db.select({ id: optionAlertStates.accountId }).from(optionAlertStates).limit(1);
  return any !== undefined;
}

/**
 * Before the first matching (a new database, or the first search saved): what the catalog holds
 * now is where alerts start from, so a search is told only of what changes after it. True when it
 * wrote that starting point.
 */
export async function ensureAlertBaseline(db: Db, store: CatalogStore, now = new Date()): Promise<boolean> {
  // Asked first without the lock: once written, the states stay (each run rewrites what changed).
  if (await hasAlertStates(db)) return false;
  // Read before the transaction: building the catalog queries the database, which on PGlite's one
  // connection would wait for the transaction.
  const facts = await store.readLatest(
    (catalog) => new Map(catalogRows(catalog).map((row) => [row.option.account.id, optionFactsOf(row)])),
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MATCH_LOCK})`);
    if (await hasAlertStates(tx)) return false;
    await writeStates(tx, facts, now);
    return true;
  });
}
