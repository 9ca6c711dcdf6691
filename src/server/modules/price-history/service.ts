import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { type PriceSignal, roundCents } from '../../../domain/challenge-rules';
import { LOW_WINDOW_DAYS, type PricePoint, priceChanged, priceSignalOf } from '../../../domain/price-alerts';
import type { PriceHistory } from '../../../domain/saved-searches';
import type { Db, Tx } from '../../db/client';
import { accountPriceHistory, coupons, firmAccounts, propFirms } from '../../db/schema';
import { notFound } from '../../lib/app-error';

const DAY_MS = 86_400_000;
/** The Funding tab's chart covers this many days. */
export const HISTORY_DAYS = 365;
/** Key of the advisory locks that serialise price recording per firm (with the firm's id). */
const PRICE_LOCK = 0x50524943;

/** The price after a firm's best live coupon, as the catalog computes it. */
export const priceAfterDiscount = (price: number, discountPercent: number | null) =>
  roundCents(price * (1 - (discountPercent ?? 0) / 100));

/**
 * Records, at `now`, the list price and price after the best live coupon of every account of the
 * named firms whose prices differ from their last recorded row. Called inside the transactions that
 * change prices (the firm save, coupon saves) and by the coupon expiry job; each firm's recording
 * holds a lock until the transaction ends, so two at once never write the same change twice.
 * Returns how many rows it wrote.
 */
export async function recordPriceHistory(tx: Tx, firmIds: number[], now = new Date()): Promise<number> {
  const ids = [...new Set(firmIds)].sort((a, b) => a - b);
  if (ids.length === 0) return 0;
  // In id order, a few hundred locks per statement (a catalog import records thousands of firms).
  for (let i = 0; i < ids.length; i += 500)
    await tx.execute(
      sql`select ${sql.join(
        ids.slice(i, i + 500).map((id) => sql`pg_advisory_xact_lock(${PRICE_LOCK}, ${id})`),
        sql`, `,
      )}`,
    );
  // One after another: the caller's transaction has one connection, which runs a query at a time.
  const accounts = await tx
    .select({ id: firmAccounts.id, firmId: firmAccounts.propFirmId, price: firmAccounts.price })
    .from(firmAccounts)
    .where(inArray(firmAccounts.propFirmId, ids));
  const best = await tx
    .selectDistinctOn([coupons.propFirmId], {
      firmId: coupons.propFirmId,
      discountPercent: coupons.discountPercent,
    })
    .from(coupons)
    .where(
      and(
        inArray(coupons.propFirmId, ids),
        eq(coupons.isActive, true),
        sql`(${coupons.expiryDate} is null or ${coupons.expiryDate} > ${now})`,
      ),
    )
    .orderBy(coupons.propFirmId, sql`${coupons.discountPercent} desc nulls last`, asc(coupons.id));
  const last = await tx
    .selectDistinctOn([accountPriceHistory.accountId], {
      accountId: accountPriceHistory.accountId,
      listPrice: accountPriceHistory.listPrice,
      priceAfterCoupon: accountPriceHistory.priceAfterCoupon,
    })
    .from(accountPriceHistory)
    .where(inArray(accountPriceHistory.propFirmId, ids))
    .orderBy(
      accountPriceHistory.accountId,
      desc(accountPriceHistory.recordedAt),
      desc(accountPriceHistory.id),
    );
  const discountOf = new Map(best.map((c) => [c.firmId, c.discountPercent]));
  const lastOf = new Map(last.map((row) => [row.accountId, row]));
  const rows = accounts.flatMap((a) => {
    const current = {
      listPrice: a.price,
      priceAfterCoupon: priceAfterDiscount(a.price, discountOf.get(a.firmId) ?? null),
    };
    return priceChanged(lastOf.get(a.id), current)
      ? [{ accountId: a.id, propFirmId: a.firmId, ...current, recordedAt: now }]
      : [];
  });
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(accountPriceHistory).values(rows.slice(i, i + 1000));
  return rows.length;
}

