/**
 * The /compare address (?firms=a,b,c). Its own module because the route table in the app's entry
 * chunk needs it to prefetch, and display.ts (with firm-rules) belongs in the pages' chunks.
 */

export const MAX_COMPARED_FIRMS = 4;

/** ?firms=a,b,c: distinct, non-empty slugs (lower case, as every slug is), at most four. */
export function parseCompareSlugs(value: string | null): string[] {
  const slugs = (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && s.length <= 200);
  return [...new Set(slugs)].slice(0, MAX_COMPARED_FIRMS);
}
