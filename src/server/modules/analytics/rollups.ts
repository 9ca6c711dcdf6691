// The analytics rollups (decision 0031, added to incrementally since decision 0061). One SQL text
// turns raw rows into rollup rows: the job adds its output to the stored rows a few minutes at a
// time (each run rolls up the raw rows between the last run's watermark, `rolled_through`, and a
// little before now), and the dashboards run the same text over what is not rolled up yet, so a
// figure is the same whichever way its rows came. The days the dashboards chart by hour (today and
// yesterday) also get the same rows by hour (analytics_hourly_counts) for the kinds a chart needs.
//
// Rollup rows (analytics_daily_counts), one per day, kind and keys, by kind:
//   views, bot_views              n page views of people / of crawlers
//   path, source, device, browser n views; key = the path, source ('(direct)' without one), ...
//   campaign                      n views; key = utm_campaign, key2 = source, key3 = medium
//   load_time                     n views that took key milliseconds to load, to 10 ms (percentiles)
//   firm_source                   n views of /firm/{key} coming from source key2
//   event                         n activity rows; key = activity type, key2 = firm id or ''
//   search, search_zero           n searches of key (lower-cased, trimmed); total/samples = results
//   filter                        n filter changes; key = filter type, key2 = value
//   sessions, path_sessions, source_sessions
//                                 n sessions seen on the day (on path key / from source key) whose
//                                 previous day seen was key2 ('' for none): the unique sessions of a
//                                 range from..to are the rows of its days with key2 '' or < from. A
//                                 session seen again later the same day adds nothing (computed over
//                                 the part not rolled up yet, such rows have key2 = the day itself,
//                                 which no range counts; the job does not store them).
// By hour (HOURLY_KINDS): views, bot_views, path, source, firm_source and event as by day, and
//   sessions                      n distinct sessions seen in the hour (key2 ''): a session counts in
//                                 the part of the hour it is first seen in (analytics_session_days'
//                                 last_seen_at says whether the part rolled up before saw it).
import { type SQL, sql } from 'drizzle-orm';
import { ANALYTICS_HOURLY_DAYS, ANALYTICS_MAX_DAYS } from '../../../domain/analytics-rules';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';

export const DAY_MS = 86_400_000;
/** Rows are rolled up to an instant at least this far back: no insert before it is still under way. */
export const SETTLED_AFTER_MS = 2 * 60_000;
export const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The days looked back for a session's previous visit: the longest period a figure covers. */
const LOOKBACK_DAYS = ANALYTICS_MAX_DAYS;
/** Activity rows that are a visitor leaving for a firm: the tracked redirects and link clicks. */
export const OUTBOUND = ['firm_click', 'coupon_click', 'link_click'] as const;

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => isoDay(dayStart(day).getTime() + days * DAY_MS);

/** The rollup kinds also kept by hour: what the dashboards' charts of one day read. */
export const HOURLY_KINDS = [
  'views',
  'bot_views',
  'path',
  'source',
  'firm_source',
  'event',
  'sessions',
] as const;
/** The daily kinds of unique sessions, whose key2 is the day each session was seen before. */
const SESSION_KINDS = ['sessions', 'path_sessions', 'source_sessions'] as const;

/** The first day kept by hour at `now`: hourly rows of days before it are deleted by the job. */
export const firstHourlyDay = (now: Date) => addDays(isoDay(now.getTime()), -(ANALYTICS_HOURLY_DAYS - 1));

/** Whether the dashboards chart `day` by hour at `now` (today or yesterday, UTC). */
export const isHourlyDay = (day: string, now: Date) =>
  day >= firstHourlyDay(now) && day <= isoDay(now.getTime());

/** Instants, `start` included, `end` excluded. */
export interface Span {
  start: Date;
  end: Date;
}

const createdIn = (spans: Span[]) =>
  sql.join(
    spans.map((s) => sql`(created_at >= ${s.start} and created_at < ${s.end})`),
    sql` or `,
  );

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The rollup period of a raw row: its UTC day (a date), or the start of its hour (an instant). */
const periodOf = (by: 'day' | 'hour') =>
  by === 'day'
    ? sql`(created_at at time zone 'UTC')::date`
    : sql`date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC'`;

/**
 * Every rollup row but the session ones, by day (or by hour), from the raw rows of the spans (not
 * empty). The first column, `day`, is the period.
 */
