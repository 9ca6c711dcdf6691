/**
 * Read models kept per listed firm (firm pages, reviews, payout reports): each firm's entry by slug
 * and by id. A change of a few firms replaces those firms' entries in place, where building them
 * again read every entry (decision 0055) and copying the maps cost milliseconds a save (decision 0063).
 */
export interface FirmIndex<T> {
  bySlug: Map<string, T>;
  byId: Map<number, T>;
}

/** Which firm an entry belongs to. */
export type FirmKey<T> = (entry: T) => { id: number; slug: string };

export function indexFirms<T>(entries: Iterable<T>, keyOf: FirmKey<T>): FirmIndex<T> {
  const bySlug = new Map<string, T>();
  const byId = new Map<number, T>();
  for (const entry of entries) {
    const { id, slug } = keyOf(entry);
    bySlug.set(slug, entry);
    byId.set(id, entry);
  }
  return { bySlug, byId };
}

/** Replaces in `index` the entries of the firms `ids` by `fresh` (a firm not in it drops out). */
export function patchFirmIndex<T>(
  index: FirmIndex<T>,
  ids: readonly number[],
  fresh: Iterable<T>,
  keyOf: FirmKey<T>,
): FirmIndex<T> {
  const { bySlug, byId } = index;
  for (const id of ids) {
    const old = byId.get(id);
    if (old === undefined) continue;
    byId.delete(id);
    bySlug.delete(keyOf(old).slug);
  }
  for (const entry of fresh) {
    const { id, slug } = keyOf(entry);
    bySlug.set(slug, entry);
    byId.set(id, entry);
  }
  return index;
}

/** A firm's entry by slug, or by id when the value is all digits (slugs never are). */
export const firmEntryOf = <T>(index: FirmIndex<T>, slugOrId: string): T | undefined =>
  /^\d{1,9}$/.test(slugOrId) ? index.byId.get(Number(slugOrId)) : index.bySlug.get(slugOrId);
