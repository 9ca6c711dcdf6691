import {
  CHALLENGE_ASSETS,
  CHALLENGE_BOOLEAN_FILTERS,
  CHALLENGE_MAX_PAGE,
  CHALLENGE_SORTS,
  type ChallengeAsset,
  type ChallengeBooleanFilter,
  type ChallengeSort,
  DEFAULT_MONTHS_PER_ATTEMPT,
  DEFAULT_PASS_RATE,
  DRAWDOWN_TYPES,
  type DrawdownType,
  MONTHS_PER_ATTEMPT_MAX,
  sortUsesAssumptions,
} from '../../../domain/challenge-rules';
import { PAYOUT_RECORD_FILTERS, type PayoutRecordFilter } from '../../../domain/payout-rules';

/**
 * Everything /challenges shows, read from and written to its address: filters, sort, page, and the
 * trader's pass rate (in %) and months per attempt. Values the page does not know (utm_* and the
 * like) or cannot read are ignored, so a shared link always opens.
 */
export interface ChallengeState {
  size: number[];
  sizeMin: number | null;
  sizeMax: number | null;
  steps: number[];
  asset: ChallengeAsset[];
  drawdownType: DrawdownType[];
  dailyDrawdownMin: number | null;
  maxDrawdownMin: number | null;
  targetMax: number | null;
  priceMax: number | null;
  profitSplitMin: number | null;
  platform: string[];
  country: string;
  flags: Partial<Record<ChallengeBooleanFilter, boolean>>;
  /** The firm's payout record tier at least this. */
  payoutRecord: PayoutRecordFilter | null;
  sort: ChallengeSort;
  order: 'asc' | 'desc' | null;
  page: number;
  /** Pass rate in percent, 1-100. */
  pass: number;
  months: number;
}

export const DEFAULT_PASS_PERCENT = DEFAULT_PASS_RATE * 100;

export const EMPTY_CHALLENGE_STATE: ChallengeState = {
  size: [],
  sizeMin: null,
  sizeMax: null,
  steps: [],
  asset: [],
  drawdownType: [],
  dailyDrawdownMin: null,
  maxDrawdownMin: null,
  targetMax: null,
  priceMax: null,
  profitSplitMin: null,
  platform: [],
  country: '',
  flags: {},
  payoutRecord: null,
  sort: 'price',
  order: null,
  page: 1,
  pass: DEFAULT_PASS_PERCENT,
  months: DEFAULT_MONTHS_PER_ATTEMPT,
};

const NUMBER_FILTERS = [
  ['sizeMin', 0, 100_000_000],
  ['sizeMax', 0, 100_000_000],
  ['dailyDrawdownMin', 0, 100],
  ['maxDrawdownMin', 0, 100],
  ['targetMax', 0, 100],
  ['priceMax', 0, 10_000_000],
  ['profitSplitMin', 0, 100],
] as const;
export type NumberFilter = (typeof NUMBER_FILTERS)[number][0];

const readNumber = (text: string | null, min: number, max: number, whole = false): number | null => {
  if (text == null || text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) return null;
  return n;
};

const unique = <T>(values: T[]) => [...new Set(values)];