export function rawCountsSql(spans: Span[], by: 'day' | 'hour' = 'day'): SQL {
  const where = createdIn(spans);
  return sql`(
    with v as (
      select ${periodOf(by)} as day, path,
        coalesce(nullif(utm_source, ''), '(direct)') as source, utm_campaign as campaign,
        coalesce(utm_medium, '') as medium, device, browser, load_time, is_bot
      from page_views where ${where}
    ), h as (select * from v where not is_bot),
    a as (
      select ${periodOf(by)} as day, activity_type, prop_firm_id, metadata,
        case when metadata->>'resultsCount' ~ '^[0-9]{1,9}$' then (metadata->>'resultsCount')::int end as results
      from activity_logs where ${where}
    )
    select day, 'views'::text as kind, ''::text as key, ''::text as key2, ''::text as key3,
      count(*)::bigint as n, 0::bigint as total, 0::bigint as samples from h group by 1
    union all select day, 'bot_views', '', '', '', count(*), 0, 0 from v where is_bot group by 1
    union all select day, 'path', path, '', '', count(*), 0, 0 from h group by 1, 3
    union all select day, 'source', source, '', '', count(*), 0, 0 from h group by 1, 3
    union all select day, 'campaign', campaign, source, medium, count(*), 0, 0
      from h where campaign is not null group by 1, 3, 4, 5
    union all select day, 'device', device, '', '', count(*), 0, 0 from h group by 1, 3
    union all select day, 'browser', browser, '', '', count(*), 0, 0 from h group by 1, 3
    union all select day, 'load_time', ((load_time + 5) / 10 * 10)::text, '', '', count(*), 0, 0
      from h where load_time is not null group by 1, 3
    union all select day, 'firm_source', split_part(path, '/', 3), source, '', count(*), 0, 0
      from h where path like '/firm/%' group by 1, 3, 4
    union all select day, 'event', activity_type, coalesce(prop_firm_id::text, ''), '', count(*), 0, 0
      from a group by 1, 3, 4
    union all select day, 'search', coalesce(lower(btrim(metadata->>'searchQuery')), ''), '', '',
      count(*), coalesce(sum(results), 0), count(results) from a where activity_type = 'search' group by 1, 3
    union all select day, 'search_zero', coalesce(lower(btrim(metadata->>'searchQuery')), ''), '', '',
      count(*), 0, 0 from a where activity_type = 'search' and results = 0 group by 1, 3
    union all select day, 'filter', coalesce(metadata->>'filterType', ''), coalesce(metadata->>'filterValue', ''),
      '', count(*), 0, 0 from a where activity_type = 'filter' group by 1, 3, 4
  )`;
}

/**
 * The hourly rollup rows (HOURLY_KINDS) of the spans, from their raw rows: what to add to the stored
 * hourly rows, which all precede the spans. A session counts in an hour unless its stored session
 * day was last seen in that hour already, so an hour split between stored and raw rows at any
 * instant counts each session once.
 */
export function pendingHourlyCountsSql(spans: Span[]): SQL {
  return sql`(
    select * from ${rawCountsSql(spans, 'hour')} as raw where raw.kind in (${inList(HOURLY_KINDS)})
    union all
    select f.hour, 'sessions', '', '', '', count(*), 0, 0
    from (
      select ${periodOf('hour')} as hour, (created_at at time zone 'UTC')::date as day, session_id
      from page_views where not is_bot and (${createdIn(spans)}) group by 1, 2, 3
    ) as f
    where not exists (
      select 1 from analytics_session_days s
      where s.day = f.day and s.session_id = f.session_id and s.last_seen_at >= f.hour
    )
    group by 1
  )`;
}

/**
 * One row per session and day of the spans: the paths it viewed, the sources it came from, and the
 * instant of its last view.
 */
export function rawSessionDaysSql(spans: Span[]): SQL {
  return sql`(
    select (created_at at time zone 'UTC')::date as day, session_id, array_agg(distinct path) as paths,
      array_agg(distinct coalesce(nullif(utm_source, ''), '(direct)')) as sources,
      max(created_at) as last_seen_at
    from page_views where not is_bot and (${createdIn(spans)}) group by 1, 2
  )`;
}

/**
 * The session rollup rows of the `fresh` rows of `days` (day, part, session_id, paths, sources,
 * fresh), whose other rows are the same sessions' earlier days, or earlier parts of the same day.
 */
