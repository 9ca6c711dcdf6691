import { describe, expect, it } from 'vitest';
import { computeEntryHash } from './giveaway-draw';
import {
  canonicalEntryList,
  type GiveawayVerification,
  hashEntryList,
  VERIFICATION_FORMAT,
  verifyGiveaway,
} from './giveaway-verify';

// Fixed vectors, computed once with Python's hashlib (an implementation independent of ours):
// seed 'fixed-server-seed', entrants user-a, user-b, user-c, client seed 'block-42', 2 winners.
const SEED = 'fixed-server-seed';
const SEED_HASH = '586fa086237a81b3192680fd2353b76ee8a43a03dd395fb33c83799208af5b8f';
const ENTRIES = [
  {
    ticketNumber: 1,
    userId: 'user-a',
    entryHash: '51b43bbfc17546d635def8561fb7154f3af016ec141a166ff8dc600087c5ff8c',
  },
  {
    ticketNumber: 2,
    userId: 'user-b',
    entryHash: 'ee814f44bed9da2b67ce1d6f494b15ed855151e5068bd6868801db76d2e3667c',
  },
  {
    ticketNumber: 3,
    userId: 'user-c',
    entryHash: 'cafd6c039e4d72478418a992b406a847bd0d65e31ec4d9debd85d34a4f5c0f22',
  },
];
const LIST_HASH = '18b5b170d1fc55b833d81401b78199474fb60e0b41d31b89d5b71069d1776be5';

const record = (): GiveawayVerification => ({
  format: VERIFICATION_FORMAT,
  giveaway: {
    slug: 'vector',
    title: 'Vector',
    status: 'completed',
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2026-01-08T00:00:00.000Z',
    completedAt: '2026-01-09T00:00:00.000Z',
    maxEntries: 3,
    winnerCount: 2,
    serverSeedHash: SEED_HASH,
    serverSeed: SEED,
    clientSeedSource: 'block 42',
    clientSeed: 'block-42',
    entriesClosedAt: '2026-01-08T00:00:00.000Z',
    entryListHash: LIST_HASH,
    winnerTicketNumbers: [1, 2],
    winnerUserIds: ['user-a', 'user-b'],
  },
  entries: structuredClone(ENTRIES),
});

describe('canonical entry list', () => {
  it('is one `ticket:userId:entryHash` line per entry, in ticket order, each ending in a line feed', () => {
    expect(canonicalEntryList([ENTRIES[2], ENTRIES[0], ENTRIES[1]])).toBe(
      `1:user-a:${ENTRIES[0].entryHash}\n2:user-b:${ENTRIES[1].entryHash}\n3:user-c:${ENTRIES[2].entryHash}\n`,
    );
    expect(canonicalEntryList([])).toBe('');
  });

  it('hashes to the fixed vectors', async () => {
    expect(await hashEntryList(ENTRIES)).toBe(LIST_HASH);
    expect(await hashEntryList([...ENTRIES].reverse())).toBe(LIST_HASH);
    expect(await hashEntryList([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('verifyGiveaway', () => {
  it('passes every check on the fixed record', async () => {
    const report = await verifyGiveaway(record());
    expect(report.checks.map((c) => [c.id, c.ok])).toEqual([
      ['server-seed', true],
      ['entry-list', true],
      ['entry-hashes', true],
      ['tickets', true],
      ['winners', true],
    ]);
    expect(report.ok).toBe(true);
  });

  it('names the broken commitment when one thing changes', async () => {
    const failing = async (change: (r: GiveawayVerification) => void) => {
      const r = record();
      change(r);
      const report = await verifyGiveaway(r);
      expect(report.ok).toBe(false);
      return report.checks.filter((c) => !c.ok).map((c) => c.id);
    };
    expect(await failing((r) => (r.giveaway.serverSeed = 'other-seed'))).toEqual(['server-seed', 'winners']);
    expect(await failing((r) => (r.entries[1].userId = 'user-x'))).toEqual([
      'entry-list',
      'entry-hashes',
      'winners',
    ]);
    // Ticket 3 never won, so dropping it leaves the winners as they were: only the commitment catches it.
    expect(await failing((r) => r.entries.pop())).toEqual(['entry-list']);
    expect(await failing((r) => (r.giveaway.clientSeed = 'block-43'))).toContain('winners');
    expect(await failing((r) => (r.giveaway.winnerTicketNumbers = [2, 1]))).toEqual(['winners']);
    expect(await failing((r) => (r.entries[2].ticketNumber = 4))).toContain('tickets');
    expect(await failing((r) => (r.giveaway.maxEntries = 2))).toEqual(['tickets']);
  });

  it('reports an unfinished giveaway as not yet verifiable, without a seed', async () => {
    const r = record();
    r.giveaway.status = 'active';
    r.giveaway.serverSeed = null;
    r.giveaway.entryListHash = null;
    const report = await verifyGiveaway(r);
    expect(report.checks.map((c) => [c.id, c.ok])).toEqual([
      ['server-seed', false],
      ['entry-list', false],
      ['entry-hashes', true],
      ['tickets', true],
      ['winners', false],
    ]);
  });

  it('tells its progress through the entry hashes, batch by batch, and still finds a wrong one late in the list', async () => {
    const r = record();
    r.entries = await Promise.all(
      Array.from({ length: 2500 }, async (_, i) => ({
        ticketNumber: i + 1,
        userId: `user-${i + 1}`,
        entryHash: await computeEntryHash(SEED_HASH, i + 1, `user-${i + 1}`),
      })),
    );
    r.entries[2200].entryHash = r.entries[2199].entryHash;
    r.giveaway.maxEntries = null;
    const seen: string[] = [];
    const report = await verifyGiveaway(r, ({ done, total }) => seen.push(`${done}/${total}`));
    expect(seen).toEqual(['0/2500', '1000/2500', '2000/2500', '2500/2500']);
    const hashes = report.checks.find((c) => c.id === 'entry-hashes');
    expect(hashes?.ok).toBe(false);
    expect(hashes?.detail).toBe('1 entry hash(es) differ, tickets 2201');
    expect(report.checks.find((c) => c.id === 'tickets')?.ok).toBe(true);
  });
});