/** The firms with a coupon that ended in the week before `now`: their prices after coupon may have risen. */
export async function firmsWithEndedCoupons(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ firmId: coupons.propFirmId })
    .from(coupons)
    .where(
      and(
        sql`${coupons.propFirmId} is not null`,
        lte(coupons.expiryDate, now),
        gt(coupons.expiryDate, new Date(now.getTime() - 7 * DAY_MS)),
      ),
    );
  return rows.flatMap((r) => (r.firmId == null ? [] : [r.firmId]));
}

/**
 * A listed firm's account's prices over the last 12 months, oldest first: the price in force
 * 12 months ago, then every change since.
 */
export async function getPriceHistory(db: Db, accountId: number, now = new Date()): Promise<PriceHistory> {
  const [account] = await db
    .select({ id: firmAccounts.id })
    .from(firmAccounts)
    .innerJoin(propFirms, eq(propFirms.id, firmAccounts.propFirmId))
    .where(and(eq(firmAccounts.id, accountId), eq(propFirms.status, 'listed')));
  if (!account) throw notFound('Account');
  const since = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
  const columns = {
    listPrice: accountPriceHistory.listPrice,
    priceAfterCoupon: accountPriceHistory.priceAfterCoupon,
    recordedAt: accountPriceHistory.recordedAt,
  };
  const [before, within] = await Promise.all([
    db
      .select(columns)
      .from(accountPriceHistory)
      .where(and(eq(accountPriceHistory.accountId, accountId), lte(accountPriceHistory.recordedAt, since)))
      .orderBy(desc(accountPriceHistory.recordedAt), desc(accountPriceHistory.id))
      .limit(1),
    db
      .select(columns)
      .from(accountPriceHistory)
      .where(and(eq(accountPriceHistory.accountId, accountId), gt(accountPriceHistory.recordedAt, since)))
      .orderBy(asc(accountPriceHistory.recordedAt), asc(accountPriceHistory.id)),
  ]);
  return {
    accountId,
    points: [...before, ...within].map((p) => ({ ...p, recordedAt: p.recordedAt.toISOString() })),
  };
}

/**
 * Each account's price signal (latest drop, 90-day low) for the finder's cards, of every account or
 * of the named firms': read from the rows of the last 90 days and the one in force before them.
 */
export async function listPriceSignals(
  db: Db,
  now: Date,
  onlyFirms?: number[],
): Promise<Map<number, PriceSignal>> {
  const since = new Date(now.getTime() - LOW_WINDOW_DAYS * DAY_MS);
  const ofFirms = onlyFirms ? inArray(accountPriceHistory.propFirmId, onlyFirms) : undefined;
  const columns = {
    accountId: accountPriceHistory.accountId,
    listPrice: accountPriceHistory.listPrice,
    priceAfterCoupon: accountPriceHistory.priceAfterCoupon,
    recordedAt: accountPriceHistory.recordedAt,
  };
  const [atStart, within] = await Promise.all([
    db
      .selectDistinctOn([accountPriceHistory.accountId], columns)
      .from(accountPriceHistory)
      .where(and(lte(accountPriceHistory.recordedAt, since), ofFirms))
      .orderBy(
        accountPriceHistory.accountId,
        desc(accountPriceHistory.recordedAt),
        desc(accountPriceHistory.id),
      ),
    db
      .select(columns)
      .from(accountPriceHistory)
      .where(and(gt(accountPriceHistory.recordedAt, since), ofFirms))
      .orderBy(asc(accountPriceHistory.recordedAt), asc(accountPriceHistory.id)),
  ]);
  const history = new Map<number, PricePoint[]>();
  for (const row of [...atStart, ...within]) {
    const points = history.get(row.accountId) ?? [];
    points.push({ ...row, recordedAt: row.recordedAt.toISOString() });
    history.set(row.accountId, points);
  }
  const signals = new Map<number, PriceSignal>();
  for (const [accountId, points] of history) {
    signals.set(accountId, priceSignalOf(points, now));
  }
  return signals;
}
