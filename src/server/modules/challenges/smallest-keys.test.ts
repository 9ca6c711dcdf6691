import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smallestKeys } from './service';

describe('smallestKeys', () => {
  it('gives the same first keys as sorting them all, for any keys and count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: -1e9, max: 1e9 }), { maxLength: 400 }),
        fc.nat({ max: 420 }),
        (values, wanted) => {
          const count = Math.min(Math.max(wanted, 1), values.length);
          const sorted = Float64Array.from(values).sort().subarray(0, count);
          expect(Array.from(smallestKeys(Float64Array.from(values), count))).toEqual(Array.from(sorted));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps a page at the start of tens of thousands of keys, in order', () => {
    const keys = Float64Array.from({ length: 50_000 }, (_, i) => ((i * 7919) % 50_000) + 0.5);
    expect(Array.from(smallestKeys(keys, 20))).toEqual(Array.from({ length: 20 }, (_, i) => i + 0.5));
  });
});
