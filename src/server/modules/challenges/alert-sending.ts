import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import { formatPrice } from '../../../domain/format';
import {
  ALERT_INTERVAL_MS,
  type AlertLine,
  collapseSearchChanges,
  type SearchChange,
} from '../../../domain/price-alerts';
import type { Db } from '../../db/client';
import { optionAlertChanges, savedSearchAlerts, savedSearches, users } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { optionFactsOf } from './alert-states';
import { type CatalogStore, catalogRowOf } from './catalog';
import type { Catalog } from './catalog-shape';
import { filtersOf } from './saved-searches';

/**
 * Saved-search alert emails (decision 0054): each search gets at most one a day, listing what
 * matching (alert-matching.ts) recorded for it. Safe with several processes at once: a search's
 * email is claimed by one conditional update of its last email time, and its lines are fixed in
 * the claimed alert row.
 */

/** An alert claimed this long ago and never sent was left by a process that stopped: send it again. */
const STALE_CLAIM_MS = 10 * 60_000;
const CLAIM_BATCH = 1000;

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
  store: CatalogStore,
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
      // What the catalog holds now, read in one step (a save changes it in place between awaits).
      const batchLines = await store.readLatest((catalog) =>
        batch.map((id) => linesOf(catalog, searches.get(id)!.query, waiting.get(id)!)),
      );
      const alertIds = await db.transaction(async (tx) => {
        const linesBySearch = new Map<number, AlertLine[]>();
        const cancelled: number[] = [];
        for (const [i, id] of batch.entries()) {
          const lines = batchLines[i];
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
