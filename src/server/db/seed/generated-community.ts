// Generated traders, reviews and points for benchmarks: never part of the demo seed or of `npm start`.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { selectRows } from '../select-rows';

/** How much community to generate: the bench's small set and its grown set (100x). */
export interface CommunitySize {
  users: number;
  reviews: number;
  /** Points-ledger rows of the generated users (a trader's own come from `seedTraderLedger`). */
  ledger: number;
}

/** The Zipf exponent of reviews per firm: a long tail, a few firms with thousands. */
const ZIPF = 1.1;
/** Every held review is 1 in this many; open reports on 1 in REPORTED published reviews. */
const HELD = 1000;
const REPORTED = 2000;
const DAY_SECONDS = 86_400;
/** The indexes of the admin user search (db/schema/auth.ts). */
const USER_TRGM_INDEXES = ['users_email_trgm_idx', 'users_name_trgm_idx', 'users_username_trgm_idx'];
const REVIEW_SPAN_DAYS = 3 * 365;

/**
 * The generated traders' names: trader `i` is FIRST_NAMES[i % 32] LAST_NAMES[floor(i / 32) % 32],
 * username their two names lower-cased and a three-digit number (floor(i / 1024) + 100: unique,
 * and never the start of another's), email the username at an example domain. As varied as a
 * site's real members (a shared prefix such as `trader-` would put every user under the search
 * index's commonest trigrams), and the same for `i` on every run.
 */
const FIRST_NAMES =
  'Alex Sam Jordan Taylor Morgan Casey Riley Jamie Avery Quinn Harper Rowan Elena Marco Priya Kenji Lucas Sofia Omar Nadia Ivan Chloe Diego Hana Felix Greta Tomas Yara Noah Leila Arjun Mei'.split(
    ' ',
  );
const LAST_NAMES =
  'Walker Keller Novak Silva Okafor Tanaka Moreau Fischer Rossi Khan Larsen Duarte Nguyen Petrov Haddad Byrne Costa Lindqvist Mendes Ferreira Kowalski Reyes Sato Osei Brennan Varga Ibrahim Holm Castillo Dubois Weber Marsh'.split(
    ' ',
  );
const NAMES = FIRST_NAMES.length * LAST_NAMES.length;
const MAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** A generated trader's username (`i` from 0): see FIRST_NAMES. */
export const benchUsername = (i: number) =>
  `${FIRST_NAMES[i % FIRST_NAMES.length]}${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}${Math.floor(i / NAMES) + 100}`.toLowerCase();

