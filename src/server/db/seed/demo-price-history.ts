import { randomBytes } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import { priceAfterDiscount, recordPriceHistory } from '../../modules/price-history/service';
import type { Db } from '../client';
import { accountPriceHistory, firmAccounts, savedSearches } from '../schema';

const DAY = 86_400_000;
const whole = (n: number) => Math.round(n);

/**
 * Twelve months of prices for every demo account, ending at today's: list prices that came down
 * over the year, a 10% coupon in spring, a 30% sale last autumn, and for every third account a cut
 * this week that is also its 90-day low (the finder's "Price dropped" and "Lowest in 90 days").
 * The last row, today's price, is recorded as a save records it.
 */
export async function seedDemoPriceHistory(db: Db, firmIds: number[], now: Date): Promise<number> {
  const accounts = await db
    .select({ id: firmAccounts.id, firmId: firmAccounts.propFirmId, price: firmAccounts.price })
    .from(firmAccounts)
    .where(inArray(firmAccounts.propFirmId, firmIds))
    .orderBy(asc(firmAccounts.id));
  const t = now.getTime();
  const rows = accounts.flatMap((a, i) => {
    const at = (days: number, listPrice: number, discount: number | null = null) => ({
      accountId: a.id,
      propFirmId: a.firmId,
      listPrice,
      priceAfterCoupon: priceAfterDiscount(listPrice, discount),
      recordedAt: new Date(t - days * DAY + i * 1000),
    });
    const cutThisWeek = i % 3 === 0;
    const history = [
      at(365, whole(a.price * 1.15)),
      at(250, whole(a.price * 1.1), 10),
      at(200, whole(a.price * 1.1)),
      at(120, whole(a.price * 1.05), 30),
      at(110, whole(a.price * 1.05)),
    ];
    if (!cutThisWeek && i % 2 === 0) history.push(at(40, whole(a.price * 1.05), 10));
    if (cutThisWeek) history.push(at(5, whole(a.price * 1.1)));
    return history;
  });
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(accountPriceHistory).values(rows.slice(i, i + 1000));
  return rows.length + (await recordPriceHistory(db, firmIds, now));
}

/** A saved search of a demo trader, so /profile and the alert emails have one to show. */
export async function seedDemoSavedSearch(db: Db, userId: string, now: Date): Promise<void> {
  await db.insert(savedSearches).values({
    userId,
    name: 'Cheap $100K two-step',
    query: 'size=100000&steps=2&sort=trueCost&pass=20',
    unsubscribeToken: randomBytes(24).toString('base64url'),
    createdAt: new Date(now.getTime() - 20 * DAY),
    updatedAt: new Date(now.getTime() - 20 * DAY),
  });
}
