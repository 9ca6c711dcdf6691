/**
 * The bench's "Admin saves during traffic" row: cold load on the challenge finder (API and page),
 * the directory page and firm pages, with an admin saving one firm every second (a price change and
 * a rule change in turn) against the same load with no saves, alternated; and how long after each
 * save its change shows in every read model: the directory, the finder, the firm page and search.
 */
import autocannon from 'autocannon';
import { challengeFilters } from './cold-urls';
import { signInAdmin } from './server-command';

export interface ListedFirm {
  id: number;
  slug: string;
  name: string;
}

interface Round {
  p50: number;
  p99: number;
  rps: number;
}

const SAVE_EVERY_MS = 1000;
/** Prices far above any generated one (even after a coupon): the saved options are the finder's most expensive. */
const PRICE_BASE = 90_000;

/** Cold URLs of the four kinds in turn, each new to the server. */
function coldMix(firms: readonly ListedFirm[]) {
  const pages = Math.ceil(firms.length / 24);
  let i = 0;
  return () => {
    const n = i++;
    switch (n % 4) {
      case 0:
        return `/api/challenges?${challengeFilters(n, 'api')}`;
      case 1:
        return `/challenges?${challengeFilters(n, 'page')}`;
      case 2:
        return `/firms?sort=rating&page=${1 + (n % pages)}&_=${n}`;
      default:
        return `/firm/${firms[(n * 7919) % firms.length].slug}?_=${n}`;
    }
  };
}

interface AdminFirm {
  id: number;
  version: number;
  shortDescription: string | null;
  fundingModels: { profitSplit: number | null; accounts: { id?: number; price: number }[] }[];
  [field: string]: unknown;
}

/**
 * Saves firms one a second through the admin API, each save changing the firm's short description
 * (shown by the directory, the firm page and search) and, in turn, the price of its first account or
 * the profit split of its first model (shown by the finder); when watching, then asks each read
 * model until the change shows, and keeps the time to the last of them. The rounds that measure the
 * load's p99 do not watch: the asking is load of its own, which the rounds without saves lack.
 */
