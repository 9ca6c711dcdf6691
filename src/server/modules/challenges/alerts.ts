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
} from '../../../domain/price-alerts';
import type { Db } from '../../db/client';
import {
  optionAlertStates,
  savedSearchAlerts,
  savedSearchChanges,
  savedSearches,
  users,
} from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import type { Catalog, CatalogRow } from './catalog';
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

/**
 * Before the first matching (a new database, or the first search saved): what the catalog holds
 * now is where alerts start from, so a search is told only of what changes after it. True when it
 * wrote that starting point.
 */
export async function ensureAlertBaseline(db: Db, catalog: Catalog, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MATCH_LOCK})`);
    const [any] = await tx.select({ id: optionAlertStates.accountId }).from(optionAlertStates).limit(1);
    if (any) return false;
    await writeStates(
      tx,
      new Map(catalog.rows.map((row) => [row.option.account.id, optionFactsOf(row)])),
      now,
    );
    return true;
  });
}

/**
 * Compares the catalog with the states of the named firms' options (all when none are named) and
 * records each saved search's changes; returns how many it recorded.
 */
export async function matchSavedSearches(
  db: Db,
  catalog: Catalog,
  firmIds?: readonly number[],
  now = new Date(),
): Promise<number> {
  const scope = firmIds ? new Set(firmIds) : null;
  const current = new Map<number, OptionFacts>();
  for (const row of catalog.rows)
    if (!scope || scope.has(row.option.firm.id)) current.set(row.option.account.id, optionFactsOf(row));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MATCH_LOCK})`);
    const stateRows = await tx
      .select({ accountId: optionAlertStates.accountId, facts: optionAlertStates.facts })
      .from(optionAlertStates)
      .where(scope ? inArray(optionAlertStates.propFirmId, [...scope]) : undefined);
    const before = new Map(stateRows.map((r) => [r.accountId, r.facts]));
    const changed = new Map<number, OptionFacts>();
    for (const [id, facts] of current) {
      const old = before.get(id);
      if (!old || !sameFacts(old, facts)) changed.set(id, facts);
    }
    const gone = [...before.keys()].filter((id) => !current.has(id));
    if (changed.size === 0 && gone.length === 0) return 0;

    const searches = await tx
      .select({ id: savedSearches.id, query: savedSearches.query })
      .from(savedSearches)
      .where(eq(savedSearches.alerts, true));
    // As one JSON document a statement: thousands of searches can share a change, and a row of
    // parameters each made the insert most of a run.
    const records: { s: number; a: number; k: string; o: number | null; n: number }[] = [];
    for (const search of searches) {
      const filters = filtersOf(search.query);
      if (!filters) continue;
      for (const [accountId, after] of changed) {
        const change = detectSearchChange(before.get(accountId), after, filters);
        if (change)
          records.push({
            s: search.id,
            a: accountId,
            k: change.kind,
            o: change.oldPrice,
            n: change.newPrice,
          });
      }
    }
    for (let i = 0; i < records.length; i += 20_000)
      await tx.execute(sql`insert into ${savedSearchChanges} (saved_search_id, account_id, kind, old_price, new_price, created_at)
        select s, a, k, o, n, ${now} from json_to_recordset(${JSON.stringify(records.slice(i, i + 20_000))}::json)
          as t(s int, a int, k text, o numeric, n numeric)`);
    await writeStates(tx, changed, now);
    if (gone.length) await tx.delete(optionAlertStates).where(inArray(optionAlertStates.accountId, gone));
    return records.length;
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

/** Each catalog's rows by account id, made once per catalog (delivery looks up a few per search). */
const rowIndexes = new WeakMap<Catalog, Map<number, CatalogRow>>();
function rowsByAccount(catalog: Catalog): Map<number, CatalogRow> {
  let index = rowIndexes.get(catalog);
  if (!index) {
    index = new Map(catalog.rows.map((row) => [row.option.account.id, row]));
    rowIndexes.set(catalog, index);
  }
  return index;
}

/** The lines an email would list for a search's waiting changes, from what the catalog holds now. */
function linesOf(
  catalog: Catalog,
  query: string,
  changes: { accountId: number; kind: SearchChange['kind']; oldPrice: number | null; newPrice: number }[],
): AlertLine[] {
  const filters = filtersOf(query);
  if (!filters) return [];
  const byAccount = new Map<number, SearchChange[]>();
  for (const c of changes) byAccount.set(c.accountId, [...(byAccount.get(c.accountId) ?? []), c]);
  const rowOf = rowsByAccount(catalog);
  const lines: AlertLine[] = [];
  for (const [accountId, list] of byAccount) {
    const row = rowOf.get(accountId);
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
  const due = await db
    .selectDistinct({ id: savedSearches.id, query: savedSearches.query })
    .from(savedSearchChanges)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchChanges.savedSearchId))
    .where(
      and(
        isNull(savedSearchChanges.alertId),
        eq(savedSearches.alerts, true),
        or(isNull(savedSearches.lastEmailAt), lte(savedSearches.lastEmailAt, dueBefore)),
      ),
    );
  // Claimed a thousand searches a transaction: one statement each for the claim, the alerts and
  // their changes (a search a transaction made each email cost half a dozen round trips).
  for (let i = 0; i < due.length; i += CLAIM_BATCH) {
    const batch = due.slice(i, i + CLAIM_BATCH);
    const alertIds = await db.transaction(async (tx) => {
      const waiting = await tx
        .select({
          id: savedSearchChanges.id,
          searchId: savedSearchChanges.savedSearchId,
          accountId: savedSearchChanges.accountId,
          kind: savedSearchChanges.kind,
          oldPrice: savedSearchChanges.oldPrice,
          newPrice: savedSearchChanges.newPrice,
        })
        .from(savedSearchChanges)
        .where(
          and(
            inArray(
              savedSearchChanges.savedSearchId,
              batch.map((search) => search.id),
            ),
            isNull(savedSearchChanges.alertId),
          ),
        )
        .orderBy(asc(savedSearchChanges.id));
      const waitingOf = new Map<number, typeof waiting>();
      for (const change of waiting) {
        const list = waitingOf.get(change.searchId);
        if (list) list.push(change);
        else waitingOf.set(change.searchId, [change]);
      }
      const linesBySearch = new Map<number, AlertLine[]>();
      const cancelled: number[] = [];
      for (const search of batch) {
        const changes = waitingOf.get(search.id) ?? [];
        const lines = linesOf(catalog, search.query, changes);
        // Changes that cancelled out (the price went back up, the option left) tell nothing.
        if (lines.length === 0) cancelled.push(...changes.map((c) => c.id));
        else linesBySearch.set(search.id, lines);
      }
      if (cancelled.length)
        await tx.delete(savedSearchChanges).where(inArray(savedSearchChanges.id, cancelled));
      if (linesBySearch.size === 0) return [];
      // Only the searches no other process has just claimed.
      const claimed = await tx
        .update(savedSearches)
        .set({ lastEmailAt: now })
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
        .returning({ id: savedSearchAlerts.id, searchId: savedSearchAlerts.savedSearchId });
      const links = alerts.flatMap((alert) =>
        (waitingOf.get(alert.searchId) ?? []).map((change) => ({ change: change.id, alert: alert.id })),
      );
      await tx.execute(sql`update ${savedSearchChanges} set alert_id = m.alert
        from json_to_recordset(${JSON.stringify(links)}::json) as m(change bigint, alert bigint)
        where ${savedSearchChanges.id} = m.change`);
      return alerts.map((alert) => alert.id);
    });
    for (const id of alertIds) retrying.add(id);
  }
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
