import { describe, expect, it } from 'vitest';
import {
  createPageBytes,
  type PageBytesSlot,
  pageBytesInUse,
  readPageBytes,
  writePageBytes,
} from './page-bytes';

const bytesOf = (text: string) => Buffer.from(text);

describe('page bytes shared with the render threads', () => {
  it('hands a body over through a slot, and frees the slot once, when released', () => {
    const pageBytes = createPageBytes();
    const slot = writePageBytes(pageBytes, bytesOf('<!doctype html><p>one</p>'));
    expect(slot).not.toBeNull();
    if (!slot) return;
    const { body, release } = readPageBytes(pageBytes, slot);
    expect(body.toString()).toBe('<!doctype html><p>one</p>');
    expect(pageBytesInUse(pageBytes)).toBe(1);
    release();
    release();
    expect(pageBytesInUse(pageBytes)).toBe(0);
  });

  it('never gives a slot in use to another body, and says no when all are taken', () => {
    const pageBytes = createPageBytes();
    const taken: PageBytesSlot[] = [];
    for (;;) {
      const slot = writePageBytes(pageBytes, bytesOf(`page ${taken.length}`));
      if (!slot) break;
      taken.push(slot);
    }
    expect(taken.length).toBeGreaterThan(8);
    expect(new Set(taken.map((s) => s.slot)).size).toBe(taken.length);
    expect(taken.map((slot) => readPageBytes(pageBytes, slot).body.toString())).toEqual(
      taken.map((_, i) => `page ${i}`),
    );
    // One freed slot is the next body's.
    readPageBytes(pageBytes, taken[3]).release();
    expect(writePageBytes(pageBytes, bytesOf('again'))?.slot).toBe(taken[3].slot);
  });

  it('leaves a body larger than a slot to the message', () => {
    const pageBytes = createPageBytes();
    expect(writePageBytes(pageBytes, Buffer.alloc(4 * 1024 * 1024))).toBeNull();
    expect(pageBytesInUse(pageBytes)).toBe(0);
  });
});
