import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { computeEntryHash, drawWinningTickets, hashServerSeed } from '../../../domain/giveaway-draw';
import { isGiveawayOpen } from '../../../domain/giveaway-rules';
import {
  type GiveawayVerification,
  hashEntryList,
  VERIFICATION_FORMAT,
} from '../../../domain/giveaway-verify';
import type {
  EnterGiveawayResult,
  Giveaway,
  GiveawayEntryPage,
  MyGiveawayEntry,
} from '../../../domain/giveaways';
import type { Db } from '../../db/client';
import { giveawayEntries, giveaways, propFirms, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import { sanitizeHtml } from '../../lib/sanitize';
import { recordActivity } from '../analytics/service';
import { renderWinnerEmail } from './emails';

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

async function countEntries(db: Db, giveawayId: number): Promise<number> {
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

function selectGiveaways(db: Db) {
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

/** The entries of a giveaway in ticket order, as the canonical list commits to them. */
async function loadCanonicalEntries(db: Db, giveawayId: number) {
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

/**
 * Fixes a giveaway's entry list: stores the hash of its canonical text and the closing time. The
 * caller holds the giveaway's row lock (FOR UPDATE), so no entry can slip in between reading the
 * list and closing it; from then on the database trigger refuses any change to the entries.
 */
async function closeEntries(tx: Db, giveawayId: number, now: Date): Promise<string> {
  const entryListHash = await hashEntryList(await loadCanonicalEntries(tx, giveawayId));
  await tx.update(giveaways).set({ entriesClosedAt: now, entryListHash }).where(eq(giveaways.id, giveawayId));
  return entryListHash;
}

const lockGiveaway = async (tx: Db, where: ReturnType<typeof eq>) => {
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
  const result = await db.transaction(async (tx) => {
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
    return { id: g.id, entry: { ticketNumber, entryHash, entryCount: ticketNumber } };
  });
  changes.publish({ type: 'giveaway.updated', id: result.id });
  return result.entry;
}

/**
 * Closes every active giveaway whose end date has passed and commits its entry list. SKIP LOCKED
 * lets two processes run this at once without closing one giveaway twice or waiting on each other;
 * the update's `entries_closed_at is null` check makes a second close a no-op in any case.
 * Returns the slugs it closed.
 */
export async function closeDueGiveaways(db: Db, changes: Changes, now = new Date()): Promise<string[]> {
  const closed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: giveaways.id, slug: giveaways.slug })
      .from(giveaways)
      .where(
        and(eq(giveaways.status, 'active'), isNull(giveaways.entriesClosedAt), lte(giveaways.endDate, now)),
      )
      .orderBy(asc(giveaways.id))
      .for('update', { skipLocked: true });
    for (const g of due) await closeEntries(tx as unknown as Db, g.id, now);
    return due;
  });
  changes.publish(...closed.map((g) => ({ type: 'giveaway.updated' as const, id: g.id })));
  return closed.map((g) => g.slug);
}