function sessionCountsSql(days: SQL): SQL {
  return sql`(
    with s as (select * from ${days} as d),
    ses as (select day, fresh, lag(day) over (partition by session_id order by day, part) as prev from s),
    pth as (
      select day, fresh, p, lag(day) over (partition by session_id, p order by day, part) as prev
      from s cross join unnest(paths) as p
    ),
    src as (
      select day, fresh, x, lag(day) over (partition by session_id, x order by day, part) as prev
      from s cross join unnest(sources) as x
    )
    select day, 'sessions'::text as kind, ''::text as key, coalesce(prev::text, '') as key2, ''::text as key3,
      count(*)::bigint as n, 0::bigint as total, 0::bigint as samples from ses where fresh group by 1, 4
    union all select day, 'path_sessions', p, coalesce(prev::text, ''), '', count(*), 0, 0
      from pth where fresh group by 1, 3, 4
    union all select day, 'source_sessions', x, coalesce(prev::text, ''), '', count(*), 0, 0
      from src where fresh group by 1, 3, 4
  )`;
}

/**
 * The rollup rows of the spans not rolled up yet, computed from their raw rows: what the dashboards
 * add to the stored rollups. Sessions' earlier days (and the rolled-up part of the same day) come
 * from the stored session days.
 */
export function pendingCountsSql(spans: Span[]): SQL {
  const firstDay = isoDay(spans[0].start.getTime());
  const lastDay = isoDay(spans[spans.length - 1].end.getTime() - 1);
  const sessionDays = sql`(
    with fresh as ${rawSessionDaysSql(spans)}
    select day, 1 as part, session_id, paths, sources, true as fresh from fresh
    union all
    select s.day, 0, s.session_id, s.paths, s.sources, false
    from (select distinct session_id from fresh) as f
    -- Lateral: the few sessions of the raw part looked up one by one (session index), never a
    -- scan of a year of session days.
    cross join lateral (
      select * from analytics_session_days h
      where h.session_id = f.session_id
        and h.day >= ${addDays(firstDay, -LOOKBACK_DAYS)}::date and h.day <= ${lastDay}::date
    ) as s
  )`;
  return sql`(select * from ${rawCountsSql(spans)} as raw union all select * from ${sessionCountsSql(sessionDays)} as ses)`;
}

type Period = 'day' | 'hour';
const COUNT_TABLES = {
  day: { table: sql.raw('analytics_daily_counts'), period: sql.raw('day') },
  hour: { table: sql.raw('analytics_hourly_counts'), period: sql.raw('hour') },
} as const;

/** Takes the rollup job's lock for the transaction: two runs at once wait for each other. */
const lockRollups = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics-rollup'))`);

/**
 * Adds rollup rows (the period first, then kind, keys, n, total, samples) to the stored ones of
 * `by`: to the row of the same period and keys where there is one (there is at most one), as a new
 * row where not. `lower` and `upper` bound the periods the rows are in, so only those are read.
 */
async function addCounts(tx: Db, by: Period, rows: SQL, lower: SQL, upper: SQL): Promise<void> {
  const { table, period } = COUNT_TABLES[by];
  const sameKeys = (a: string, aPeriod: string) =>
    sql.raw(
      `${a}.${aPeriod} = d.p and ${['kind', 'key', 'key2', 'key3'].map((c) => `${a}.${c} = d.${c}`).join(' and ')}`,
    );
  await tx.execute(sql`
    with d as (
      select day as p, kind, key, key2, key3, sum(n)::bigint as n, sum(total)::bigint as total,
        sum(samples)::bigint as samples
      from ${rows} as r group by 1, 2, 3, 4, 5
    ),
    updated as (
      update ${table} as t set n = t.n + d.n, total = t.total + d.total, samples = t.samples + d.samples
      from d where t.${period} >= ${lower} and t.${period} < ${upper} and ${sameKeys('t', by)}
      returning t.${period} as p, t.kind, t.key, t.key2, t.key3
    )
    insert into ${table} (${period}, kind, key, key2, key3, n, total, samples)
    select * from d where not exists (select 1 from updated as u where ${sameKeys('u', 'p')})`);
}

