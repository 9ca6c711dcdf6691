import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../src/server/db/client';
import type { ChangedEntity } from '../../src/server/lib/events';

/**
 * The tables a read model or a cached answer reads, each with the entities whose change events
 * make it read them again: the read models' `affects` and the tags each entity drops
 * (response-cache-plugin.ts) against the `cacheTags` of the routes that read the table.
 */
export const READ_TABLES: Record<string, readonly ChangedEntity[]> = {
  prop_firms: ['firm'],
  funding_models: ['firm'],
  firm_accounts: ['firm'],
  firm_platforms: ['firm'],
  firm_payout_methods: ['firm'],
  featured_firm: ['firm'],
  unlisted_firms: ['firm'],
  firm_rule_changes: ['firm'],
  // A coupon's save records its firm's prices after coupon; the price history carries `coupons`.
  account_price_history: ['firm', 'coupon'],
  // A new platform or payout method has no firm yet: only the lists of choices change.
  platforms: ['platform', 'firm'],
  payout_methods: ['platform', 'firm'],
  coupons: ['coupon'],
  coupon_votes: ['coupon'],
  blog_posts: ['post'],
  quick_updates: ['update'],
  reviews: ['review'],
  review_votes: ['review'],
  giveaways: ['giveaway'],
  giveaway_entries: ['giveaway'],
  // A points change moves the balance kept on the user's row.
  users: ['user', 'points'],
  newsletter_subscribers: ['subscriber'],
  payout_reports: ['payout'],
  firm_payout_records: ['payout'],
  // A firm with a current representative shows as claimed on its page, card and /compare.
  firm_representatives: ['firm'],
  // A firm's reply shows under its review or payout report: its change is its target's.
  firm_replies: ['review', 'payout'],
};

/** Tables no read model and no cached answer reads: a write to them needs no change event. */
export const UNREAD_TABLES: Record<string, string> = {
  sessions: "Better Auth's sign-in state",
  accounts: "Better Auth's credentials",
  verifications: "Better Auth's email and password-reset tokens",
  two_factor: "Better Auth's second-factor secrets",
  known_devices: 'the browsers a member signed in from, for new-device emails',
  passkeys: "Better Auth's passkeys, listed uncached on the profile",
  admin_audit_log: "the admins' history, read uncached",
  activity_logs: 'analytics, read by the uncached dashboards',
  page_views: 'analytics, read by the uncached dashboards',
  analytics_daily_counts: 'analytics, read by the uncached dashboards',
  analytics_hourly_counts: 'analytics, read by the uncached dashboards',
  analytics_rolled_days: 'analytics, read by the uncached dashboards',
  analytics_session_days: 'analytics, read by the uncached dashboards',
  job_runs: "the job runner's bookkeeping",
  points_ledger: "a member's points: their own answers and the admins', uncached",
  points_adjustments: "a member's points: their own answers and the admins', uncached",
  payouts: "a member's cash-outs: their own answers and the admins', uncached",
  cashback_claims: "a member's claims: their own answers and the admins', uncached",
  offer_postbacks: "the offerwalls' log, read by admins",
  review_awards: 'the weekly winners, answered uncached',
  review_reports: 'the moderation queue, read by admins',
  payout_report_images: 'private evidence, never in a public answer',
  firm_payout_tier_history: 'kept for the record; no answer reads it',
  coupon_uses: "one row per visitor and day so a use counts once; the count is the coupon's own",
  contact_messages: "the admins' inbox",
  contact_replies: "the admins' inbox",
  newsletter_sends: "the digest's send log",
  firm_follows: "a member's own follows, answered uncached",
  saved_searches: "a member's own alerts, answered uncached",
  option_alert_states: "a member's own alerts, answered uncached",
  saved_search_alerts: "a member's own alerts, answered uncached",
  option_alert_changes: "a member's own alerts, answered uncached",
  firm_claims: "claims to a firm's profile: the claimant's own and the admins', uncached",
  firm_change_requests:
    "a firm's proposed corrections: its representatives' console and the admins', uncached",
};

/**
 * Routes that write a table read by a read model or a cached answer, but only rows none of them
 * reads, by table, with why.
 */
