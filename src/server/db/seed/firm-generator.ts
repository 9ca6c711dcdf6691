// Deterministic generation of firms, models and accounts: the demo directory's details and the
// bench's generated firms. Pure: no database.
import { slugify } from '../../../domain/slug';
import type { FirmBundle, ModelBundle } from './firm-bundles';

/** mulberry32: a tiny seeded PRNG so generated data is identical on every run. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, maxInclusive: number) => min + Math.floor(next() * (maxInclusive - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /** k distinct items, in their original order. */
    sample: <T>(items: readonly T[], k: number): T[] => {
      const idx = items.map((_, i) => i);
      for (let i = idx.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [idx[i], idx[j]] = [idx[j], idx[i]];
      }
      return idx
        .slice(0, Math.min(k, items.length))
        .sort((x, y) => x - y)
        .map((i) => items[i]);
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

export const TRADABLE_ASSETS = ['Forex', 'Commodities', 'Indices', 'Stocks', 'Crypto', 'Futures'] as const;
export const FOREX_PLATFORMS = [
  'MetaTrader 4',
  'MetaTrader 5',
  'cTrader',
  'DXtrade',
  'Match-Trader',
  'TradingView',
];
export const FUTURES_PLATFORMS = ['NinjaTrader', 'Tradovate', 'Rithmic', 'TradingView', 'Quantower'];
export const CRYPTO_PLATFORMS = ['Web Trader', 'TradingView', 'cTrader', 'Match-Trader'];
export const PAYOUT_METHOD_NAMES = [
  'Bank Wire',
  'Crypto (USDT)',
  'Crypto (USDC)',
  'E-Wallet',
  'Debit Card',
  'Payout Platform',
];

export type AssetClass = 'forex' | 'futures' | 'crypto';

const CAPITALS: Record<AssetClass, number[]> = {
  forex: [5_000, 10_000, 25_000, 50_000, 100_000, 200_000, 400_000],
  futures: [25_000, 50_000, 100_000, 150_000, 250_000],
  crypto: [5_000, 10_000, 25_000, 50_000, 100_000, 200_000],
};

const MODEL_TYPES: Record<AssetClass, { name: string; type: string; phases: number }[]> = {
  forex: [
    { name: 'Two-Step Evaluation', type: '2-Step', phases: 2 },
    { name: 'One-Step Evaluation', type: '1-Step', phases: 1 },
    { name: 'Three-Step Starter', type: '3-Step', phases: 3 },
    { name: 'Instant Funding', type: 'Instant', phases: 0 },
  ],
  futures: [
    { name: 'Standard Combine', type: '1-Step', phases: 1 },
    { name: 'Rapid Evaluation', type: '1-Step', phases: 1 },
    { name: 'Two-Phase Futures Path', type: '2-Step', phases: 2 },
    { name: 'Straight-to-Funded', type: 'Instant', phases: 0 },
  ],
  crypto: [
    { name: 'Crypto Two-Step', type: '2-Step', phases: 2 },
    { name: 'Crypto One-Step', type: '1-Step', phases: 1 },
    { name: 'Crypto Instant', type: 'Instant', phases: 0 },
  ],
};

const NEWS_TRADING = [
  'Allowed',
  'Allowed on all accounts',
  'Not allowed 2 minutes before and after high-impact news',
  'Allowed in evaluation, restricted on funded accounts',
  'Restricted around tier-1 releases',
];
const PAYOUT_FREQUENCIES = [
  'Bi-weekly',
  'Weekly',
  'Every 5 trading days',
  'Monthly',
  'On demand after 14 days',
];
const MODEL_FEATURES = [
  'No time limit',
  'Fee refunded with first payout',
  'Scaling plan up to 2M',
  'Free retry when in profit',
  'Overnight holding',
  'Expert advisors allowed',
  'Weekly payouts after first month',
  'Copy trading between own accounts',
  'Reset discount',
  'Dedicated account manager',
];

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Activation fee and reset price of an account: common on monthly futures accounts, rarer on
 * one-time ones. Drawn from their own generator, seeded by the account, so adding them left every
 * other generated value (and so the demo data) as it was.
 */
function accountExtras(price: number, capital: number, monthly: boolean) {
  const random = createRandom(Math.round(price * 100) * 31 + capital);
  return {
    activationFee: random.chance(monthly ? 0.6 : 0.1)
      ? random.pick(monthly ? [85, 99, 130, 149] : [49, 99])
      : null,
    resetPrice: random.chance(monthly ? 0.7 : 0.3)
      ? round2(Math.round(price * (monthly ? 0.8 : 0.85)) - 0.01)
      : null,
  };
}

/** Realistic funding models and accounts for one asset class, drawn from `random`. */
export function generateModels(random: Random, assetClass: AssetClass, count: number): ModelBundle[] {
  const kinds = random.sample(MODEL_TYPES[assetClass], count);
  return kinds.map((kind) => {
    const isFutures = assetClass === 'futures';
    const leverage = isFutures
      ? random.pick([2, 5, 10])
      : assetClass === 'crypto'
        ? random.pick([2, 5, 10, 20])
        : random.pick([30, 50, 100]);
    const instant = kind.phases === 0;
    // Instant accounts skip the evaluation, so firms give them less room and charge more.
    const maximumDrawdown = isFutures
      ? random.pick(instant ? [2, 3] : [3, 4, 5, 6])
      : random.pick(instant ? [4, 5, 6] : [6, 8, 10, 12]);
    const halfOfMax = [2, 3, 4, 5].filter((d) => d <= maximumDrawdown / 2);
    const dailyLimits = halfOfMax.length > 0 ? halfOfMax : [1];
    const consistencyRule = random.chance(isFutures ? 0.6 : 0.3);
    const capitals = random.sample(CAPITALS[assetClass], random.int(3, 5));
    const monthly = isFutures && kind.type !== 'Instant';
    const pricePerK = monthly
      ? random.int(9, 16) / 10_000
      : random.int(instant ? 70 : 35, instant ? 110 : 60) / 10_000;
    return {
      model: {
        name: kind.name,
        description:
          kind.phases === 0
            ? 'Skip the evaluation and trade a funded account from day one, with tighter drawdown and a lower starting split.'
            : `Reach the ${kind.phases === 1 ? 'profit target once' : `targets of ${kind.phases} phases`} while respecting the drawdown rules, then trade a funded account and share the profits.`,
        type: kind.type,
        assetType: isFutures ? 'Futures' : assetClass === 'crypto' ? 'Crypto' : 'Forex',
        leverage,
        profitSplit: kind.phases === 0 ? random.pick([70, 75, 80]) : random.pick([80, 85, 90, 90, 95, 100]),
        payoutFrequency: random.pick(PAYOUT_FREQUENCIES),
        minimumPayout: random.pick([50, 100, 100, 150, 250]),
        payoutRequirements: random.pick([
          'At least 5 profitable days of 0.5% or more since the last payout.',
          'Minimum 14 days since the first trade on the funded account.',
          'A profit of at least 1% and no open positions at request time.',
          'Pass a short identity check before the first withdrawal.',
        ]),
        profitTargetPhase1: kind.phases >= 1 ? random.pick(isFutures ? [6, 6, 8] : [8, 10, 10]) : null,
        profitTargetPhase2: kind.phases >= 2 ? random.pick([4, 5, 5]) : null,
        profitTargetPhase3: kind.phases >= 3 ? random.pick([4, 5]) : null,
        maximumDrawdown,
        dailyDrawdown: isFutures && random.chance(0.5) ? null : random.pick(dailyLimits),
        drawdownType: isFutures
          ? random.pick(['trailing-eod', 'trailing-intraday'] as const)
          : random.pick(['static', 'balance', 'equity', 'trailing-intraday'] as const),
        stopLossRequired: random.chance(0.25),
        minimumTradingDays: random.pick([0, 3, 4, 5, 7]),
        feeRefundable: random.chance(0.6),
        timeLimits: random.chance(0.2),
        eaAllowed: random.chance(0.7),
        consistencyRule,
        consistencyPercentage: consistencyRule ? random.pick([20, 30, 35, 40, 50]) : null,
        weekendHolding: isFutures ? false : random.chance(0.5),
        lotSizeRestrictions: random.chance(0.3),
        newsTrading: random.pick(NEWS_TRADING),
        features: random.sample(MODEL_FEATURES, random.int(2, 4)),
        sortOrder: 0,
      },
      accounts: capitals.map((capital) => {
        const price = round2(Math.max(monthly ? 49 : 39, Math.round(capital * pricePerK)) - 0.01);
        return {
          capital,
          price,
          pricingType: monthly ? 'monthly' : 'one-time',
          maxContracts: isFutures ? Math.max(1, Math.round(capital / 25_000) * 2) : null,
          disclaimer: random.chance(0.2) ? 'Price shown before any coupon; taxes may apply.' : null,
          ...accountExtras(price, capital, monthly),
        };
      }),
    };
  });
}

/** accountPriceMin/Max and fundingMin/Max that agree with the bundle's accounts. */
export function summariseAccounts(models: ModelBundle[]) {
  const accounts = models.flatMap((m) => m.accounts);
  const prices = accounts.map((a) => Number(a.price));
  const capitals = accounts.map((a) => a.capital);
  return {
    accountPriceMin: prices.length ? Math.min(...prices) : null,
    accountPriceMax: prices.length ? Math.max(...prices) : null,
    fundingMin: capitals.length ? Math.min(...capitals) : null,
    fundingMax: capitals.length ? Math.max(...capitals) : null,
  };
}

const NAME_FIRST = [
  'North',
  'Silver',
  'Harbor',
  'Granite',
  'Cedar',
  'Falcon',
  'Amber',
  'Copper',
  'Willow',
  'Summit',
  'Maple',
  'Onyx',
  'Coral',
  'Juniper',
  'Slate',
  'Indigo',
  'Birch',
  'Crimson',
  'Lumen',
  'Tundra',
];
const NAME_SECOND = [
  'gate',
  'field',
  'crest',
  'wood',
  'stone',
  'brook',
  'ridge',
  'vale',
  'haven',
  'mark',
  'point',
  'line',
  'port',
  'view',
  'wick',
];
const NAME_SUFFIX = ['Capital', 'Trading', 'Funding', 'Traders', 'Markets', 'Prop Group', 'Desk', 'Partners'];
const CITIES = [
  'London, United Kingdom',
  'Dubai, UAE',
  'Prague, Czech Republic',
  'Austin, USA',
  'Chicago, USA',
  'Limassol, Cyprus',
  'Sydney, Australia',
  'Toronto, Canada',
  'Tallinn, Estonia',
  'Singapore',
];
const FIRST_NAMES = [
  'Avery',
  'Jonah',
  'Mira',
  'Tobias',
  'Lena',
  'Rafael',
  'Ines',
  'Callum',
  'Priya',
  'Mateo',
];
const LAST_NAMES = [
  'Holloway',
  'Varga',
  'Okafor',
  'Lindqvist',
  'Marchetti',
  'Duarte',
  'Kowal',
  'Ashby',
  'Nakamura',
  'Brennan',
];
const TRUST = ['approved', 'trusted', 'caution', 'avoid', 'not tested', null];

/**
 * `count` realistic listed firms, identical for the same seed (used by benchmarks with
 * thousands of firms). Slugs and names are unique within one call.
 */
export function generateFirms(count: number, seed: number): FirmBundle[] {
  const random = createRandom(seed);
  const bundles: FirmBundle[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    let name = `${random.pick(NAME_FIRST)}${random.pick(NAME_SECOND)} ${random.pick(NAME_SUFFIX)}`;
    if (seen.has(name)) name = `${name} ${i + 1}`;
    seen.add(name);
    const slug = `${slugify(name)}-g${seed}`;
    const assetClass = random.pick<AssetClass>(['forex', 'forex', 'futures', 'crypto']);
    const models = generateModels(random, assetClass, random.int(1, 4));
    const assetType = { forex: 'CFD/Forex', futures: 'Futures', crypto: 'Crypto' }[assetClass];
    const cashback = random.chance(0.3);
    bundles.push({
      firm: {
        slug,
        name,
        status: 'listed',
        logo: null,
        shortDescription: `${name} offers ${assetType} evaluations from ${models[0].accounts[0].capital.toLocaleString('en-US')} dollars with up to ${Math.max(...models.map((m) => m.model.profitSplit ?? 0))}% profit split.`,
        description: `${name} is a ${assetType} proprietary trading firm.\nIt funds traders who prove consistent risk management in an evaluation.\nPayouts are processed ${models[0].model.payoutFrequency?.toLowerCase()}.`,
        website: `https://${slug}.example`,
        affiliateUrl: `https://${slug}.example/?ref=propfirmclub`,
        assetType,
        features: random.sample(MODEL_FEATURES, 3),
        tradableAssets: random.sample(TRADABLE_ASSETS, random.int(2, 5)),
        restrictedCountries: random.sample(
          ['United States', 'Iran', 'North Korea', 'Cuba', 'Syria', 'Russia'],
          random.int(0, 4),
        ),
        headquarters: random.pick(CITIES),
        ceoName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
        established: random.int(2014, 2024),
        trustRating: random.pick(TRUST),
        watchOutFor: 'Read the drawdown rules carefully.\nCheck which countries are restricted.',
        cashbackProvided: cashback,
        cashbackPercentage: cashback ? random.pick([5, 8, 10, 12, 15]) : null,
        ...summariseAccounts(models),
      },
      models,
      platformNames: random.sample(
        assetClass === 'futures'
          ? FUTURES_PLATFORMS
          : assetClass === 'crypto'
            ? CRYPTO_PLATFORMS
            : FOREX_PLATFORMS,
        random.int(1, 3),
      ),
      payoutMethodNames: random.sample(PAYOUT_METHOD_NAMES, random.int(1, 3)),
    });
  }
  return bundles;
}