/** Marks the days `from` to `to` rolled up through `through` (final: through their end). */
async function markRolled(tx: Db, from: string, to: string, through: Date, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into analytics_rolled_days (day, rolled_through, rolled_at, final)
    select d::date, least((d + interval '1 day') at time zone 'UTC', ${through}), ${now},
      ((d + interval '1 day') at time zone 'UTC') <= ${through}
    from generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') as d
    on conflict (day) do update
      set rolled_through = excluded.rolled_through, rolled_at = excluded.rolled_at, final = excluded.final`);
}

/**
 * Fresh statistics, so the dashboards look sessions up by index: the embedded database has no
 * autovacuum to gather them, and a plan made for an empty table scans a year of session days.
 */
const analyzeRollups = (db: Db) =>
  db.execute(
    sql`analyze analytics_session_days, analytics_daily_counts, analytics_hourly_counts, analytics_rolled_days`,
  );

/**
 * Rolls up again, from their raw rows, every row from the start of day `from` to `through`, in the
 * caller's transaction (holding the lock). Days after `through` that were rolled up before must be
 * rolled again (their sessions' previous days may have changed). The hours of the days kept by hour
 * at `now` are rolled up by hour too, and older hourly rows deleted.
 */
async function rollUpDays(tx: Db, from: string, through: Date, now: Date): Promise<void> {
  const span: Span[] = [{ start: dayStart(from), end: through }];
  const to = isoDay(through.getTime() - 1);
  const keptFrom = dayStart(firstHourlyDay(now));
  const hourly: Span = {
    start: new Date(Math.max(span[0].start.getTime(), keptFrom.getTime())),
    end: through,
  };
  await tx.execute(sql`delete from analytics_daily_counts where day >= ${from}::date and day <= ${to}::date`);
  await tx.execute(sql`delete from analytics_session_days where day >= ${from}::date and day <= ${to}::date`);
  await tx.execute(sql`
    insert into analytics_daily_counts (day, kind, key, key2, key3, n, total, samples)
    select * from ${rawCountsSql(span)} as raw`);
  await tx.execute(
    sql`delete from analytics_hourly_counts
      where (hour >= ${span[0].start} and hour < ${dayStart(addDays(to, 1))}) or hour < ${keptFrom}`,
  );
  // The session days of the span are deleted above, so every session is new to each of its hours.
  if (hourly.start < hourly.end) {
    await tx.execute(sql`
      insert into analytics_hourly_counts (hour, kind, key, key2, key3, n, total, samples)
      select * from ${pendingHourlyCountsSql([hourly])} as raw`);
  }
  await tx.execute(sql`
    insert into analytics_session_days (day, session_id, paths, sources, last_seen_at)
    select * from ${rawSessionDaysSql(span)} as sd`);
  const sessionDays = sql`(
    select day, 0 as part, session_id, paths, sources, day >= ${from}::date as fresh
    from analytics_session_days
    where day >= ${addDays(from, -LOOKBACK_DAYS)}::date and day <= ${to}::date
      and session_id in (
        select session_id from analytics_session_days where day >= ${from}::date and day <= ${to}::date
      )
  )`;
  await tx.execute(sql`
    insert into analytics_daily_counts (day, kind, key, key2, key3, n, total, samples)
    select * from ${sessionCountsSql(sessionDays)} as ses`);
  await markRolled(tx, from, to, through, now);
}

/**
 * Adds the raw rows from `since` (the watermark: everything before it is rolled up, nothing after
 * it) to `through` to the stored rollups, in the caller's transaction (holding the lock): exactly
 * the rows a dashboard would compute for that part (pendingCountsSql, pendingHourlyCountsSql), then
 * the sessions' days, then the watermark. Reads only the new raw rows.
 */
async function addRollups(tx: Db, since: Date, through: Date, now: Date): Promise<void> {
  const spans: Span[] = [{ start: since, end: through }];
  const from = isoDay(since.getTime());
  const to = isoDay(through.getTime() - 1);
  const keptFrom = dayStart(firstHourlyDay(now));
  const fresh = sql`(
    select * from ${pendingCountsSql(spans)} as pe
    where not (pe.kind in (${inList(SESSION_KINDS)}) and pe.key2 = pe.day::text)
  )`;
  await addCounts(tx, 'day', fresh, sql`${from}::date`, sql`${addDays(to, 1)}::date`);
  const hourly: Span = { start: new Date(Math.max(since.getTime(), keptFrom.getTime())), end: through };
  if (hourly.start < hourly.end) {
    const firstHour = new Date(Math.floor(hourly.start.getTime() / HOUR_MS) * HOUR_MS);
    await addCounts(tx, 'hour', pendingHourlyCountsSql([hourly]), sql`${firstHour}`, sql`${through}`);
  }
  await tx.execute(sql`delete from analytics_hourly_counts where hour < ${keptFrom}`);
  // After the counts: they read each session's day as it was before these rows.
  await tx.execute(sql`
    insert into analytics_session_days (day, session_id, paths, sources, last_seen_at)
    select * from ${rawSessionDaysSql(spans)} as sd
    on conflict (day, session_id) do update set
      paths = array(select distinct p from unnest(analytics_session_days.paths || excluded.paths) as p order by 1),
      sources = array(select distinct x from unnest(analytics_session_days.sources || excluded.sources) as x order by 1),
      last_seen_at = greatest(analytics_session_days.last_seen_at, excluded.last_seen_at)`);
  await markRolled(tx, from, to, through, now);
}

/**
 * Rolls up again, from their raw rows, every row from the start of day `from` to `through`, in one
 * transaction: safe to repeat, and two runs at once wait for each other. Days after `through` that
 * were rolled up before must be rolled again: the job always rolls through the present.
 */
export async function rollUpAnalytics(db: Db, from: string, through: Date, now = new Date()): Promise<void> {
  if (through <= dayStart(from)) return;
  await db.transaction(async (tx) => {
    await lockRollups(tx);
    await rollUpDays(tx, from, through, now);
  });
  await analyzeRollups(db);
}

/** Rolls up whole days `from` to `to` (both included), as the job does once they are over. */
export function rollUpAnalyticsDays(db: Db, from: string, to: string, now = new Date()): Promise<void> {
  return rollUpAnalytics(db, from, dayStart(addDays(to, 1)), now);
}

/** The first day with raw rows that is not final (rolled through its end), up to today; null when none. */
export async function findFirstPendingDay(db: Db, now: Date): Promise<string | null> {
  const [row] = await selectRows<{ day: string | null }>(
    db,
    sql`
      with earliest as (
        select least((select min(created_at) from page_views), (select min(created_at) from activity_logs)) as at
      )
      select min(d)::date::text as day
      from earliest, generate_series((earliest.at at time zone 'UTC')::date, ${isoDay(now.getTime())}::date, interval '1 day') as d
      where earliest.at is not null
        and not exists (select 1 from analytics_rolled_days r where r.day = d::date and r.final)`,
  );
  return row?.day ?? null;
}

/** How far a rollup at `now` goes: the minute SETTLED_AFTER_MS before it. */
export const rolledThroughAt = (now: Date) =>
  new Date(Math.floor((now.getTime() - SETTLED_AFTER_MS) / MINUTE_MS) * MINUTE_MS);

/**
 * What the rollup job does, through the minute SETTLED_AFTER_MS before `now`: when the first day not
 * final is the last one rolled up (the usual case: today, or yesterday and today just after
 * midnight), adds the raw rows after its watermark to the stored rollups; otherwise (the first run,
 * or days never rolled up after a stop) rolls up every day from the first one not final. The
 * watermark is read under the lock and moved in the same transaction, so a run repeated, or two at
 * once, add each raw row once. Null when there was nothing to roll up.
 */
export async function rollUpPendingAnalytics(
  db: Db,
  now = new Date(),
): Promise<{ from: string; through: string; incremental: boolean } | null> {
  const through = rolledThroughAt(now);
  const rolled = await db.transaction(async (tx) => {
    await lockRollups(tx);
    const from = await findFirstPendingDay(tx, now);
    if (!from || through <= dayStart(from)) return null;
    const [last] = await selectRows<{ day: string; through: Date | string }>(
      tx,
      sql`select day::text as day, rolled_through as through from analytics_rolled_days order by day desc limit 1`,
    );
    if (last?.day !== from) {
      await rollUpDays(tx, from, through, now);
      return { from, through: through.toISOString(), incremental: false };
    }
    const since = new Date(last.through);
    if (since >= through) return null;
    await addRollups(tx, since, through, now);
    return { from, through: through.toISOString(), incremental: true };
  });
  // Statistics after a first pass, and once a day: an increment moves them little.
  if (rolled && (!rolled.incremental || rolled.from !== isoDay(through.getTime() - 1)))
    await analyzeRollups(db);
  return rolled;
}

/**
 * Deletes raw page views and activity rows older than `retentionDays`, but only of final days (a
 * day not rolled up keeps its rows whatever their age), and session days no longer looked back in.
 */
export async function pruneAnalyticsRaw(
  db: Db,
  retentionDays: number,
  now = new Date(),
): Promise<{ before: string }> {
  const today = isoDay(now.getTime());
  const pending = (await findFirstPendingDay(db, now)) ?? today;
  const cutoff = addDays(today, -retentionDays);
  const before = cutoff < pending ? cutoff : pending;
  await db.execute(sql`delete from page_views where created_at < ${dayStart(before)}`);
  await db.execute(sql`delete from activity_logs where created_at < ${dayStart(before)}`);
  await db.execute(
    sql`delete from analytics_session_days where day < ${addDays(pending < today ? pending : today, -LOOKBACK_DAYS - 1)}::date`,
  );
  return { before };
}
