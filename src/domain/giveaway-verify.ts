// Checking a giveaway from its published data alone (decision 0022). Pure and Web Crypto only:
// the browser's /verify-giveaway, scripts/verify-giveaway.ts and the server's own tests run this
// same code.
import { z } from 'zod';
import { computeEntryHash, drawWinningTickets, hashServerSeed, sha256Hex } from './giveaway-draw';

export const VERIFICATION_FORMAT = 'prop-firm-club/giveaway-verification/v1';

export interface CanonicalEntry {
  ticketNumber: number;
  userId: string;
  entryHash: string;
}

/**
 * The canonical entry-list text: one line per entry, in ascending ticket order,
 * `<ticketNumber>:<userId>:<entryHash>` followed by a line feed (\n), UTF-8, nothing else (no
 * header, no trailing blank line; an empty list is the empty string). Ticket numbers in decimal
 * without leading zeros, hashes in lowercase hex.
 */
export function canonicalEntryList(entries: readonly CanonicalEntry[]): string {
  return [...entries]
    .sort((a, b) => a.ticketNumber - b.ticketNumber)
    .map((e) => `${e.ticketNumber}:${e.userId}:${e.entryHash}\n`)
    .join('');
}

/** The commitment published when entries close: SHA-256 hex of the canonical entry-list text. */
export function hashEntryList(entries: readonly CanonicalEntry[]): Promise<string> {
  return sha256Hex(canonicalEntryList(entries));
}

/** The downloadable record of a giveaway: everything a sceptic needs, nothing secret before the end. */
export const GiveawayVerificationSchema = z.object({
  format: z.literal(VERIFICATION_FORMAT),
  giveaway: z.object({
    slug: z.string(),
    title: z.string(),
    status: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    completedAt: z.string().nullable(),
    maxEntries: z.number().int().nullable(),
    winnerCount: z.number().int(),
    serverSeedHash: z.string(),
    serverSeed: z.string().nullable(),
    clientSeedSource: z.string().nullable(),
    clientSeed: z.string().nullable(),
    entriesClosedAt: z.string().nullable(),
    entryListHash: z.string().nullable(),
    winnerTicketNumbers: z.array(z.number().int()),
    winnerUserIds: z.array(z.string()),
  }),
  entries: z.array(z.object({ ticketNumber: z.number().int(), userId: z.string(), entryHash: z.string() })),
});
export type GiveawayVerification = z.infer<typeof GiveawayVerificationSchema>;

export type CheckId = 'server-seed' | 'entry-list' | 'entry-hashes' | 'tickets' | 'winners';

export interface VerificationCheck {
  id: CheckId;
  label: string;
  ok: boolean;
  detail: string;
}

export interface VerificationReport {
  /** True only when every check passed. */
  ok: boolean;
  checks: VerificationCheck[];
}

const short = (h: string | null | undefined) => (h ? `${h.slice(0, 16)}…` : 'none');

/** How far a check has got: entry hashes recomputed out of the entries, reported between batches. */
export interface VerificationProgress {
  done: number;
  total: number;
}

/** Entry hashes computed at once: Web Crypto works on them in parallel, and progress is told per batch. */
const HASH_BATCH = 1000;

/**
 * Repeats every computation of the draw from the published record. Each check is independent, so
 * a changed entry shows which commitment it breaks. `onProgress` hears how many entry hashes are
 * checked (the part that grows with the entries), after each batch.
 */
export async function verifyGiveaway(
  doc: GiveawayVerification,
  onProgress?: (progress: VerificationProgress) => void,
): Promise<VerificationReport> {
  const g = doc.giveaway;
  const entries = [...doc.entries].sort((a, b) => a.ticketNumber - b.ticketNumber);
  const checks: VerificationCheck[] = [];

  if (g.serverSeed === null) {
    checks.push({
      id: 'server-seed',
      label: 'Server seed matches the hash published at creation',
      ok: false,
      detail: 'The server seed is revealed only when the giveaway is completed.',
    });
  } else {
    const computed = await hashServerSeed(g.serverSeed);
    checks.push({
      id: 'server-seed',
      label: 'Server seed matches the hash published at creation',
      ok: computed === g.serverSeedHash,
      detail: `SHA-256(server seed) = ${short(computed)}; published ${short(g.serverSeedHash)}`,
    });
  }

  const listHash = await hashEntryList(entries);
  checks.push({
    id: 'entry-list',
    label: 'Entry list matches the commitment made when entries closed',
    ok: g.entryListHash !== null && listHash === g.entryListHash,
    detail:
      g.entryListHash === null
        ? 'The entry list has not been closed yet, so there is no commitment to compare.'
        : `SHA-256(entry list) = ${short(listHash)}; published ${short(g.entryListHash)}`,
  });

  const badEntries: number[] = [];
  onProgress?.({ done: 0, total: entries.length });
  for (let start = 0; start < entries.length; start += HASH_BATCH) {
    const batch = entries.slice(start, start + HASH_BATCH);
    const hashes = await Promise.all(
      batch.map((e) => computeEntryHash(g.serverSeedHash, e.ticketNumber, e.userId)),
    );
    batch.forEach((e, i) => {
      if (hashes[i] !== e.entryHash) badEntries.push(e.ticketNumber);
    });
    onProgress?.({ done: start + batch.length, total: entries.length });
  }
  checks.push({
    id: 'entry-hashes',
    label: 'Every entry hash binds its ticket and entrant to the server seed hash',
    ok: badEntries.length === 0,
    detail:
      badEntries.length === 0
        ? `${entries.length} of ${entries.length} entry hashes recomputed and equal`
        : `${badEntries.length} entry hash(es) differ, tickets ${badEntries.slice(0, 10).join(', ')}`,
  });

  const dense = entries.every((e, i) => e.ticketNumber === i + 1);
  const withinMax = g.maxEntries === null || entries.length <= g.maxEntries;
  checks.push({
    id: 'tickets',
    label: 'Tickets run 1 to n without gaps or duplicates',
    ok: dense && withinMax,
    detail: !dense
      ? 'Ticket numbers are not exactly 1, 2, …, n'
      : !withinMax
        ? `${entries.length} entries exceed the maximum of ${g.maxEntries}`
        : `${entries.length} tickets, 1 to ${entries.length}`,
  });

  if (g.serverSeed === null || g.status !== 'completed') {
    checks.push({
      id: 'winners',
      label: 'Winners follow from the seeds and the entry list',
      ok: false,
      detail: 'No draw yet: the giveaway is not completed.',
    });
  } else {
    const drawn = await drawWinningTickets({
      serverSeed: g.serverSeed,
      clientSeed: g.clientSeed,
      ticketNumbers: entries.map((e) => e.ticketNumber),
      winnerCount: g.winnerCount,
    });
    const users = drawn.map((t) => entries.find((e) => e.ticketNumber === t)?.userId ?? '');
    const same = (a: readonly unknown[], b: readonly unknown[]) =>
      a.length === b.length && a.every((v, i) => v === b[i]);
    const ok = same(drawn, g.winnerTicketNumbers) && same(users, g.winnerUserIds);
    checks.push({
      id: 'winners',
      label: 'Winners follow from the seeds and the entry list',
      ok,
      detail: `Recomputed winning tickets: ${drawn.join(', ') || 'none'}; published: ${
        g.winnerTicketNumbers.join(', ') || 'none'
      }`,
    });
  }

  return { ok: checks.every((c) => c.ok), checks };
}
