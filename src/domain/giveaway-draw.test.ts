import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeEntryHash, drawWinningTickets, hashServerSeed, sha256Hex } from './giveaway-draw';

const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('giveaway draw', () => {
  it('hashes like sha256 everywhere', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await hashServerSeed('seed-1')).toBe(nodeSha256('seed-1'));
    expect(await computeEntryHash('h', 7, 'user-1')).toBe(nodeSha256('h:7:user-1'));
  });

  it('follows the documented formula', async () => {
    const tickets = [5, 1, 4, 2, 3];
    const pool = [1, 2, 3, 4, 5];
    const expected: number[] = [];
    for (let round = 0; round < 2; round++) {
      const h = nodeSha256(`server:client:${round}`);
      const index = Number(BigInt(`0x${h}`) % BigInt(pool.length));
      expected.push(pool.splice(index, 1)[0]);
    }
    const winners = await drawWinningTickets({
      serverSeed: 'server',
      clientSeed: 'client',
      ticketNumbers: tickets,
      winnerCount: 2,
    });
    expect(winners).toEqual(expected);
  });

  it('is deterministic, draws distinct tickets, and depends on both seeds', async () => {
    const ticketNumbers = Array.from({ length: 50 }, (_, i) => i + 1);
    const input = { serverSeed: 'a', clientSeed: 'b', ticketNumbers, winnerCount: 5 };
    const first = await drawWinningTickets(input);
    expect(await drawWinningTickets(input)).toEqual(first);
    expect(new Set(first).size).toBe(5);
    for (const t of first) expect(ticketNumbers).toContain(t);
    const otherServer = await drawWinningTickets({ ...input, serverSeed: 'c' });
    const otherClient = await drawWinningTickets({ ...input, clientSeed: 'd' });
    expect(otherServer).not.toEqual(first);
    expect(otherClient).not.toEqual(first);
  });

  it('never draws more winners than tickets and treats a missing client seed as empty', async () => {
    expect(
      await drawWinningTickets({ serverSeed: 's', clientSeed: null, ticketNumbers: [9, 3], winnerCount: 5 }),
    ).toHaveLength(2);
    expect(
      await drawWinningTickets({ serverSeed: 's', clientSeed: null, ticketNumbers: [], winnerCount: 1 }),
    ).toEqual([]);
    expect(
      await drawWinningTickets({
        serverSeed: 's',
        clientSeed: null,
        ticketNumbers: [1, 2, 3],
        winnerCount: 1,
      }),
    ).toEqual(
      await drawWinningTickets({ serverSeed: 's', clientSeed: '', ticketNumbers: [3, 2, 1], winnerCount: 1 }),
    );
  });
});
