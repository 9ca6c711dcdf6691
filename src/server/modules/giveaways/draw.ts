import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isDeletedAccountEmail } from '../../../domain/account-deletion';
import { drawWinningTickets } from '../../../domain/giveaway-draw';
import { hashEntryList } from '../../../domain/giveaway-verify';
import type { Giveaway } from '../../../domain/giveaways';
import type { Db } from '../../db/client';
import { giveaways, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import { renderWinnerEmail } from './emails';
import { lockGiveaway } from './entries';
import { loadCanonicalEntries, selectGiveaways, toGiveaway } from './service';

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
  const drawn = await ctx.changes.commit(db, async (tx) => {
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
      result: {
        id: g.id,
        slug: g.slug,
        title: g.title,
        prizeDescription: g.prizeDescription,
        winnerTicketNumbers,
        winnerUserIds,
      },
      changes: [{ type: 'giveaway.updated', id: g.id }],
    };
  });
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
    // The entrant deleted their account: its row is a tombstone without an address (decision 0070).
    if (!winner || isDeletedAccountEmail(winner.email)) continue;
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
