import type { CatalogRow } from './catalog-source';

export type StaticSort = 'price' | 'size' | 'profitSplit' | 'rating' | 'payoutDays' | 'priceDrop';

/** What an order reads of the catalog (`Catalog` in catalog.ts), by slot, as it is now. */
export interface OrderedSlots {
  rows: (CatalogRow | undefined)[];
  /** Every slot below this has held a row. */
  high: number;
  /** One entry a slot: its length is the catalog's capacity. */
  firmIds: Float64Array;
  accountIds: Float64Array;
  columns: { priceAfterCoupon: Float64Array };
  keys: Record<StaticSort, Float64Array>;
}

const capacityOf = (catalog: OrderedSlots) => catalog.firmIds.length;

/**
 * Compares two slots in `sort`'s ascending order: by key, a missing key (NaN) last, then by price
 * after coupon, then by account id, so pages never overlap or skip. Reads the arrays as they are now.
 */
function slotComparator(catalog: OrderedSlots, sort: StaticSort) {
  const keys = catalog.keys[sort];
  const price = catalog.columns.priceAfterCoupon;
  const ids = catalog.accountIds;
  return (i: number, j: number) => {
    const a = keys[i];
    const b = keys[j];
    const aMissing = Number.isNaN(a);
    if (aMissing !== Number.isNaN(b)) return aMissing ? 1 : -1;
    return (aMissing ? 0 : a - b) || price[i] - price[j] || ids[i] - ids[j];
  };
}

/** `buffer` if it holds `length` numbers, else a new one that does. */
const atLeast = (buffer: Int32Array, length: number): Int32Array =>
  buffer.length >= length ? buffer : new Int32Array(length);

/**
 * The slots of the live rows in one static order, ascending; the descending order (equal keys in
 * their ascending tie order, missing keys still last) and each slot's place in either order are made
 * when a request first asks, into arrays kept for the next time.
 */
export class SlotOrder {
  private slots: Int32Array = new Int32Array(0);
  private length = 0;
  private descending: Int32Array = new Int32Array(0);
  private descendingMade = false;
  private readonly places: Record<'asc' | 'desc', Int32Array> = {
    asc: new Int32Array(0),
    desc: new Int32Array(0),
  };
  private readonly placesMade = { asc: false, desc: false };

  constructor(
    private readonly catalog: OrderedSlots,
    private readonly sort: StaticSort,
  ) {}

  get asc(): Int32Array {
    return this.slots.subarray(0, this.length);
  }

  get desc(): Int32Array {
    if (!this.descendingMade) {
      this.descending = atLeast(this.descending, this.slots.length);
      reverseKeepingTies(this.asc, this.catalog.keys[this.sort], this.descending);
      this.descendingMade = true;
    }
    return this.descending.subarray(0, this.length);
  }

  /** Each slot's place in the order (by slot; meaningless for a free slot). */
  ranks(order: 'asc' | 'desc'): Int32Array {
    if (!this.placesMade[order]) {
      const places = atLeast(this.places[order], this.slots.length);
      const slots = this[order];
      for (let place = 0; place < slots.length; place++) places[slots[place]] = place;
      this.places[order] = places;
      this.placesMade[order] = true;
    }
    return this.places[order];
  }

  /** Sorts every live slot. */
  sortAll(): void {
    const { catalog } = this;
    const slots: number[] = [];
    for (let i = 0; i < catalog.high; i++) if (catalog.rows[i]) slots.push(i);
    slots.sort(slotComparator(catalog, this.sort));
    this.slots = atLeast(this.slots, capacityOf(catalog));
    this.slots.set(slots);
    this.length = slots.length;
    this.changed();
  }

  /** Takes `removed` (slots in the order, their rows still in place) out: binary searches, then one move. */
  remove(removed: readonly number[]): void {
    if (removed.length === 0) return;
    const gone = new Set(removed);
    const places = removed.map((slot) => this.placeOf(slot)).sort((a, b) => a - b);
    for (let j = 0; j < places.length; j++) {
      if (!gone.has(this.slots[places[j]]) || places[j] === places[j - 1])
        throw new Error(`the catalog's ${this.sort} order is out of step with its rows`);
      const to = j + 1 < places.length ? places[j + 1] : this.length;
      this.slots.copyWithin(places[j] - j, places[j] + 1, to);
    }
    this.length -= places.length;
    this.changed();
  }

  /** Puts `added` (live slots not in the order) where the order puts them: binary searches, then one move. */
  insert(added: Int32Array): void {
    if (added.length === 0) return;
    const sorted = added.slice().sort(slotComparator(this.catalog, this.sort));
    const places = Array.from(sorted, (slot) => this.placeOf(slot));
    if (this.slots.length < this.length + sorted.length) {
      const grown = new Int32Array(capacityOf(this.catalog));
      grown.set(this.asc);
      this.slots = grown;
    }
    let end = this.length;
    for (let j = sorted.length - 1; j >= 0; j--) {
      this.slots.copyWithin(places[j] + j + 1, places[j], end);
      this.slots[places[j] + j] = sorted[j];
      end = places[j];
    }
    this.length += sorted.length;
    this.changed();
  }

  /** Where `slot` is or would go: the first place whose slot does not sort before it. */
  private placeOf(slot: number): number {
    const compare = slotComparator(this.catalog, this.sort);
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.slots[middle], slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private changed(): void {
    this.descendingMade = false;
    this.placesMade.asc = false;
    this.placesMade.desc = false;
  }
}

/**
 * Writes the descending order of `asc` into `into`: equal keys keep their ascending tie order
 * (price, then id), and rows without a key (last in `asc`) stay last.
 */
function reverseKeepingTies(asc: Int32Array, keys: Float64Array, into: Int32Array): void {
  let present = asc.length;
  while (present > 0 && Number.isNaN(keys[asc[present - 1]])) present--;
  let d = 0;
  for (let end = present; end > 0; ) {
    let start = end - 1;
    while (start > 0 && keys[asc[start - 1]] === keys[asc[end - 1]]) start--;
    for (let k = start; k < end; k++) into[d++] = asc[k];
    end = start;
  }
  for (let k = present; k < asc.length; k++) into[d++] = asc[k];
}
