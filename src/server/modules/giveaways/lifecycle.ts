import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashServerSeed } from '../../../domain/giveaway-draw';
import type { Giveaway } from '../../../domain/giveaways';
import { slugify } from '../../../domain/slug';
import type { Db } from '../../db/client';
import { giveaways, propFirms } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { sanitizeHtml } from '../../lib/sanitize';
import { closeEntries, lockGiveaway } from './entries';
import { countEntries, getGiveawayById } from './service';

export interface GiveawayInput {
  title: string;
  slug?: string;
  description?: string | null;
  giveawayImage?: string | null;
  giveawayLink?: string | null;
  prizeDescription?: string | null;
  prizeValue?: string | null;
  startDate: Date;
  endDate: Date;
  maxEntries?: number | null;
  winnerCount: number;
  propFirmId?: number | null;
  clientSeedSource: string;
}

/** Fields that may still change after the first entry: text and images, nothing the draw depends on. */
export const TEXT_FIELDS = [
  'title',
  'description',
  'giveawayImage',
  'giveawayLink',
  'prizeDescription',
  'prizeValue',
] as const;

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function assertFirmExists(db: Db, propFirmId: number | null | undefined) {
  if (propFirmId == null) return;
  const [firm] = await db.select({ id: propFirms.id }).from(propFirms).where(eq(propFirms.id, propFirmId));
  if (!firm) throw new AppError(400, 'unknown_firm', 'propFirmId does not name a firm');
}

/**
 * Creates a giveaway with a fresh 256-bit server seed. Only its hash is ever shown before the
 * draw; the seed is generated here and nobody, admins included, sees it until completion.
 */
export async function createGiveaway(db: Db, changes: Changes, input: GiveawayInput): Promise<Giveaway> {
  if (input.endDate.getTime() <= input.startDate.getTime()) {
    throw new AppError(400, 'invalid_dates', 'endDate must be after startDate');
  }
  await assertFirmExists(db, input.propFirmId);
  const serverSeed = randomBytes(32).toString('hex');
  const values = {
    slug: input.slug?.trim() || slugify(input.title, 80) || 'giveaway',
    title: input.title,
    description: input.description ? sanitizeHtml(input.description) : null,
    giveawayImage: input.giveawayImage ?? null,
    giveawayLink: input.giveawayLink ?? null,
    prizeDescription: input.prizeDescription ?? null,
    prizeValue: input.prizeValue ?? null,
    status: 'active',
    startDate: input.startDate,
    endDate: input.endDate,
    maxEntries: input.maxEntries ?? null,
    winnerCount: input.winnerCount,
    propFirmId: input.propFirmId ?? null,
    clientSeedSource: input.clientSeedSource,
    serverSeed,
    serverSeedHash: await hashServerSeed(serverSeed),
  };
  try {
    const id = await changes.commit(db, async (tx) => {
      const [row] = await tx.insert(giveaways).values(values).returning({ id: giveaways.id });
      return { result: row.id, changes: [{ type: 'giveaway.created', id: row.id }] };
    });
    return getGiveawayById(db, id);
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError(409, 'slug_taken', `The slug '${values.slug}' is already used`);
    throw err;
  }
}

/**
 * Edits a giveaway. Before the first entry everything may change; from the first entry on only
 * text and images, since entrants joined under the rest (dates, maximum, winners, seed source).
 */
export async function updateGiveaway(
  db: Db,
  changes: Changes,
  id: number,
  patch: Partial<GiveawayInput>,
): Promise<Giveaway> {
  return changes
    .commit(db, async (tx) => {
      const g = await lockGiveaway(tx as unknown as Db, eq(giveaways.id, id));
      if (!g) throw notFound('Giveaway');
      const n = await countEntries(tx as unknown as Db, id);
      const locked = Object.keys(patch).filter(
        (k) =>
          patch[k as keyof GiveawayInput] !== undefined && !(TEXT_FIELDS as readonly string[]).includes(k),
      );
      if ((n > 0 || g.status === 'completed' || g.entriesClosedAt) && locked.length > 0) {
        throw new AppError(
          409,
          'giveaway_has_entries',
          `After the first entry only text and images can change (not ${locked.join(', ')})`,
        );
      }
      const startDate = patch.startDate ?? g.startDate;
      const endDate = patch.endDate ?? g.endDate;
      if (endDate.getTime() <= startDate.getTime()) {
        throw new AppError(400, 'invalid_dates', 'endDate must be after startDate');
      }
      await assertFirmExists(tx as unknown as Db, patch.propFirmId);
      const set: Partial<typeof giveaways.$inferInsert> = {};
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) continue;
        if (key === 'slug') set.slug = String(value).trim() || g.slug;
        else if (key === 'description') set.description = value ? sanitizeHtml(String(value)) : null;
        else (set as Record<string, unknown>)[key] = value;
      }
      if (Object.keys(set).length === 0) return { changes: [] };
      await tx.update(giveaways).set(set).where(eq(giveaways.id, id));
      return { changes: [{ type: 'giveaway.updated', id }] };
    })
    .then(() => getGiveawayById(db, id))
    .catch((err) => {
      if (isUniqueViolation(err)) throw new AppError(409, 'slug_taken', 'That slug is already used');
      throw err;
    });
}

/** Ends entries now: the end date moves to now and the entry list is committed. */
export async function closeGiveawayEarly(
  db: Db,
  changes: Changes,
  id: number,
  now = new Date(),
): Promise<Giveaway> {
  await changes.commit(db, async (tx) => {
    const g = await lockGiveaway(tx as unknown as Db, eq(giveaways.id, id));
    if (!g) throw notFound('Giveaway');
    if (g.entriesClosedAt || g.status !== 'active') {
      throw new AppError(409, 'already_closed', 'Entries to this giveaway are already closed.');
    }
    if (g.endDate.getTime() > now.getTime()) {
      await tx.update(giveaways).set({ endDate: now }).where(eq(giveaways.id, id));
    }
    await closeEntries(tx as unknown as Db, id, now);
    return { changes: [{ type: 'giveaway.updated', id }] };
  });
  return getGiveawayById(db, id);
}

/** Deletes a giveaway nobody has entered; one with entries is part of the public record. */
export async function deleteGiveaway(db: Db, changes: Changes, id: number): Promise<void> {
  await changes.commit(db, async (tx) => {
    const g = await lockGiveaway(tx as unknown as Db, eq(giveaways.id, id));
    if (!g) throw notFound('Giveaway');
    const n = await countEntries(tx as unknown as Db, id);
    if (n > 0) throw new AppError(409, 'giveaway_has_entries', 'A giveaway with entries cannot be deleted.');
    await tx.delete(giveaways).where(eq(giveaways.id, id));
    return { changes: [{ type: 'giveaway.deleted', id }] };
  });
}
