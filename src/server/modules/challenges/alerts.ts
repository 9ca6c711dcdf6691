import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import { formatPrice } from '../../../domain/format';
import {
  ALERT_INTERVAL_MS,
  type AlertLine,
  collapseSearchChanges,
  detectSearchChange,
  type OptionFacts,
  type SearchChange,
  type SearchFilters,
} from '../../../domain/price-alerts';
import type { Db } from '../../db/client';
import {
  optionAlertChanges,
  optionAlertStates,
  savedSearchAlerts,
  savedSearches,
  users,
} from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { type Catalog, catalogRowOf, catalogRows } from './catalog';
import type { CatalogRow } from './catalog-source';
import { filtersOf } from './saved-searches';

/**
 * Saved-search alerts (decision 0054). Matching compares the catalog with what the last run saw of
 * each option (option_alert_states) and records, for every saved search, the options that newly
 * match it or got cheaper; delivery sends each search at most one email a day listing them.
 * Both are safe with several processes at once: matching runs under one advisory lock and moves
 * the states it compared in the same transaction; a search's email is claimed by one conditional
 * update of its last email time, and its lines are fixed in the claimed alert row.
 */

const MATCH_LOCK = 0x414c5254;
/** An alert claimed this long ago and never sent was left by a process that stopped: send it again. */
const STALE_CLAIM_MS = 10 * 60_000;
const CLAIM_BATCH = 1000;

/** What the finder's filters read of a catalog row. */
export function optionFactsOf(row: CatalogRow): OptionFacts {
  return {
    firmId: row.option.firm.id,
    capital: row.capital,
    steps: row.steps,
    assets: [...row.assets].sort(),
    drawdownType: row.drawdownType,
    dailyDrawdown: row.dailyDrawdown,
    maximumDrawdown: row.maximumDrawdown,
    target: row.target,
    profitSplit: row.profitSplit,
    priceAfterCoupon: row.priceAfterCoupon,
    platforms: [...row.platforms].sort(),
    restricted: [...row.restrictedCountries].sort(),
    news: row.news,
    weekend: row.weekend,
    ea: row.ea,
    timeLimits: row.timeLimits,
    refundable: row.refundable,
    hasCoupon: row.hasCoupon,
    payoutTier: row.option.firm.payoutTier,
  };
}

