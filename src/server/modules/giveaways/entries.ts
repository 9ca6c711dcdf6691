import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { computeEntryHash } from '../../../domain/giveaway-draw';
import { isGiveawayOpen } from '../../../domain/giveaway-rules';
import { hashEntryList } from '../../../domain/giveaway-verify';
import type { EnterGiveawayResult } from '../../../domain/giveaways';
import type { Db } from '../../db/client';
import { giveawayEntries, giveaways } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { recordActivity } from '../analytics/service';
import { countEntries, loadCanonicalEntries } from './service';

export interface Entrant {
  id: string;
  emailVerified: boolean;
}

/** Signed in (401) with a verified email (403, message containing 'Email verification required'). */
export function assertCanEnter(user: Entrant | null): asserts user is Entrant {
  if (!user) throw new AppError(401, 'unauthorized', 'Authentication required');
  if (!user.emailVerified) {
    throw new AppError(
      403,
      'email_not_verified',
      'Email verification required: please verify your email address to enter giveaways.',
    );
  }
}

/**
 * Fixes a giveaway's entry list: stores the hash of its canonical text and the closing time. The
 * caller holds the giveaway's row lock (FOR UPDATE), so no entry can slip in between reading the
 * list and closing it; from then on the database trigger refuses any change to the entries.
 */
export async function closeEntries(tx: Db, giveawayId: number, now: Date): Promise<string> {
  const entryListHash = await hashEntryList(await loadCanonicalEntries(tx, giveawayId));
  await tx.update(giveaways).set({ entriesClosedAt: now, entryListHash }).where(eq(giveaways.id, giveawayId));
  return entryListHash;
}

export const lockGiveaway = async (tx: Db, where: ReturnType<typeof eq>) => {
  const [row] = await tx.select().from(giveaways).where(where).for('update').limit(1);
  return row;
};

/**
 * Enters a user into a giveaway (spec section 5). Entries of one giveaway are serialised by the
 * giveaway row's lock, so tickets are dense (1..n) and maxEntries is never passed, however many
 * arrive at once. The entry that fills the last place closes the entry list in the same transaction.
 */
export async function enterGiveaway(
  db: Db,
  changes: Changes,
  user: Entrant | null,
  slug: string,
  payload: { socialMediaHandle: string | null },
  now = new Date(),
): Promise<EnterGiveawayResult> {
  assertCanEnter(user);
  return changes.commit(db, async (tx) => {
    const g = await lockGiveaway(tx as unknown as Db, eq(giveaways.slug, slug));
    if (!g) throw notFound('Giveaway');
    if (
      g.entriesClosedAt ||
      !isGiveawayOpen({ status: g.status, endDate: g.endDate.toISOString() }, now.getTime())
    ) {
      throw new AppError(400, 'giveaway_closed', 'This giveaway has ended.');
    }
    const [mine] = await tx
      .select({ ticketNumber: giveawayEntries.ticketNumber })
      .from(giveawayEntries)
      .where(and(eq(giveawayEntries.giveawayId, g.id), eq(giveawayEntries.userId, user.id)))
      .limit(1);
    if (mine) {
      throw new AppError(
        400,
        'already_entered',
        `You have already entered this giveaway (ticket #${mine.ticketNumber}).`,
      );
    }
    const n = await countEntries(tx as unknown as Db, g.id);
    if (g.maxEntries !== null && n >= g.maxEntries) {
      throw new AppError(400, 'giveaway_full', 'This giveaway has reached its maximum number of entries.');
    }
    const ticketNumber = n + 1;
    const entryHash = await computeEntryHash(g.serverSeedHash, ticketNumber, user.id);
    await tx.insert(giveawayEntries).values({
      giveawayId: g.id,
      userId: user.id,
      ticketNumber,
      socialMediaHandle: payload.socialMediaHandle,
      entryHash,
      createdAt: now,
    });
    await recordActivity(
      tx as unknown as Db,
      {
        activityType: 'giveaway_entry',
        propFirmId: g.propFirmId,
        metadata: { giveawayId: g.id, slug: g.slug, ticketNumber },
      },
      user.id,
    );
    if (g.maxEntries !== null && ticketNumber >= g.maxEntries) {
      await closeEntries(tx as unknown as Db, g.id, now);
    }
    return {
      result: { ticketNumber, entryHash, entryCount: ticketNumber },
      changes: [{ type: 'giveaway.updated', id: g.id }],
    };
  });
}

/**
 * Closes every active giveaway whose end date has passed and commits its entry list. SKIP LOCKED
 * lets two processes run this at once without closing one giveaway twice or waiting on each other;
 * the update's `entries_closed_at is null` check makes a second close a no-op in any case.
 * Returns the slugs it closed.
 */
export async function closeDueGiveaways(db: Db, changes: Changes, now = new Date()): Promise<string[]> {
  const closed = await changes.commit(db, async (tx) => {
    const due = await tx
      .select({ id: giveaways.id, slug: giveaways.slug })
      .from(giveaways)
      .where(
        and(eq(giveaways.status, 'active'), isNull(giveaways.entriesClosedAt), lte(giveaways.endDate, now)),
      )
      .orderBy(asc(giveaways.id))
      .for('update', { skipLocked: true });
    for (const g of due) await closeEntries(tx as unknown as Db, g.id, now);
    return { result: due, changes: due.map((g) => ({ type: 'giveaway.updated' as const, id: g.id })) };
  });
  return closed.map((g) => g.slug);
}