/** The same names in SQL, for trader `i` (an integer expression). */
const textArray = (list: string[]) => sql.raw(`array[${list.map((x) => `'${x}'`).join(', ')}]`);
const firstNameOf = (i: SQL) => sql`(${textArray(FIRST_NAMES)})[1 + ${i} % ${FIRST_NAMES.length}]`;
const lastNameOf = (i: SQL) =>
  sql`(${textArray(LAST_NAMES)})[1 + (${i} / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;
const usernameOf = (i: SQL) => sql`lower(${firstNameOf(i)} || ${lastNameOf(i)} || (${i} / ${NAMES} + 100))`;

/**
 * Reviews per firm, by the firm's rank: Zipf-distributed (rank k gets about A/(k+1)^ZIPF), each at
 * most `cap`, summing to exactly `total`. Deterministic.
 */
export function reviewCounts(firms: number, total: number, cap: number): number[] {
  const weights = Array.from({ length: firms }, (_, k) => 1 / (k + 1) ** ZIPF);
  const filled = (scale: number) => weights.map((w) => Math.min(cap, Math.floor(scale * w)));
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  let scale = total / sum(weights);
  for (let i = 0; i < 60; i++) scale *= total / Math.max(1, sum(filled(scale)));
  const counts = filled(scale);
  let missing = total - sum(counts);
  // What the rounding left out goes to the smallest firms, one each from the end of the tail.
  for (let k = firms - 1; missing > 0; k = (k + firms - 1) % firms) {
    if (counts[k] < cap) {
      counts[k]++;
      missing--;
    }
  }
  while (missing < 0) {
    const k = counts.indexOf(Math.max(...counts));
    counts[k]--;
    missing++;
  }
  return counts;
}

/**
 * Adds `size.users` verified traders, `size.reviews` reviews of the listed firms (Zipf over the
 * firms in a fixed shuffled order, at most a quarter of the users per firm, one per user and firm,
 * over three years; 1 in 1,000 held for moderation, open reports on 1 in 2,000) and `size.ledger`
 * points-ledger rows spread over the traders (their balances set to match), in bulk SQL
 * (generate_series): the same data for the same size on every run.
 */
export async function seedGeneratedCommunity(db: Db, size: CommunitySize): Promise<void> {
  // In one transaction with the foreign keys' triggers off (the rows meet them by construction),
  // as a bulk load runs: a check per row would take most of the time. Every trigger is off, so the
  // reports' review_created_at (set by a trigger otherwise) is written here.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await insertCommunity(tx as unknown as Db, size);
  });
}

async function insertCommunity(db: Db, size: CommunitySize): Promise<void> {
  const users = size.users;
  // The users' trigram indexes take the rows in bulk (a pending list merged once), not row by row.
  for (const index of USER_TRGM_INDEXES)
    await db.execute(sql.raw(`alter index ${index} set (fastupdate = on)`));
  const i = sql`i`;
  await db.execute(sql`
    insert into users (id, name, email, email_verified, first_name, username, display_username, created_at, updated_at)
    select 'bench-user-' || lpad(i::text, 6, '0'),
      ${firstNameOf(i)} || ' ' || ${lastNameOf(i)},
      ${usernameOf(i)} || '@' || (${textArray(MAIL_DOMAINS)})[1 + i % ${MAIL_DOMAINS.length}],
      true,
      ${firstNameOf(i)},
      ${usernameOf(i)},
      ${usernameOf(i)},
      now() - ((${users} - i) * interval '7 minutes'),
      now() - ((${users} - i) * interval '7 minutes')
    from generate_series(0, ${users - 1}) as i`);
  for (const index of USER_TRGM_INDEXES) {
    await db.execute(sql.raw(`select gin_clean_pending_list('${index}')`));
    await db.execute(sql.raw(`alter index ${index} set (fastupdate = off)`));
  }

  const [{ firms }] = await selectRows<{ firms: number }>(
    db,
    sql`select count(*)::int as firms from prop_firms where status = 'listed'`,
  );
  const counts = reviewCounts(Number(firms), size.reviews, Math.floor(users / 4));
  await db.execute(sql`
    insert into reviews (prop_firm_id, user_id, rating, title, comment, status, auto_checks, is_verified, created_at)
    select f.id,
      'bench-user-' || lpad(((c.k * 7919 + j) % ${users})::text, 6, '0'),
      (array[5, 4, 5, 3, 4, 2, 5, 1, 4, 5])[1 + (j * 7 + c.k) % 10],
      (array['Smooth payouts so far', 'Strict but fair', 'Support took a while', 'Would not return', 'Clear rules, fast payout'])[1 + (j + c.k) % 5],
      'Traded the ' || (array['10k', '25k', '50k', '100k', '200k'])[1 + (j * 3 + c.k) % 5]
        || ' account for ' || (1 + j % 11) || ' months. '
        || (array['Rules were clear and the dashboard showed the drawdown live.', 'The payout took longer than promised but arrived in full.', 'Spreads widened at news and support did not answer on weekends.', 'Passed the evaluation on the second try; the scaling plan is generous.'])[1 + (j * 5 + c.k) % 4],
      case when (j * 13 + c.k) % ${HELD} = 0 then 'held' else 'published' end,
      case when (j * 13 + c.k) % ${HELD} = 0 then array['link']::text[] else array[]::text[] end,
      j % 4 = 0,
      now() - (((j::bigint * 104729 + c.k * 31) % ${REVIEW_SPAN_DAYS * DAY_SECONDS}) * interval '1 second')
    from unnest(${sql.raw(`array[${counts.join(',')}]`)}::int[]) with ordinality as c(n, k)
    join (select id, row_number() over (order by md5(slug)) as k from prop_firms where status = 'listed') f on f.k = c.k
    cross join lateral generate_series(0, c.n - 1) as j`);
  await db.execute(sql`
    insert into review_reports (review_id, user_id, reason, created_at, review_created_at)
    select r.id, 'bench-user-' || lpad(((r.id * 31 + 1) % ${users})::text, 6, '0'), 'spam', r.created_at + interval '1 hour', r.created_at
    from reviews r
    where r.status = 'published' and r.user_id like 'bench-user-%' and r.id % ${REPORTED} = 7
      and r.user_id <> 'bench-user-' || lpad(((r.id * 31 + 1) % ${users})::text, 6, '0')`);

  await db.execute(sql`
    insert into points_ledger (user_id, delta, reason, reference, idempotency_key, created_at)
    select 'bench-user-' || lpad((i % ${users})::text, 6, '0'), 10 + i % 90, 'offer',
      'offer:offerwall:bench-' || i, 'bench-ledger-' || i,
      now() - ((${size.ledger} - i) * interval '1 minute')
    from generate_series(0, ${size.ledger - 1}) as i`);
  await db.execute(sql`
    update users set points = l.total
    from (select user_id, sum(delta)::int as total from points_ledger where user_id like 'bench-user-%' group by user_id) l
    where users.id = l.user_id`);
}

/** `rows` offer credits for one user, newest last, with their balance. */
export async function seedTraderLedger(db: Db, userId: string, rows: number): Promise<void> {
  await db.execute(sql`
    insert into points_ledger (user_id, delta, reason, reference, idempotency_key, created_at)
    select ${userId}, 10 + i % 90, 'offer', 'offer:offerwall:trader-' || i, 'bench-trader-' || ${userId} || '-' || i,
      now() - ((${rows} - i) * interval '1 hour')
    from generate_series(0, ${rows - 1}) as i`);
  await db.execute(sql`
    update users set points = (select sum(delta)::int from points_ledger where user_id = ${userId})
    where id = ${userId}`);
}