export function parseChallengeState(search: URLSearchParams): ChallengeState {
  const state: ChallengeState = { ...EMPTY_CHALLENGE_STATE, flags: {} };
  state.size = unique(search.getAll('size').flatMap((v) => readNumber(v, 1, 100_000_000, true) ?? [])).slice(
    0,
    20,
  );
  state.steps = unique(search.getAll('steps').flatMap((v) => readNumber(v, 0, 3, true) ?? []));
  state.asset = unique(
    search
      .getAll('asset')
      .filter((v): v is ChallengeAsset => (CHALLENGE_ASSETS as readonly string[]).includes(v)),
  );
  state.drawdownType = unique(
    search
      .getAll('drawdownType')
      .filter((v): v is DrawdownType => (DRAWDOWN_TYPES as readonly string[]).includes(v)),
  );
  state.platform = unique(search.getAll('platform').filter((v) => /^[a-z0-9][a-z0-9-]{0,59}$/.test(v))).slice(
    0,
    20,
  );
  for (const [name, min, max] of NUMBER_FILTERS) {
    state[name] = readNumber(search.get(name), min, max, name === 'sizeMin' || name === 'sizeMax');
  }
  if (state.sizeMin != null && state.sizeMax != null && state.sizeMin > state.sizeMax) state.sizeMax = null;
  state.country = (search.get('country') ?? '').trim().slice(0, 100);
  for (const flag of CHALLENGE_BOOLEAN_FILTERS) {
    const value = search.get(flag);
    if (value === 'true' || value === 'false') state.flags[flag] = value === 'true';
  }
  const payoutRecord = search.get('payoutRecord');
  state.payoutRecord = PAYOUT_RECORD_FILTERS.find((f) => f === payoutRecord) ?? null;
  const sort = search.get('sort');
  state.sort = (CHALLENGE_SORTS as readonly string[]).includes(sort ?? '')
    ? (sort as ChallengeSort)
    : 'price';
  const order = search.get('order');
  state.order = order === 'asc' || order === 'desc' ? order : null;
  state.page = readNumber(search.get('page'), 1, CHALLENGE_MAX_PAGE, true) ?? 1;
  state.pass = readNumber(search.get('pass'), 1, 100) ?? DEFAULT_PASS_PERCENT;
  state.months =
    readNumber(search.get('months'), 1, MONTHS_PER_ATTEMPT_MAX, true) ?? DEFAULT_MONTHS_PER_ATTEMPT;
  return state;
}

/** The filters as API parameters, in one fixed order (shared by the page's address and the API path). */
function filterParams(state: ChallengeState): URLSearchParams {
  const params = new URLSearchParams();
  for (const size of state.size) params.append('size', String(size));
  if (state.sizeMin != null) params.set('sizeMin', String(state.sizeMin));
  if (state.sizeMax != null) params.set('sizeMax', String(state.sizeMax));
  for (const steps of [...state.steps].sort()) params.append('steps', String(steps));
  for (const asset of state.asset) params.append('asset', asset);
  for (const type of state.drawdownType) params.append('drawdownType', type);
  for (const [name] of NUMBER_FILTERS) {
    if (name === 'sizeMin' || name === 'sizeMax') continue;
    const value = state[name];
    if (value != null) params.set(name, String(value));
  }
  for (const platform of state.platform) params.append('platform', platform);
  if (state.country) params.set('country', state.country);
  for (const flag of CHALLENGE_BOOLEAN_FILTERS) {
    const value = state.flags[flag];
    if (value !== undefined) params.set(flag, String(value));
  }
  if (state.payoutRecord) params.set('payoutRecord', state.payoutRecord);
  return params;
}

/** The page's query string, defaults left out so the plain /challenges stays canonical. */
export function challengeSearch(state: ChallengeState): string {
  const params = filterParams(state);
  if (state.sort !== 'price') params.set('sort', state.sort);
  if (state.order) params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pass !== DEFAULT_PASS_PERCENT) params.set('pass', String(state.pass));
  if (state.months !== DEFAULT_MONTHS_PER_ATTEMPT) params.set('months', String(state.months));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The GET /api/challenges path of a state. The pass rate and months go to the server only when
 * the order depends on them: otherwise changing them recomputes the costs in the browser alone.
 */
export function challengeApiPath(state: ChallengeState): string {
  const params = filterParams(state);
  if (state.sort !== 'price') params.set('sort', state.sort);
  if (state.order) params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  if (sortUsesAssumptions(state.sort)) {
    if (state.pass !== DEFAULT_PASS_PERCENT) params.set('passRate', String(state.pass / 100));
    if (state.months !== DEFAULT_MONTHS_PER_ATTEMPT) params.set('monthsPerAttempt', String(state.months));
  }
  const text = params.toString();
  return text ? `/api/challenges?${text}` : '/api/challenges';
}

/** How many filters are set (the sort, page and the two inputs are not filters). */
export function activeFilterCount(state: ChallengeState): number {
  const params = filterParams(state);
  return new Set(params.keys()).size;
}

/** The state with every filter cleared; sort and the trader's inputs stay. */
export const clearFilters = (state: ChallengeState): ChallengeState => ({
  ...EMPTY_CHALLENGE_STATE,
  flags: {},
  sort: state.sort,
  order: state.order,
  pass: state.pass,
  months: state.months,
});
