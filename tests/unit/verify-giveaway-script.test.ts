import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { computeEntryHash, drawWinningTickets, hashServerSeed } from '../../src/domain/giveaway-draw';
import {
  type GiveawayVerification,
  hashEntryList,
  VERIFICATION_FORMAT,
} from '../../src/domain/giveaway-verify';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'pfc-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function record(): Promise<GiveawayVerification> {
  const serverSeed = 'script-seed';
  const serverSeedHash = await hashServerSeed(serverSeed);
  const entries = await Promise.all(
    ['u1', 'u2', 'u3', 'u4'].map(async (userId, i) => ({
      ticketNumber: i + 1,
      userId,
      entryHash: await computeEntryHash(serverSeedHash, i + 1, userId),
    })),
  );
  const winners = await drawWinningTickets({
    serverSeed,
    clientSeed: 'c',
    ticketNumbers: [1, 2, 3, 4],
    winnerCount: 1,
  });
  return {
    format: VERIFICATION_FORMAT,
    giveaway: {
      slug: 's',
      title: 'Script',
      status: 'completed',
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-01-02T00:00:00.000Z',
      completedAt: '2026-01-03T00:00:00.000Z',
      maxEntries: null,
      winnerCount: 1,
      serverSeedHash,
      serverSeed,
      clientSeedSource: 'test',
      clientSeed: 'c',
      entriesClosedAt: '2026-01-02T00:00:00.000Z',
      entryListHash: await hashEntryList(entries),
      winnerTicketNumbers: winners,
      winnerUserIds: winners.map((t) => entries[t - 1].userId),
    },
    entries,
  };
}

const verify = async (doc: unknown) => {
  const file = path.join(dir, `${Math.random()}.json`);
  writeFileSync(file, JSON.stringify(doc));
  try {
    const { stdout } = await run('npx', ['tsx', 'scripts/verify-giveaway.ts', file]);
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
};

describe('scripts/verify-giveaway.ts', () => {
  it('passes a sound record and fails it after one entry changes', async () => {
    const doc = await record();
    const good = await verify(doc);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('VERIFIED: every check passed.');
    doc.entries[1].userId = 'someone-else';
    const bad = await verify(doc);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('FAIL  Entry list matches the commitment');
    expect((await verify({ hello: 1 })).code).toBe(2);
  }, 60_000);
});
