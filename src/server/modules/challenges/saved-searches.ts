import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { ChallengeQuery } from '../../../domain/challenge-rules';
import { SAVED_SEARCH_LIMIT, type SearchFilters } from '../../../domain/price-alerts';
import type { SavedSearch, SavedSearchInput } from '../../../domain/saved-searches';
import type { Db } from '../../db/client';
import { optionAlertChanges, savedSearches, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { CatalogStore } from './catalog';
import type { Catalog } from './catalog-shape';
import { ChallengeQuerySchema } from './schemas';
import { listChallenges } from './service';

/**
 * Saved /challenges views. A search is the finder page's query string, validated as
 * GET /api/challenges validates its parameters: the page's `pass` (in %) and `months` are the API's
 * `passRate` and `monthsPerAttempt`; `page` is dropped (a saved view opens at its first page).
 */

const PAGE_ONLY = new Set(['page']);
const API_ONLY = new Set(['passRate', 'monthsPerAttempt', 'pageSize']);

const invalidQuery = (message: string) => new AppError(400, 'invalid_query', `query: ${message}`);

/** The page's query string checked and as stored (without `page` or a leading ?), and what it asks. */
export function parseSavedQuery(text: string): { query: string; parsed: ChallengeQuery } {
  const params = new URLSearchParams(text.trim().replace(/^\?/, ''));
  const kept = new URLSearchParams();
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (PAGE_ONLY.has(key)) continue;
    if (API_ONLY.has(key)) throw invalidQuery(`Unknown parameter: ${key}`);
    const values = params.getAll(key);
    for (const value of values) kept.append(key, value);
    if (key === 'pass') {
      const pass = Number(values[0]);
      if (values.length > 1 || !values[0]?.trim() || !(pass >= 1 && pass <= 100))
        throw invalidQuery('pass must be a number from 1 to 100');
      raw.passRate = String(pass / 100);
    } else raw[key === 'months' ? 'monthsPerAttempt' : key] = values.length === 1 ? values[0] : values;
  }
  const result = ChallengeQuerySchema.safeParse(raw);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? 'not a finder query';
    throw invalidQuery(message.replace(/^monthsPerAttempt/, 'months'));
  }
  return { query: kept.toString(), parsed: result.data };
}

/** Parsed filters by query string: matching reads thousands of searches on every change. */
const filtersByQuery = new Map<string, SearchFilters | null>();
const FILTERS_KEPT = 20_000;

/** A stored search's filters, or null when it no longer validates (then it matches nothing). */
export function filtersOf(query: string): SearchFilters | null {
  let filters = filtersByQuery.get(query);
  if (filters === undefined) {
    try {
      filters = parseSavedQuery(query).parsed;
    } catch {
      filters = null;
    }
    if (filtersByQuery.size >= FILTERS_KEPT) filtersByQuery.clear();
    filtersByQuery.set(query, filters);
  }
  return filters;
}

type Row = typeof savedSearches.$inferSelect;

/** What a search finds now: how many options, and the lowest true cost at its pass rate and months. */
function summaryOf(catalog: Catalog, row: Row): SavedSearch {
  let matching = 0;
  let lowestTrueCost: number | null = null;
  try {
    const { parsed } = parseSavedQuery(row.query);
    const page = listChallenges(catalog, { ...parsed, sort: 'trueCost', order: 'asc', page: 1, pageSize: 1 });
    matching = page.total;
    lowestTrueCost = page.options[0]?.trueCost ?? null;
  } catch {
    // A search saved before a filter changed meaning matches nothing rather than failing the list.
  }
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    alerts: row.alerts,
    matching,
    lowestTrueCost,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSavedSearches(db: Db, store: CatalogStore, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return store.read((catalog) => rows.map((row) => summaryOf(catalog, row)));
}

/**
 * Saves a search, at most SAVED_SEARCH_LIMIT a trader: the trader's row is locked while counting,
 * so saves at once cannot pass the limit together.
 */
export async function createSavedSearch(
  db: Db,
  store: CatalogStore,
  userId: string,
  input: SavedSearchInput,
): Promise<SavedSearch> {
  const { query } = parseSavedQuery(input.query);
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if (n >= SAVED_SEARCH_LIMIT)
      throw new AppError(
        409,
        'limit_reached',
        `You can save up to ${SAVED_SEARCH_LIMIT} searches. Delete one to save another.`,
      );
    const [inserted] = await tx
      .insert(savedSearches)
      .values({ userId, name: input.name, query, unsubscribeToken: randomBytes(24).toString('base64url') })
      .returning();
    return inserted;
  });
  return store.read((catalog) => summaryOf(catalog, row));
}

/** Renames a search or changes its query (then the changes waiting for its next email no longer apply). */
export async function updateSavedSearch(
  db: Db,
  store: CatalogStore,
  userId: string,
  id: number,
  input: SavedSearchInput,
): Promise<SavedSearch> {
  const { query } = parseSavedQuery(input.query);
  const row = await db.transaction(async (tx) => {
    const mine = and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));
    const [before] = await tx
      .select({ query: savedSearches.query })
      .from(savedSearches)
      .where(mine)
      .for('update');
    if (!before) throw notFound('Saved search');
    // The changes recorded so far were matched against the old query: the search passes them by.
    const [recorded] =
      before.query === query
        ? []
        : await tx.select({ last: max(optionAlertChanges.id) }).from(optionAlertChanges);
    const [updated] = await tx
      .update(savedSearches)
      .set({
        name: input.name,
        query,
        updatedAt: new Date(),
        ...(recorded?.last != null && { alertedThrough: recorded.last }),
      })
      .where(mine)
      .returning();
    return updated;
  });
  return store.read((catalog) => summaryOf(catalog, row));
}

export async function deleteSavedSearch(db: Db, userId: string, id: number): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound('Saved search');
}

/** The one-click unsubscribe of a search's alert emails; the search's name, or null for a bad token. */
export async function unsubscribeSavedSearch(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .update(savedSearches)
    .set({ alerts: false })
    .where(eq(savedSearches.unsubscribeToken, token))
    .returning({ name: savedSearches.name });
  return row?.name ?? null;
}
