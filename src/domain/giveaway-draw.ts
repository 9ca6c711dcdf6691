// Provably fair giveaway maths, shared by the server (drawing) and the browser (verifying).
// Only Web Crypto is used so the same code runs in Node and in the page.

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The published commitment: the server seed's hash is shown before anyone can enter. */
export function hashServerSeed(serverSeed: string): Promise<string> {
  return sha256Hex(serverSeed);
}

/**
 * An entry's receipt: sha256 hex of `${serverSeedHash}:${ticketNumber}:${userId}`. It binds the
 * ticket to the commitment that was public when the entry was made.
 */
export function computeEntryHash(
  serverSeedHash: string,
  ticketNumber: number,
  userId: string,
): Promise<string> {
  return sha256Hex(`${serverSeedHash}:${ticketNumber}:${userId}`);
}

export interface DrawInput {
  serverSeed: string;
  /** Public randomness fixed after entries close; an empty string when there is none. */
  clientSeed: string | null;
  ticketNumbers: readonly number[];
  winnerCount: number;
}

/**
 * Winning ticket numbers, in the order drawn.
 *
 * Formula: sort the ticket numbers ascending into a pool. For round r = 0, 1, ... while fewer
 * than winnerCount winners are drawn and the pool is not empty:
 *   h = sha256hex(`${serverSeed}:${clientSeed ?? ''}:${r}`)
 *   index = BigInt('0x' + h) mod poolSize
 *   the ticket at pool[index] wins and leaves the pool.
 * The 256-bit value makes the modulo bias negligible. Anyone holding the revealed server seed,
 * the client seed and the entry list can repeat the draw and get the same winners.
 */
export async function drawWinningTickets(input: DrawInput): Promise<number[]> {
  const pool = [...input.ticketNumbers].sort((a, b) => a - b);
  const winners: number[] = [];
  for (let round = 0; winners.length < input.winnerCount && pool.length > 0; round++) {
    const h = await sha256Hex(`${input.serverSeed}:${input.clientSeed ?? ''}:${round}`);
    const index = Number(BigInt(`0x${h}`) % BigInt(pool.length));
    winners.push(pool.splice(index, 1)[0]);
  }
  return winners;
}