class Saver {
  private n = 0;
  readonly visibleMs: number[] = [];
  readonly fromCommitMs: number[] = [];
  private running = false;
  private watching = false;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly base: string,
    private readonly cookie: string,
    private readonly firms: readonly ListedFirm[],
  ) {}

  start(watch: boolean): void {
    this.running = true;
    this.watching = watch;
    this.loop = (async () => {
      while (this.running) {
        const started = performance.now();
        await this.saveOne();
        await new Promise((r) => setTimeout(r, Math.max(0, SAVE_EVERY_MS - (performance.now() - started))));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async api(path: string, init: RequestInit = {}) {
    const res = await fetch(`${this.base}${path}`, {
      ...init,
      headers: { cookie: this.cookie, origin: this.base, 'content-type': 'application/json' },
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  private async saveOne(): Promise<void> {
    const n = ++this.n;
    const listed = this.firms[(n * 104_729) % this.firms.length];
    const firm = (await this.api(`/api/admin/firms/${listed.id}`)) as AdminFirm;
    const { id: _id, version, createdAt: _c, updatedAt: _u, ...input } = firm;
    const marker = `Bench save ${n} ${Date.now()}`;
    const price = n % 2 === 1;
    const model = firm.fundingModels.find((m) => m.accounts.length > 0);
    if (!model) return;
    // A price with cents no other option has, or a profit split with decimals none has.
    const value = price ? PRICE_BASE + n / 100 : 50 + (n % 40) + (n % 97) / 100 + 0.001;
    if (price) model.accounts[0].price = value;
    else model.profitSplit = value;
    input.shortDescription = marker;
    const sent = performance.now();
    const saved = await fetch(`${this.base}/api/admin/firms/${listed.id}`, {
      method: 'PUT',
      headers: { cookie: this.cookie, origin: this.base, 'content-type': 'application/json' },
      body: JSON.stringify({ version, firm: input }),
    });
    if (!saved.ok) throw new Error(`PUT firm ${listed.id}: ${saved.status} ${await saved.text()}`);
    await saved.arrayBuffer();
    // The commit: the answer's arrival less the time it waited, after the commit, for the read
    // models (its Server-Timing `models`); the time from the commit to the handler's end is left in.
    const waited = Number(/models;dur=([\d.]+)/.exec(saved.headers.get('server-timing') ?? '')?.[1]);
    if (!Number.isFinite(waited)) throw new Error('the save answered without its Server-Timing');
    const committed = performance.now() - waited;
    if (!this.watching) return;
    const accountId = model.accounts[0].id;
    let poll = 0;
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 2000; i++) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`save ${n} of ${listed.slug} never showed`);
    };
    const text = async (path: string) => (await fetch(`${this.base}${path}`)).text();
    // Each ask a new URL (a cached answer would hide nothing: a firm's change purges its tags).
    await Promise.all([
      until(async () =>
        (await text(`/api/firms?q=${encodeURIComponent(listed.name)}&_=${n}.${++poll}`)).includes(marker),
      ),
      until(async () => (await text(`/firm/${listed.slug}?_=${n}.${++poll}`)).includes(marker)),
      until(async () =>
        (await text(`/api/search/firms?q=${encodeURIComponent(listed.name)}&_=${n}.${++poll}`)).includes(
          marker,
        ),
      ),
      until(async () => {
        const query = price
          ? `sort=price&order=desc&pageSize=100&priceMax=${PRICE_BASE * 10 + ++poll / 100}`
          : `sort=profitSplit&order=asc&pageSize=100&profitSplitMin=${value}&priceMax=${PRICE_BASE * 10 + ++poll / 100}`;
        const body = (await (await fetch(`${this.base}/api/challenges?${query}`)).json()) as {
          options: { account: { id: number; price: number }; model: { profitSplit: number | null } }[];
        };
        const option = body.options.find((o) => o.account.id === accountId);
        return (
          option !== undefined &&
          (price ? option.account.price === value : option.model.profitSplit === value)
        );
      }),
    ]);
    const visible = performance.now();
    this.visibleMs.push(visible - sent);
    this.fromCommitMs.push(visible - committed);
  }
}

async function coldRound(base: string, seconds: number, next: () => string): Promise<Round> {
  const r = await autocannon({
    url: base,
    connections: 10,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`cold mix: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

export const SAVES_P99_GOAL = 1.2;
export const VISIBLE_GOAL_MS = 200;

/**
 * Three rounds of each, alternated (no saves, then saves without watching), after a warm-up round:
 * the p99 of the best round of each (other work on the machine only slows a round down); then a
 * round of saves watched until visible, for the percentiles of save-to-visible.
 */
export async function runAdminSavesBench(
  base: string,
  firms: readonly ListedFirm[],
  admin: { email: string; password: string },
  seconds: number,
  label: string,
): Promise<void> {
  const next = coldMix(firms);
  const saver = new Saver(base, await signInAdmin(base, admin), firms);
  await coldRound(base, seconds, next); // warm-up
  const quiet: Round[] = [];
  const saving: Round[] = [];
  const withSaves = async (watch: boolean) => {
    saver.start(watch);
    try {
      return await coldRound(base, seconds, next);
    } finally {
      await saver.stop();
    }
  };
  for (let i = 0; i < 3; i++) {
    quiet.push(await coldRound(base, seconds, next));
    saving.push(await withSaves(false));
  }
  // Save to visible: saves under the same load, each watched until every model shows it.
  await withSaves(true);
  const bestOf = (rounds: Round[]) => rounds.reduce((a, b) => (b.p99 < a.p99 ? b : a));
  const a = bestOf(quiet);
  const b = bestOf(saving);
  const ratio = b.p99 / a.p99;
  const line = (name: string, r: Round) =>
    `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms`;
  const seen = saver.visibleMs;
  console.log(
    `\nAdmin saves during traffic, ${label} (cold /api/challenges, /challenges, /firms, /firm/{slug} in turn; 10 connections, ${seconds} s a round, best of 3 alternated)`,
  );
  console.log(line('no saves', a));
  console.log(
    `${line('one firm saved a second', b)}  p99 ratio ${ratio.toFixed(2)}x  (goal <= ${SAVES_P99_GOAL}x: ${ratio <= SAVES_P99_GOAL ? 'met' : 'missed'})`,
  );
  const p = (values: number[], q: number) => percentile(values, q).toFixed(0);
  const fromCommit = saver.fromCommitMs;
  console.log(
    `  save to visible in directory, finder, firm page and search (${seen.length} saves): from its commit p50 ${p(fromCommit, 50)} ms  p99 ${p(fromCommit, 99)} ms  max ${p(fromCommit, 100)} ms  (goal p99 <= ${VISIBLE_GOAL_MS} ms: ${percentile(fromCommit, 99) <= VISIBLE_GOAL_MS ? 'met' : 'missed'}); from the save's request p50 ${p(seen, 50)} ms  p99 ${p(seen, 99)} ms`,
  );
}
