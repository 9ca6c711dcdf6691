/**
 * Fuzzing: every operation of the OpenAPI document gets requests generated from its own schema
 * and from hostile shapes. The properties: never a 5xx, and a refused request (4xx) changes no
 * row of any table. A new route is fuzzed as soon as it is in the document (any route without
 * `schema.hide`). FUZZ_RUNS sets the cases per route (1,000 unless given; `npm run fuzz` runs 10,000).
 *
 * The routes are shared between the `fuzz-*.test.ts` files (every `parts`-th route from `part`),
 * each with its own app and database, so the suite's workers fuzz side by side.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../setup/test-app';
import { seedReliabilityData } from './fixtures';
import {
  arbitraryOf,
  hostileRawBody,
  hostileString,
  hostileValue,
  type Operation,
  operationsOf,
  type RawBody,
} from './openapi';
import { installWriteLog, type WriteLog } from './write-log';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Who = 'anonymous' | 'unverified' | 'verified' | 'admin' | 'forged';

interface Case {
  params: Record<string, string>;
  rawPath: boolean;
  query: Record<string, unknown> | string;
  body: { json: unknown } | { raw: RawBody } | undefined;
  who: Who;
  origin: string | undefined;
  ip: string;
}

/** Values for one path parameter: what the schema takes, real slugs and ids, traversal and junk. */
const paramArbitrary = (schema: Operation['parameters'][number]['schema'], slugs: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: arbitraryOf(schema).map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...(slugs.length ? slugs : ['x'])) },
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );

const queryValue = (schema: Operation['parameters'][number]['schema']) =>
  fc.oneof(
    { weight: 5, arbitrary: arbitraryOf(schema) },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  );

function caseArbitrary(op: Operation, slugs: string[]): fc.Arbitrary<Case> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const params = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, paramArbitrary(p.schema, slugs)])),
  );
  const structuredQuery = fc
    .tuple(
      fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p.schema)])), {
        requiredKeys: [],
      }),
      fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'x', 'page[]', 'a.b'), hostileString, {
        maxKeys: 2,
      }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
  const rawQuery = fc.constantFrom(
    '%',
    '%zz',
    'a=%E0%A4%A',
    'page=1&page=2',
    '&&&=&',
    `q=${'x'.repeat(10_000)}`,
    'a[b][c]=1',
  );
  const jsonSchema = op.body?.content['application/json'];
  const validBody = jsonSchema ? arbitraryOf(jsonSchema) : fc.constant(undefined);
  const mutatedBody = jsonSchema
    ? fc
        .tuple(arbitraryOf(jsonSchema), fc.string({ maxLength: 10 }), hostileValue)
        .map(([body, key, bad]) => {
          if (!body || typeof body !== 'object' || Array.isArray(body)) return bad;
          const keys = Object.keys(body);
          const target = keys.length ? keys[key.length % keys.length] : key;
          return { ...body, [target]: bad };
        })
    : fc.constant(undefined);
  const body: fc.Arbitrary<Case['body']> = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: validBody.map((json) => ({ json })) },
        { weight: 3, arbitrary: mutatedBody.map((json) => ({ json })) },
        { weight: 1, arbitrary: hostileValue.map((json) => ({ json })) },
        { weight: 2, arbitrary: hostileRawBody.map((raw) => ({ raw })) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileRawBody.map((raw) => ({ raw })) },
      );
  return fc.record({
    params,
    rawPath: fc.boolean(),
    query: fc.oneof({ weight: 6, arbitrary: structuredQuery }, { weight: 1, arbitrary: rawQuery }),
    body,
    who: fc.constantFrom('anonymous', 'anonymous', 'unverified', 'verified', 'verified', 'admin', 'forged'),
    origin: fc.constantFrom(TEST_ORIGIN, TEST_ORIGIN, TEST_ORIGIN, undefined, 'https://evil.example', 'null'),
    ip: fc.constantFrom('10.200.0.1', '10.200.0.2', '10.200.0.3', '2001:db8::1'),
  });
}

const toQueryString = (query: Case['query']) => {
  if (typeof query === 'string') return query;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  return search.toString();
};

/** Percent-encodes a path segment; lone surrogates (which encodeURIComponent refuses) go as U+FFFD, as a browser sends them. */
const encodeSegment = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

/** The URL of a case. Raw path segments keep printable ASCII as is, so `../` reaches the router. */
function urlOf(op: Operation, c: Case): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = c.params[name] ?? '';
    if (!c.rawPath || !/^[\x21-\x7e]*$/.test(value) || /[?#]/.test(value)) return encodeSegment(value);
    return value;
  });
  const query = toQueryString(c.query);
  return query ? `${path}?${query}` : path;
}

