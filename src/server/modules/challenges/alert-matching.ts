import { eq, inArray, sql } from 'drizzle-orm';
import { detectSearchChange, type OptionFacts, type SearchFilters } from '../../../domain/price-alerts';
import type { Db, Tx } from '../../db/client';
import { optionAlertChanges, optionAlertStates, savedSearches } from '../../db/schema';
import { MATCH_LOCK, optionFactsOf, sameFacts, writeStates } from './alert-states';
import { type CatalogStore, catalogRows } from './catalog';
import { filtersOf } from './saved-searches';

/**
 * Saved-search alert matching (decision 0054): compares the catalog with what the last run saw of
 * each option (alert-states.ts) and records, for every saved search, the options that newly match
 * it or got cheaper; alert-sending.ts mails them. Safe with several processes at once: matching
 * runs under one advisory lock and moves the states it compared in the same transaction.
 */

/** Lets waiting requests run between chunks of matching: on PGlite it shares the server thread. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
/** How many searches' filters are compared with the changed options between two pauses. */
const SEARCHES_A_CHUNK = 500;
const ROWS_A_CHUNK = 5000;

interface StateDiff {
  before: Map<number, OptionFacts>;
  changed: Map<number, OptionFacts>;
  gone: number[];
}

/** The scope's options whose facts differ from their states (or have none), and the states left without an option. */
async function diffStates(
  db: Tx,
  current: Map<number, OptionFacts>,
  scope: Set<number> | null,
): Promise<StateDiff> {
  const stateRows = await db
    .select({ accountId: optionAlertStates.accountId, facts: optionAlertStates.facts })
    .from(optionAlertStates)
    .where(scope ? inArray(optionAlertStates.propFirmId, [...scope]) : undefined);
  const before = new Map(stateRows.map((r) => [r.accountId, r.facts]));
  const changed = new Map<number, OptionFacts>();
  let seen = 0;
  for (const [id, facts] of current) {
    const old = before.get(id);
    if (!old || !sameFacts(old, facts)) changed.set(id, facts);
    if (++seen % ROWS_A_CHUNK === 0) await pause();
  }
  const gone = [...before.keys()].filter((id) => !current.has(id)).sort((a, b) => a - b);
  return { before, changed, gone };
}

/** Whether two diffs found the same changes from the same states. */
function sameDiff(a: StateDiff, b: StateDiff): boolean {
  if (a.changed.size !== b.changed.size || a.gone.join() !== b.gone.join()) return false;
  for (const [id, facts] of a.changed) {
    const other = b.changed.get(id);
    const was = a.before.get(id);
    const otherWas = b.before.get(id);
    if (!other || !sameFacts(facts, other)) return false;
    if (was === undefined ? otherWas !== undefined : otherWas === undefined || !sameFacts(was, otherWas))
      return false;
  }
  return true;
}

/** What a matching run writes of one changed option: the searches it is new for or cheaper for. */
interface OptionChange {
  accountId: number;
  oldPrice: number | null;
  newPrice: number;
  newFor: number[];
  cheaperFor: number[];
}

const alerting = eq(savedSearches.alerts, true);

/** A digest of the searches with alerts on (ids and queries), made by the database without sending them. */
async function searchesMark(db: Tx): Promise<string> {
  const [{ mark }] = await db
    .select({
      mark: sql<
        string | null
      >`md5(string_agg(${savedSearches.id}::text || ' ' || ${savedSearches.query}, ',' order by ${savedSearches.id}))`,
    })
    .from(savedSearches)
    .where(alerting);
  return mark ?? '';
}

/** The searches with alerts on, grouped by their filters (many differ only in pass rate, months or sort). */
interface SearchGroups {
  mark: string;
  groups: { filters: SearchFilters; ids: number[] }[];
}

/** Each database's searches as last read, kept while their mark stands (a run reads them again only after an edit). */
const searchGroupsOf = new WeakMap<Db, SearchGroups>();

async function readSearchGroups(reader: Tx, db: Db): Promise<SearchGroups> {
  const mark = await searchesMark(reader);
  const kept = searchGroupsOf.get(db);
  if (kept?.mark === mark) return kept;
  const rows = await reader
    .select({ id: savedSearches.id, query: savedSearches.query })
    .from(savedSearches)
    .where(alerting);
  const byFilters = new Map<string, { filters: SearchFilters; ids: number[] }>();
  for (const row of rows) {
    const filters = filtersOf(row.query);
    if (!filters) continue;
    const key = JSON.stringify(filters);
    const group = byFilters.get(key);
    if (group) group.ids.push(row.id);
    else byFilters.set(key, { filters, ids: [row.id] });
  }
  const read = { mark, groups: [...byFilters.values()] };
  searchGroupsOf.set(db, read);
  return read;
}

