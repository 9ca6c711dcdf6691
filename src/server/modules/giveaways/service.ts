import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { type GiveawayVerification, VERIFICATION_FORMAT } from '../../../domain/giveaway-verify';
import type { Giveaway, GiveawayEntryPage, MyGiveawayEntry } from '../../../domain/giveaways';
import type { Db } from '../../db/client';
import { giveawayEntries, giveaways, propFirms, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { sanitizeHtml } from '../../lib/sanitize';

type GiveawayRow = typeof giveaways.$inferSelect;

/**
 * A giveaway's entry count is its highest ticket: tickets run 1 to n without gaps (each entry takes
 * the next under the giveaway's row lock, entries are never removed, and the verifier checks it).
 * One step down the (giveaway, ticket) index, where count(*) reads every entry (decision 0059).
 */
const entryCountSql =
  sql<number>`(select coalesce(max(${giveawayEntries.ticketNumber}), 0) from ${giveawayEntries} where ${giveawayEntries.giveawayId} = ${giveaways.id})`.mapWith(
    Number,
  );

export async function countEntries(db: Db, giveawayId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${giveawayEntries.ticketNumber}), 0)`.mapWith(Number) })
    .from(giveawayEntries)
    .where(eq(giveawayEntries.giveawayId, giveawayId));
  return row?.n ?? 0;
}

const giveawayColumns = {
  giveaway: giveaways,
  entryCount: entryCountSql,
  firmId: propFirms.id,
  firmName: propFirms.name,
  firmSlug: propFirms.slug,
  firmLogo: propFirms.logo,
};

interface GiveawayQueryRow {
  giveaway: GiveawayRow;
  entryCount: number;
  firmId: number | null;
  firmName: string | null;
  firmSlug: string | null;
  firmLogo: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The public view of a giveaway. The server seed is copied only from a completed giveaway's row:
 * this is the one place a row becomes an answer, so the seed cannot leak through another field.
 */
export function toGiveaway({ giveaway: g, entryCount, ...firm }: GiveawayQueryRow): Giveaway {
  return {
    id: g.id,
    slug: g.slug,
    title: g.title,
    description: g.description ? sanitizeHtml(g.description) : null,
    giveawayImage: g.giveawayImage,
    giveawayLink: g.giveawayLink,
    prizeDescription: g.prizeDescription,
    prizeValue: g.prizeValue,
    status: g.status,
    startDate: g.startDate.toISOString(),
    endDate: g.endDate.toISOString(),
    createdAt: g.createdAt.toISOString(),
    completedAt: iso(g.completedAt),
    maxEntries: g.maxEntries,
    winnerCount: g.winnerCount,
    entryCount,
    serverSeed: g.status === 'completed' ? g.serverSeed : null,
    serverSeedHash: g.serverSeedHash,
    clientSeedSource: g.clientSeedSource,
    clientSeed: g.clientSeed,
    entriesClosedAt: iso(g.entriesClosedAt),
    entryListHash: g.entryListHash,
    winnerUserIds: g.winnerUserIds,
    winnerTicketNumbers: g.winnerTicketNumbers,
    propFirm:
      firm.firmId !== null
        ? { id: firm.firmId, name: firm.firmName ?? '', slug: firm.firmSlug ?? '', logo: firm.firmLogo }
        : null,
  };
}

export function selectGiveaways(db: Db) {
  return db
    .select(giveawayColumns)
    .from(giveaways)
    .leftJoin(propFirms, eq(propFirms.id, giveaways.propFirmId));
}

/** Every giveaway, newest first; the page splits them into Active and Past. */
export async function listGiveaways(db: Db): Promise<Giveaway[]> {
  const rows = await selectGiveaways(db).orderBy(desc(giveaways.startDate), desc(giveaways.id));
  return rows.map(toGiveaway);
}

export async function getGiveaway(db: Db, slug: string): Promise<Giveaway> {
  const [row] = await selectGiveaways(db).where(eq(giveaways.slug, slug)).limit(1);
  if (!row) throw notFound('Giveaway');
  return toGiveaway(row);
}

export async function getGiveawayById(db: Db, id: number): Promise<Giveaway> {
  const [row] = await selectGiveaways(db).where(eq(giveaways.id, id));
  if (!row) throw notFound('Giveaway');
  return toGiveaway(row);
}

async function findGiveawayId(db: Db, slug: string): Promise<number> {
  const [row] = await db
    .select({ id: giveaways.id })
    .from(giveaways)
    .where(eq(giveaways.slug, slug))
    .limit(1);
  if (!row) throw notFound('Giveaway');
  return row.id;
}

/** One page of the entry list in ticket order, by keyset: as fast on page 2,000 as on page 1. */
export async function listGiveawayEntries(
  db: Db,
  slug: string,
  { after, limit }: { after: number; limit: number },
): Promise<GiveawayEntryPage> {
  const giveawayId = await findGiveawayId(db, slug);
  const rows = await db
    .select({
      id: giveawayEntries.id,
      ticketNumber: giveawayEntries.ticketNumber,
      socialMediaHandle: giveawayEntries.socialMediaHandle,
      createdAt: giveawayEntries.createdAt,
      entryHash: giveawayEntries.entryHash,
      userId: giveawayEntries.userId,
      accountId: users.id,
      username: users.displayUsername,
      plainUsername: users.username,
      image: users.image,
    })
    .from(giveawayEntries)
    .leftJoin(users, eq(users.id, giveawayEntries.userId))
    .where(and(eq(giveawayEntries.giveawayId, giveawayId), gt(giveawayEntries.ticketNumber, after)))
    .orderBy(asc(giveawayEntries.ticketNumber))
    .limit(limit + 1);
  const total = await countEntries(db, giveawayId);
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      ticketNumber: r.ticketNumber,
      socialMediaHandle: r.socialMediaHandle,
      createdAt: r.createdAt.toISOString(),
      entryHash: r.entryHash,
      userId: r.userId,
      user: r.accountId
        ? { username: r.username || r.plainUsername || null, profileImageUrl: r.image ?? null }
        : null,
    })),
    total,
    nextAfter: rows.length > limit ? page[page.length - 1].ticketNumber : null,
  };
}

/** The signed-in user's ticket in a giveaway, or null: what 'You're entered! Ticket #n' shows. */
export async function getMyGiveawayEntry(db: Db, slug: string, userId: string): Promise<MyGiveawayEntry> {
  const giveawayId = await findGiveawayId(db, slug);
  const [row] = await db
    .select({
      ticketNumber: giveawayEntries.ticketNumber,
      entryHash: giveawayEntries.entryHash,
      createdAt: giveawayEntries.createdAt,
    })
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.giveawayId, giveawayId), eq(giveawayEntries.userId, userId)))
    .limit(1);
  return { userEntry: row ? { ...row, createdAt: row.createdAt.toISOString() } : null };
}

/** The entries of a giveaway in ticket order, as the canonical list commits to them. */
export async function loadCanonicalEntries(db: Db, giveawayId: number) {
  return db
    .select({
      ticketNumber: giveawayEntries.ticketNumber,
      userId: giveawayEntries.userId,
      entryHash: giveawayEntries.entryHash,
    })
    .from(giveawayEntries)
    .where(eq(giveawayEntries.giveawayId, giveawayId))
    .orderBy(asc(giveawayEntries.ticketNumber));
}

/** The whole public record of a giveaway for /verify-giveaway and scripts/verify-giveaway.ts. */
export async function getGiveawayVerification(db: Db, slug: string): Promise<GiveawayVerification> {
  const g = await getGiveaway(db, slug);
  const entries = await loadCanonicalEntries(db, g.id);
  return {
    format: VERIFICATION_FORMAT,
    giveaway: {
      slug: g.slug,
      title: g.title,
      status: g.status,
      startDate: g.startDate,
      endDate: g.endDate,
      completedAt: g.completedAt,
      maxEntries: g.maxEntries,
      winnerCount: g.winnerCount,
      serverSeedHash: g.serverSeedHash,
      serverSeed: g.serverSeed,
      clientSeedSource: g.clientSeedSource,
      clientSeed: g.clientSeed,
      entriesClosedAt: g.entriesClosedAt,
      entryListHash: g.entryListHash,
      winnerTicketNumbers: g.winnerTicketNumbers,
      winnerUserIds: g.winnerUserIds,
    },
    entries,
  };
}