const describeCase = (op: Operation, c: Case, url: string) =>
  JSON.stringify(
    {
      method: op.method,
      url: url.slice(0, 300),
      who: c.who,
      origin: c.origin,
      body: c.body && 'raw' in c.body ? c.body.raw.name : c.body,
    },
    (_k, v) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}... (${v.length} chars)` : v),
  );

/**
 * Registers the fuzz tests of every `parts`-th route of the OpenAPI document, from the `part`-th
 * (1-based). Called at collection time: the routes come from the running app's document, and each
 * gets its own test. One app and database serve every case of the file.
 */
export async function fuzzRoutes(part: number, parts: number): Promise<void> {
  const ctx: TestContext = await createTestApp();
  const { slugs } = await seedReliabilityData(ctx);
  const cookies: Record<Who, string | undefined> = {
    anonymous: undefined,
    unverified: (await signUpUser(ctx, { prefix: 'fzu' })).cookie,
    verified: (await signUpUser(ctx, { prefix: 'fzv', verified: true })).cookie,
    admin: (await signUpUser(ctx, { prefix: 'fza', verified: true, admin: true })).cookie,
    forged: 'better-auth.session_token=forged.signature; pfc_visitor=%00%ff',
  };
  const writes: WriteLog = await installWriteLog(ctx.database);
  const operations: Operation[] = operationsOf(ctx.app.swagger());
  afterAll(() => ctx.close());

  const timings: string[] = [];
  const suiteStarted = Date.now();
  afterAll(() => {
    console.info(
      `fuzzed ${timings.length} routes x ${RUNS} cases in ${Math.round((Date.now() - suiteStarted) / 1000)} s\n${timings.join('\n')}`,
    );
  });

  describe(`fuzzing every route of the OpenAPI document (part ${part} of ${parts})`, () => {
    it('has routes to fuzz, and the write log watches every table', async () => {
      expect(operations.length).toBeGreaterThan(20);
      expect((await writes.tables()).length).toBeGreaterThan(10);
      // Two writes whose log ids straddle a power of ten (99 and 100, say): read in id order, not
      // as text, the position lands after both and the next read sees nothing.
      const before = await writes.position();
      const straddle = 10 ** String(before + 2).length;
      await ctx.database.db.execute(sql`SELECT setval('reliability_write_log_id_seq', ${straddle - 2})`);
      await ctx.database.db.execute(
        sql`UPDATE prop_firms SET name = name WHERE id IN (SELECT id FROM prop_firms ORDER BY id LIMIT 2)`,
      );
      expect(await writes.since(before)).toEqual({ position: straddle, changed: ['prop_firms UPDATE x2'] });
      expect(await writes.since(straddle)).toEqual({ position: straddle, changed: [] });
    });

    for (const op of operations.filter((_, i) => i % parts === part - 1)) {
      it(`${op.method} ${op.path}: never 5xx; a refused request changes nothing`, {
        timeout: 3_600_000,
      }, async () => {
        const started = Date.now();
        const statuses = new Map<number, number>();
        // Each case's check leaves the log's position after its own writes (and a 2xx case's).
        let before = await writes.position();
        await fc.assert(
          fc.asyncProperty(caseArbitrary(op, slugs), async (c) => {
            const url = urlOf(op, c);
            const headers: Record<string, string> = { 'x-forwarded-for': c.ip };
            const cookie = cookies[c.who];
            if (cookie) headers.cookie = cookie;
            if (c.origin) headers.origin = c.origin;
            let payload: string | Buffer | undefined;
            if (c.body && 'json' in c.body && c.body.json !== undefined) {
              payload = JSON.stringify(c.body.json) ?? 'null';
              headers['content-type'] = 'application/json';
            } else if (c.body && 'raw' in c.body) {
              payload = c.body.raw.body;
              headers['content-type'] = c.body.raw.contentType;
            }
            const res = await ctx.app.inject({ method: op.method as 'GET', url, headers, payload });
            // Accepted analytics events are written in batches (decision 0031), and a route may start
            // a job and answer 202 (the deals email): both write now, as this case's writes.
            await ctx.app.analyticsIngest.flush();
            await ctx.app.jobs.idle();
            const { position, changed } = await writes.since(before);
            before = position;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) {
              throw new Error(`${res.statusCode} ${res.body.slice(0, 300)} for ${describeCase(op, c, url)}`);
            }
            if (res.statusCode >= 400 && changed.length) {
              throw new Error(
                `refused with ${res.statusCode} but wrote ${changed.join(', ')} for ${describeCase(op, c, url)}`,
              );
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        timings.push(
          `${op.method} ${op.path}: ${Date.now() - started} ms, ${[...statuses]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}x${n}`)
            .join(' ')}`,
        );
      });
    }
  });
}