/** For each changed option, the searches it concerns (one pass over the searches' filters, pausing between chunks). */
async function optionChangesOf(diff: StateDiff, searches: SearchGroups): Promise<OptionChange[]> {
  const changes = new Map<number, OptionChange>();
  for (const [accountId, after] of diff.changed)
    changes.set(accountId, {
      accountId,
      oldPrice: diff.before.get(accountId)?.priceAfterCoupon ?? null,
      newPrice: after.priceAfterCoupon,
      newFor: [],
      cheaperFor: [],
    });
  for (const [i, { filters, ids }] of searches.groups.entries()) {
    if (i > 0 && i % SEARCHES_A_CHUNK === 0) await pause();
    for (const [accountId, after] of diff.changed) {
      const change = detectSearchChange(diff.before.get(accountId), after, filters);
      if (change) changes.get(accountId)![change.kind === 'new' ? 'newFor' : 'cheaperFor'].push(...ids);
    }
  }
  return [...changes.values()].filter((c) => c.newFor.length + c.cheaperFor.length > 0);
}

export interface MatchOptions {
  /**
   * Other processes use the database (PostgreSQL): the comparison with every search is made under
   * the lock, so the first process to take it does the work and the others find it done. Alone
   * (PGlite, one process) it is made before the transaction, which would hold the whole database
   * meanwhile, and checked under the lock.
   */
  shared?: boolean;
}

/** This process's matching runs, one after another: a run that follows another finds its work done. */
let matchingQueue: Promise<unknown> = Promise.resolve();

/**
 * Compares the catalog with the states of the named firms' options (all when none are named) and
 * records, for each changed option, the saved searches it concerns; returns how many (search,
 * option) changes it recorded. The comparison pauses between chunks of searches so that requests
 * run meanwhile (on PGlite the work shares the server thread). A run made before the transaction
 * is kept only if, under the lock, neither the states nor the searches moved meanwhile (another
 * run recorded the change first, a search was saved or edited); else it is made again there.
 */
export function matchSavedSearches(
  db: Db,
  store: CatalogStore,
  firmIds?: readonly number[],
  now = new Date(),
  options: MatchOptions = {},
): Promise<number> {
  const run = matchingQueue.then(() => matchNow(db, store, firmIds, now, options));
  matchingQueue = run.catch(() => {});
  return run;
}

async function matchNow(
  db: Db,
  store: CatalogStore,
  firmIds: readonly number[] | undefined,
  now: Date,
  options: MatchOptions,
): Promise<number> {
  const scope = firmIds ? new Set(firmIds) : null;
  const current = new Map<number, OptionFacts>();
  // As of every change heard: the catalog requests read may still lack the change that started
  // this run. Taken at once (a save changes the catalog in place, and the pauses below let saves run).
  const rows = await store.readLatest((catalog) => catalogRows(catalog, scope ?? undefined));
  for (let i = 0; i < rows.length; i++) {
    current.set(rows[i].option.account.id, optionFactsOf(rows[i]));
    if ((i + 1) % ROWS_A_CHUNK === 0) await pause();
  }
  // Nothing differs from the states: recorded already (by this process or another), or no change.
  const seen = await diffStates(db, current, scope);
  if (seen.changed.size === 0 && seen.gone.length === 0) return 0;
  let prepared: { mark: string; changes: OptionChange[] } | undefined;
  if (!options.shared) {
    const searches = await readSearchGroups(db, db);
    prepared = { mark: searches.mark, changes: await optionChangesOf(seen, searches) };
  }

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MATCH_LOCK})`);
    const diff = await diffStates(tx, current, scope);
    if (diff.changed.size === 0 && diff.gone.length === 0) return 0;
    const changes =
      prepared && sameDiff(seen, diff) && (await searchesMark(tx)) === prepared.mark
        ? prepared.changes
        : await optionChangesOf(diff, await readSearchGroups(tx, db));
    for (let i = 0; i < changes.length; i += 500)
      await tx
        .insert(optionAlertChanges)
        .values(changes.slice(i, i + 500).map((c) => ({ ...c, createdAt: now })));
    await writeStates(tx, diff.changed, now);
    if (diff.gone.length)
      await tx.delete(optionAlertStates).where(inArray(optionAlertStates.accountId, diff.gone));
    return changes.reduce((n, c) => n + c.newFor.length + c.cheaperFor.length, 0);
  });
}
