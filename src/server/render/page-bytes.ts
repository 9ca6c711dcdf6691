/**
 * Page bytes handed from the render threads to the server thread through memory they share, so a
 * page made for one visitor costs the server thread no buffer of its own (decision 0037). A body
 * copied in a message becomes a new ArrayBuffer on the server thread, which, under load, the
 * garbage collector reclaimed only in full collections of the server thread's heap, every few
 * seconds. Here the render thread claims a free slot, copies the body in and sends the slot's
 * number; the server thread sends a view of the slot and frees it when the response is done.
 * A body too large for a slot, or a moment with every slot in use, goes in the message as before.
 */

/** Slots and their size: bodies in flight at once (each until its visitor has read it), and the largest. */
const SLOTS = 64;
const SLOT_BYTES = 256 * 1024;

export interface PageBytes {
  /** One Int32 per slot (0 free, 1 in use), then the slots. */
  memory: SharedArrayBuffer;
}

/** Where a render thread put a body. */
export interface PageBytesSlot {
  slot: number;
  length: number;
}

const STATES_BYTES = SLOTS * Int32Array.BYTES_PER_ELEMENT;

/** The slots' state words. */
const statesOf = (pageBytes: PageBytes) => new Int32Array(pageBytes.memory, 0, SLOTS);

export function createPageBytes(): PageBytes {
  return { memory: new SharedArrayBuffer(STATES_BYTES + SLOTS * SLOT_BYTES) };
}

/** Render thread: copies `bytes` into a free slot, or answers null (too large, or none free). */
export function writePageBytes(pageBytes: PageBytes, bytes: Uint8Array): PageBytesSlot | null {
  if (bytes.length > SLOT_BYTES) return null;
  const states = statesOf(pageBytes);
  // Threads start their search at different slots, so they seldom race for the same one.
  const start = Math.floor(Math.random() * SLOTS);
  for (let k = 0; k < SLOTS; k++) {
    const slot = (start + k) % SLOTS;
    if (Atomics.compareExchange(states, slot, 0, 1) !== 0) continue;
    new Uint8Array(pageBytes.memory, STATES_BYTES + slot * SLOT_BYTES, bytes.length).set(bytes);
    return { slot, length: bytes.length };
  }
  return null;
}

/**
 * Server thread: the body in `slot`, as a Buffer to send, and `release`, to call once nothing
 * reads it any more (the response is done); the slot is then another body's. Calling it twice
 * does nothing.
 */
export function readPageBytes(pageBytes: PageBytes, { slot, length }: PageBytesSlot) {
  const body = Buffer.from(pageBytes.memory, STATES_BYTES + slot * SLOT_BYTES, length);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    Atomics.store(statesOf(pageBytes), slot, 0);
  };
  return { body, release };
}

/** Slots in use: for tests, and a response that never freed its slot shows here. */
export function pageBytesInUse(pageBytes: PageBytes): number {
  const states = statesOf(pageBytes);
  let used = 0;
  for (let slot = 0; slot < SLOTS; slot++) used += Atomics.load(states, slot);
  return used;
}