export const UNSEEN_WRITES: Record<string, Record<string, string>> = {
  'POST /api/firms/:slug/payout-reports': {
    payout_reports: 'a new report waits for an admin; only verified reports are read',
  },
  'POST /api/newsletter/subscribe': {
    newsletter_subscribers: 'the address waits for its confirmation; only confirmed ones are counted',
  },
};

/** What one request wrote (committed) and which entities its change events named. */
interface RequestWrites {
  tables: Set<string>;
  entities: Set<string>;
}

const requests = new AsyncLocalStorage<RequestWrites>();
/** The tables written inside the innermost open transaction: counted once it commits. */
const openTransaction = new AsyncLocalStorage<Set<string>>();

// `on conflict ... do update set` is not an update of a table of its own, nor `for update` a write.
const WRITE =
  /\b(?:insert\s+into|delete\s+from|update)\s+"?([a-z_][a-z0-9_]*)"?(?:\s+as\s+\w+)?\s+(?:\(|values|set|select|where|using|default|returning|$)/gi;

/** The tables a statement writes. */
export function tablesWrittenBy(statement: string): string[] {
  return [...statement.matchAll(WRITE)].map((m) => m[1]).filter((table) => table.toLowerCase() !== 'set');
}

/** Sees every statement of the test databases (tests/setup/test-database.ts). */
export const writeLogger: Logger = {
  logQuery(query) {
    const into = openTransaction.getStore() ?? requests.getStore()?.tables;
    if (into) for (const table of tablesWrittenBy(query)) into.add(table);
  },
};

const wrapped = new WeakSet<Db>();

/** A transaction's writes count for its request once it commits; a rolled back one wrote nothing. */
function watchTransactions(db: Db): void {
  if (wrapped.has(db)) return;
  wrapped.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = ((write, config) => {
    const parent = openTransaction.getStore() ?? requests.getStore()?.tables;
    const written = new Set<string>();
    return transaction((tx) => openTransaction.run(written, () => write(tx)), config).then((result) => {
      for (const table of written) parent?.add(table);
      return result;
    });
  }) as Db['transaction'];
}

/** Why a request's writes leave a read model or a cached answer stale, or nothing. */
function staleWritesOf(route: string, writes: RequestWrites): string[] {
  const problems: string[] = [];
  for (const table of writes.tables) {
    if (table in UNREAD_TABLES || UNSEEN_WRITES[route]?.[table]) continue;
    const entities = READ_TABLES[table];
    if (!entities)
      problems.push(`wrote ${table}, which tests/setup/write-check.ts lists neither as read nor as unread`);
    else if (!entities.some((entity) => writes.entities.has(entity)))
      problems.push(`wrote ${table} and published no ${entities.join(' or ')} change`);
  }
  return problems;
}

/**
 * Checks every request of a test app: one that answers without an error and wrote a table a read
 * model or a cached answer reads must have published a change of that table's entity (through
 * `Changes.commit`), or those stay stale. Returns the requests that did not, as they come.
 */
export function checkWrites(app: FastifyInstance): string[] {
  const failures: string[] = [];
  watchTransactions(app.database.db);
  app.changes.subscribe((events) => {
    const writes = requests.getStore();
    if (writes) for (const event of events) writes.entities.add(event.type.split('.')[0]);
  });
  // Fastify runs the hooks after the body is read from the body stream's events, outside the
  // context set when the request came: each request's is kept and entered again (as
  // @fastify/request-context does).
  const scopes = new WeakMap<FastifyRequest, { scope: AsyncResource; writes: RequestWrites }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const writes: RequestWrites = { tables: new Set(), entities: new Set() };
    requests.run(writes, () => {
      const scope = new AsyncResource('write-check');
      scopes.set(request, { scope, writes });
      scope.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const entry = scopes.get(request);
    if (entry) entry.scope.runInAsyncScope(done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const entry = scopes.get(request);
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    if (entry && reply.statusCode < 400)
      for (const problem of staleWritesOf(route, entry.writes)) failures.push(`${route}: ${problem}`);
    done();
  });
  return failures;
}