export interface DrawContext {
  changes: Changes;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The draw (decision 0009 formula, decision 0022 scheme): needs the entry list closed and its
 * commitment intact, takes the public client seed, stores the winners, reveals the server seed
 * (status completed) and emails the winners after the commit. Mail failures are logged, never undo
 * the draw.
 */
export async function drawGiveaway(
  db: Db,
  input: { id: number; clientSeed: string },
  ctx: DrawContext,
  now = new Date(),
): Promise<Giveaway> {
  const clientSeed = input.clientSeed.trim();
  if (!clientSeed) throw new AppError(400, 'client_seed_required', 'clientSeed is required');
  const drawn = await db.transaction(async (tx) => {
    const g = await lockGiveaway(tx as unknown as Db, eq(giveaways.id, input.id));
    if (!g) throw notFound('Giveaway');
    if (g.status === 'completed')
      throw new AppError(409, 'already_drawn', 'This giveaway has already been drawn.');
    if (!g.entriesClosedAt || !g.entryListHash) {
      throw new AppError(409, 'entries_open', 'Entries are still open: close the giveaway before drawing.');
    }
    const entries = await loadCanonicalEntries(tx as unknown as Db, g.id);
    if ((await hashEntryList(entries)) !== g.entryListHash) {
      // The trigger makes this impossible; if it ever happens, drawing would hide it.
      throw new AppError(409, 'commitment_broken', 'The entry list no longer matches its commitment.');
    }
    const winnerTicketNumbers = await drawWinningTickets({
      serverSeed: g.serverSeed,
      clientSeed,
      ticketNumbers: entries.map((e) => e.ticketNumber),
      winnerCount: g.winnerCount,
    });
    const winnerUserIds = winnerTicketNumbers.map((t) => entries.find((e) => e.ticketNumber === t)!.userId);
    await tx
      .update(giveaways)
      .set({ status: 'completed', completedAt: now, clientSeed, winnerTicketNumbers, winnerUserIds })
      .where(eq(giveaways.id, g.id));
    return {
      id: g.id,
      slug: g.slug,
      title: g.title,
      prizeDescription: g.prizeDescription,
      winnerTicketNumbers,
      winnerUserIds,
    };
  });
  ctx.changes.publish({ type: 'giveaway.updated', id: drawn.id });
  await emailWinners(db, drawn, ctx);
  const [row] = await selectGiveaways(db).where(eq(giveaways.id, drawn.id));
  return toGiveaway(row);
}

async function emailWinners(
  db: Db,
  drawn: {
    slug: string;
    title: string;
    prizeDescription: string | null;
    winnerTicketNumbers: number[];
    winnerUserIds: string[];
  },
  { mailer, publicUrl, log }: Omit<DrawContext, 'changes'>,
): Promise<void> {
  if (drawn.winnerUserIds.length === 0) return;
  const winners = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, drawn.winnerUserIds));
  const link = new URL(`/giveaways/${encodeURIComponent(drawn.slug)}`, publicUrl).toString();
  for (const [i, userId] of drawn.winnerUserIds.entries()) {
    const winner = winners.find((w) => w.id === userId);
    if (!winner) continue; // the entrant deleted their account
    try {
      await mailer.send({
        to: winner.email,
        ...renderWinnerEmail({
          firstName: winner.firstName ?? '',
          title: drawn.title,
          prize: drawn.prizeDescription,
          ticketNumber: drawn.winnerTicketNumbers[i],
          link,
        }),
      });
    } catch (err) {
      log.error({ err, giveaway: drawn.slug, userId }, 'giveaway winner email failed');
    }
  }
}

// ---------------------------------------------------------------- admin

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

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'giveaway';

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
    slug: input.slug?.trim() || slugify(input.title),
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
    const [row] = await db.insert(giveaways).values(values).returning({ id: giveaways.id });
    changes.publish({ type: 'giveaway.created', id: row.id });
    return getGiveawayById(db, row.id);
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError(409, 'slug_taken', `The slug '${values.slug}' is already used`);
    throw err;
  }
}

async function getGiveawayById(db: Db, id: number): Promise<Giveaway> {
  const [row] = await selectGiveaways(db).where(eq(giveaways.id, id));
  if (!row) throw notFound('Giveaway');
  return toGiveaway(row);
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
  return db
    .transaction(async (tx) => {
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
      if (Object.keys(set).length > 0) await tx.update(giveaways).set(set).where(eq(giveaways.id, id));
      return id;
    })
    .then((gid) => {
      changes.publish({ type: 'giveaway.updated', id: gid });
      return getGiveawayById(db, gid);
    })
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
  await db.transaction(async (tx) => {
    const g = await lockGiveaway(tx as unknown as Db, eq(giveaways.id, id));
    if (!g) throw notFound('Giveaway');
    if (g.entriesClosedAt || g.status !== 'active') {
      throw new AppError(409, 'already_closed', 'Entries to this giveaway are already closed.');
    }
    if (g.endDate.getTime() > now.getTime()) {
      await tx.update(giveaways).set({ endDate: now }).where(eq(giveaways.id, id));
    }
    await closeEntries(tx as unknown as Db, id, now);
  });
  changes.publish({ type: 'giveaway.updated', id });
  return getGiveawayById(db, id);
}

/** Deletes a giveaway nobody has entered; one with entries is part of the public record. */
export async function deleteGiveaway(db: Db, changes: Changes, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const g = await lockGiveaway(tx as unknown as Db, eq(giveaways.id, id));
    if (!g) throw notFound('Giveaway');
    const n = await countEntries(tx as unknown as Db, id);
    if (n > 0) throw new AppError(409, 'giveaway_has_entries', 'A giveaway with entries cannot be deleted.');
    await tx.delete(giveaways).where(eq(giveaways.id, id));
  });
  changes.publish({ type: 'giveaway.deleted', id });
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