/** Whether two fact records say the same (stored JSON comes back with its keys in another order). */
function sameFacts(a: OptionFacts, b: OptionFacts): boolean {
  const keys = Object.keys(b) as (keyof OptionFacts)[];
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function writeStates(tx: Tx, facts: Map<number, OptionFacts>, now: Date) {
  const rows = [...facts].map(([accountId, f]) => ({
    accountId,
    propFirmId: f.firmId,
    facts: f,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(optionAlertStates)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: optionAlertStates.accountId,
        set: {
          propFirmId: sql`excluded.prop_firm_id`,
          facts: sql`excluded.facts`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
}

async function hasAlertStates(db: Db | Tx): Promise<boolean> {
  const [any] = await db.select({ id: optionAlertStates.accountId }).from(optionAlertStates).limit(1);
  return any !== undefined;
}

/**
 * Before the first matching (a new database, or the first search saved): what the catalog holds
 * now is where alerts start from, so a search is told only of what changes after it. True when it
 * wrote that starting point.
 */
export async function ensureAlertBaseline(db: Db, catalog: Catalog, now = new Date()): Promise<boolean> {
  // Asked first without the lock: once written, the states stay (each run rewrites what changed).
  if (await hasAlertStates(db)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MATCH_LOCK})`);
    if (await hasAlertStates(tx)) return false;
    await writeStates(
      tx,
      new Map(catalogRows(catalog).map((row) => [row.option.account.id, optionFactsOf(row)])),
      now,
    );
    return true;
  });
}

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
  db: Db | Tx,
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
async function searchesMark(db: Db | Tx): Promise<string> {
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

async function readSearchGroups(reader: Db | Tx, db: Db): Promise<SearchGroups> {
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
  catalog: Catalog,
  firmIds?: readonly number[],
  now = new Date(),
  options: MatchOptions = {},
): Promise<number> {
  const run = matchingQueue.then(() => matchNow(db, catalog, firmIds, now, options));
  matchingQueue = run.catch(() => {});
  return run;
}

async function matchNow(
  db: Db,
  catalog: Catalog,
  firmIds: readonly number[] | undefined,
  now: Date,
  options: MatchOptions,
): Promise<number> {
  const scope = firmIds ? new Set(firmIds) : null;
  const current = new Map<number, OptionFacts>();
  // Taken at once: a save changes the catalog in place, and the pauses below let saves run.
  const rows = catalogRows(catalog, scope ?? undefined);
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

/** One line of the email, in words. */
export const describeAlertLine = (line: AlertLine) => {
  const option = `${line.firmName} ${line.modelName} ${formatPrice(line.capital).replace(/\.00$/, '')} account`;
  return line.kind === 'new'
    ? `${option} now matches, at ${formatPrice(line.newPrice)}`
    : `${option}: ${formatPrice(line.oldPrice ?? line.newPrice)} → ${formatPrice(line.newPrice)}`;
};

export interface Mailing {
  mailer: Mailer;
  env: { PUBLIC_URL: string };
}

async function sendAlert(
  app: Mailing,
  alert: { lines: AlertLine[]; email: string; name: string; query: string; token: string },
) {
  const base = app.env.PUBLIC_URL.replace(/\/$/, '');
  const searchUrl = `${base}/challenges${alert.query ? `?${alert.query}` : ''}`;
  const unsubscribe = `${base}/saved-searches/unsubscribe?token=${encodeURIComponent(alert.token)}`;
  const items = alert.lines.map((line) => ({
    text: describeAlertLine(line),
    url: `${base}/firm/${encodeURIComponent(line.firmSlug)}?tab=funding`,
  }));
  await app.mailer.send({
    to: alert.email,
    subject: `New or cheaper challenges for "${alert.name}"`,
    text: [
      `Since our last email, these options of your saved search "${alert.name}" are new or cheaper:`,
      '',
      ...items.map((i) => `- ${i.text}: ${i.url}`),
      '',
      `Open the search: ${searchUrl}`,
      '',
      `Stop these emails for "${alert.name}": ${unsubscribe}`,
    ].join('\n'),
    html: `<p>Since our last email, these options of your saved search "${escapeHtml(alert.name)}" are new or cheaper:</p><ul>${items
      .map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.text)}</a></li>`)
      .join('')}</ul><p><a href="${escapeHtml(searchUrl)}">Open the search</a></p><p><a href="${escapeHtml(
      unsubscribe,
    )}">Stop these emails for "${escapeHtml(alert.name)}"</a></p>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/** A change of one option waiting for a search's next email. */
type WaitingChange = { accountId: number } & SearchChange;

/** The lines an email would list for a search's waiting changes, from what the catalog holds now. */
function linesOf(catalog: Catalog, query: string, changes: readonly WaitingChange[]): AlertLine[] {
  const filters = filtersOf(query);
  if (!filters) return [];
  const byAccount = new Map<number, SearchChange[]>();
  for (const c of changes) byAccount.set(c.accountId, [...(byAccount.get(c.accountId) ?? []), c]);
  const lines: AlertLine[] = [];
  for (const [accountId, list] of byAccount) {
    const row = catalogRowOf(catalog, accountId);
    const change = collapseSearchChanges(list, row && optionFactsOf(row), filters);
    if (!row || !change) continue;
    lines.push({
      ...change,
      accountId,
      firmSlug: row.option.firm.slug,
      firmName: row.option.firm.name,
      modelName: row.option.model.name,
      capital: row.capital,
    });
  }
  return lines.sort((a, b) => a.newPrice - b.newPrice || a.accountId - b.accountId);
}

/**
 * The option changes no search has settled yet, and of each search they concern (its alerts on)
 * the ones after what it last took, in the order they were recorded.
 */
async function readWaitingChanges(db: Db) {
  const open = await db
    .select({
      id: optionAlertChanges.id,
      accountId: optionAlertChanges.accountId,
      oldPrice: optionAlertChanges.oldPrice,
      newPrice: optionAlertChanges.newPrice,
      newFor: optionAlertChanges.newFor,
      cheaperFor: optionAlertChanges.cheaperFor,
    })
    .from(optionAlertChanges)
    .where(isNull(optionAlertChanges.settledAt))
    .orderBy(asc(optionAlertChanges.id));
  const concerned = [...new Set(open.flatMap((row) => [...row.newFor, ...row.cheaperFor]))];
  const searches = new Map<
    number,
    { id: number; query: string; alerts: boolean; lastEmailAt: Date | null; alertedThrough: number }
  >();
  for (let i = 0; i < concerned.length; i += 5000)
    for (const search of await db
      .select({
        id: savedSearches.id,
        query: savedSearches.query,
        alerts: savedSearches.alerts,
        lastEmailAt: savedSearches.lastEmailAt,
        alertedThrough: savedSearches.alertedThrough,
      })
      .from(savedSearches)
      .where(inArray(savedSearches.id, concerned.slice(i, i + 5000))))
      searches.set(search.id, search);
  const waiting = new Map<number, WaitingChange[]>();
  for (const row of open)
    for (const kind of ['new', 'cheaper'] as const)
      for (const searchId of kind === 'new' ? row.newFor : row.cheaperFor) {
        const search = searches.get(searchId);
        if (!search?.alerts || row.id <= search.alertedThrough) continue;
        const change = {
          accountId: row.accountId,
          kind,
          oldPrice: kind === 'new' ? null : row.oldPrice,
          newPrice: row.newPrice,
        };
        const list = waiting.get(searchId);
        if (list) list.push(change);
        else waiting.set(searchId, [change]);
      }
  return { open, searches, waiting };
}

/** Settled option changes are kept this long (what the emails were made of), then deleted. */
const KEEP_SETTLED_MS = 30 * 86_400_000;

/**
 * Sends the alert email of every search with waiting changes whose last email is a day old or
 * more, and any alert claimed but not sent (by `retrying`, this run's own; else one left long ago).
 * Returns how many emails it sent.
 */
export async function sendDueAlerts(
  app: Mailing,
  db: Db,
  catalog: Catalog,
  retrying: Set<number>,
  now = new Date(),
): Promise<number> {
  const dueBefore = new Date(now.getTime() - ALERT_INTERVAL_MS);
  const { open, searches, waiting } = await readWaitingChanges(db);
  if (open.length) {
    // Every search below takes the changes up to here, the last one read.
    const through = open[open.length - 1].id;
    const due = [...waiting.keys()].filter((id) => {
      const last = searches.get(id)?.lastEmailAt;
      return !last || last <= dueBefore;
    });
    /** Searches that took every change up to `through` in this run. */
    const took = new Set<number>();
    // Claimed a thousand searches a transaction: one statement each for the claim and the alerts
    // (a search a transaction made each email cost half a dozen round trips).
    for (let i = 0; i < due.length; i += CLAIM_BATCH) {
      const batch = due.slice(i, i + CLAIM_BATCH);
      const alertIds = await db.transaction(async (tx) => {
        const linesBySearch = new Map<number, AlertLine[]>();
        const cancelled: number[] = [];
        for (const id of batch) {
          const lines = linesOf(catalog, searches.get(id)!.query, waiting.get(id)!);
          // Changes that cancelled out (the price went back up, the option left) tell nothing.
          if (lines.length === 0) cancelled.push(id);
          else linesBySearch.set(id, lines);
        }
        if (cancelled.length) {
          await tx
            .update(savedSearches)
            .set({ alertedThrough: through })
            .where(and(inArray(savedSearches.id, cancelled), lt(savedSearches.alertedThrough, through)));
          for (const id of cancelled) took.add(id);
        }
        if (linesBySearch.size === 0) return [];
        // Only the searches no other process has just claimed.
        const claimed = await tx
          .update(savedSearches)
          .set({ lastEmailAt: now, alertedThrough: through })
          .where(
            and(
              inArray(savedSearches.id, [...linesBySearch.keys()]),
              or(isNull(savedSearches.lastEmailAt), lte(savedSearches.lastEmailAt, dueBefore)),
            ),
          )
          .returning({ id: savedSearches.id });
        if (claimed.length === 0) return [];
        const alerts = await tx
          .insert(savedSearchAlerts)
          .values(
            claimed.map(({ id }) => ({ savedSearchId: id, changes: linesBySearch.get(id)!, claimedAt: now })),
          )
          .returning({ id: savedSearchAlerts.id });
        for (const { id } of claimed) took.add(id);
        return alerts.map((alert) => alert.id);
      });
      for (const id of alertIds) retrying.add(id);
    }
    // A change is settled once no search it concerns waits for it any more (a search another
    // process claimed is left for that process, or the next run, to count).
    const waitsFor = (searchId: number, changeId: number) => {
      const search = searches.get(searchId);
      return !!search?.alerts && !took.has(searchId) && search.alertedThrough < changeId;
    };
    const settled = open
      .filter((row) => ![...row.newFor, ...row.cheaperFor].some((searchId) => waitsFor(searchId, row.id)))
      .map((row) => row.id);
    for (let i = 0; i < settled.length; i += 5000)
      await db
        .update(optionAlertChanges)
        .set({ settledAt: now })
        .where(inArray(optionAlertChanges.id, settled.slice(i, i + 5000)));
  }
  await db
    .delete(optionAlertChanges)
    .where(lt(optionAlertChanges.settledAt, new Date(now.getTime() - KEEP_SETTLED_MS)));
  return sendClaimedAlerts(app, db, retrying, now);
}

/** Sends the claimed, unsent alerts: this run's own (`mine`) and those left by a stopped process. */
async function sendClaimedAlerts(app: Mailing, db: Db, mine: Set<number>, now: Date): Promise<number> {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  const unsent = await db
    .select({
      id: savedSearchAlerts.id,
      lines: savedSearchAlerts.changes,
      claimedAt: savedSearchAlerts.claimedAt,
      email: users.email,
      name: savedSearches.name,
      query: savedSearches.query,
      token: savedSearches.unsubscribeToken,
      alerts: savedSearches.alerts,
    })
    .from(savedSearchAlerts)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchAlerts.savedSearchId))
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(isNull(savedSearchAlerts.sentAt))
    .orderBy(asc(savedSearchAlerts.id));
  let sent = 0;
  for (const alert of unsent) {
    // Taken from `mine` before any wait, so two runs of this process never both send it.
    if (!mine.delete(alert.id)) {
      // Left by a process that stopped: take it over only when its claim is old, and only once.
      const [taken] = await db
        .update(savedSearchAlerts)
        .set({ claimedAt: now })
        .where(
          and(
            eq(savedSearchAlerts.id, alert.id),
            isNull(savedSearchAlerts.sentAt),
            or(isNull(savedSearchAlerts.claimedAt), lt(savedSearchAlerts.claimedAt, staleBefore)),
          ),
        )
        .returning({ id: savedSearchAlerts.id });
      if (!taken) continue;
    }
    try {
      if (alert.alerts) await sendAlert(app, alert);
      await db
        .update(savedSearchAlerts)
        .set({ sentAt: new Date() })
        .where(eq(savedSearchAlerts.id, alert.id));
    } catch (err) {
      mine.add(alert.id); // the run's retry sends it
      throw err;
    }
    sent++;
  }
  return sent;
}
