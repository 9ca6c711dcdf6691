import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hammingDistance64, IMAGE_HASH_NEAR_BITS } from '../../domain/payout-rules';
import { imageHash } from './image-hash';

/** A receipt-like picture: a title bar, lines of text blocks, an amount; `seed` changes its layout. */
function receiptSvg(seed: number, width = 600, height = 800): Buffer {
  const lines = Array.from({ length: 10 }, (_, i) => {
    const w = 120 + ((seed * 37 + i * 53) % 300);
    const y = 160 + i * 50;
    return `<rect x="40" y="${y}" width="${w}" height="18" fill="#333"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 800">
      <rect width="600" height="800" fill="#fff"/>
      <rect x="0" y="0" width="600" height="${90 + (seed % 5) * 15}" fill="#1d4ed8"/>
      <circle cx="${480 - (seed % 7) * 40}" cy="${650 - (seed % 3) * 120}" r="70" fill="#16a34a"/>
      ${lines}
    </svg>`,
  );
}

const png = (svg: Buffer) => sharp(svg).png().toBuffer();

describe('image hash', () => {
  it('keeps a re-encoded, resized or slightly cropped copy within the threshold', async () => {
    const original = await png(receiptSvg(3));
    const base = await imageHash(original);
    const copies = await Promise.all([
      sharp(original).jpeg({ quality: 60 }).toBuffer(),
      sharp(original).webp({ quality: 70 }).toBuffer(),
      sharp(original).resize(300).png().toBuffer(),
      sharp(original).resize(1200).jpeg({ quality: 85 }).toBuffer(),
      sharp(original).extract({ left: 6, top: 8, width: 588, height: 784 }).png().toBuffer(),
    ]);
    for (const copy of copies) {
      expect(hammingDistance64(base, await imageHash(copy))).toBeLessThanOrEqual(IMAGE_HASH_NEAR_BITS);
    }
  });

  it('puts different pictures far apart', async () => {
    const hashes = await Promise.all(
      [1, 2, 4, 8, 11].map(async (seed) => imageHash(await png(receiptSvg(seed)))),
    );
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        expect(hammingDistance64(hashes[i], hashes[j])).toBeGreaterThan(IMAGE_HASH_NEAR_BITS * 2);
      }
    }
  });

  it('is a signed 64-bit value, the same for the same bytes', async () => {
    const bytes = await png(receiptSvg(5));
    const hash = await imageHash(bytes);
    expect(hash).toBe(await imageHash(bytes));
    expect(hash).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(hash).toBeLessThan(2n ** 63n);
  });
});
