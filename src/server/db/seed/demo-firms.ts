// The demo directory: fictional firms only. Names were checked against well-known real prop firms;
// every website is on the reserved .example top-level domain.

import type { NewUnlistedFirm } from './factories';
import type { FirmBundle, ModelBundle } from './firm-bundles';
import {
  type AssetClass,
  CRYPTO_PLATFORMS,
  createRandom,
  FOREX_PLATFORMS,
  FUTURES_PLATFORMS,
  generateModels,
  PAYOUT_METHOD_NAMES,
  summariseAccounts,
} from './firm-generator';

export type TrustRating = 'approved' | 'trusted' | 'caution' | 'avoid' | 'not tested' | null;

export interface DemoFirmSpec {
  name: string;
  slug: string;
  /** Logo colours: background and accent. */
  colors: [string, string];
  classes: AssetClass[];
  trust: TrustRating;
  headquarters: string;
  ceoName: string;
  established: number;
  models: number;
  pitch: string;
  cashback?: number;
  londonExpo?: boolean;
  payoutJunction?: boolean;
}

export const DEMO_FIRMS: DemoFirmSpec[] = [
  {
    name: 'Northbridge Capital Traders',
    slug: 'northbridge',
    colors: ['#1d4ed8', '#93c5fd'],
    classes: ['forex'],
    trust: 'approved',
    headquarters: 'London, United Kingdom',
    ceoName: 'Eleanor Whitcombe',
    established: 2017,
    models: 3,
    pitch: 'It is known for patient risk rules and some of the fastest payout processing in the industry.',
    cashback: 10,
    londonExpo: true,
    payoutJunction: true,
  },
  {
    name: 'Harborline Funding',
    slug: 'harborline',
    colors: ['#0f766e', '#5eead4'],
    classes: ['forex'],
    trust: 'approved',
    headquarters: 'Dublin, Ireland',
    ceoName: 'Declan Moorhouse',
    established: 2019,
    models: 2,
    pitch: 'Its static drawdown and generous scaling plan appeal to swing traders.',
    cashback: 8,
    payoutJunction: true,
  },
  {
    name: 'Silver Fjord Capital',
    slug: 'silver-fjord',
    colors: ['#475569', '#cbd5e1'],
    classes: ['forex'],
    trust: 'trusted',
    headquarters: 'Oslo, Norway',
    ceoName: 'Ingrid Solvang',
    established: 2020,
    models: 2,
    pitch: 'A quiet, well-capitalised firm with a conservative rulebook and a loyal trader base.',
  },
  {
    name: 'Meridian Desk Partners',
    slug: 'meridian-desk',
    colors: ['#7c3aed', '#c4b5fd'],
    classes: ['forex'],
    trust: 'approved',
    headquarters: 'Prague, Czech Republic',
    ceoName: 'Tomas Kreml',
    established: 2016,
    models: 4,
    pitch: 'One of the longest-running evaluation firms, with a wide menu of challenge types.',
    cashback: 5,
    londonExpo: true,
  },
  {
    name: 'Cobalt Reef Trading',
    slug: 'cobalt-reef',
    colors: ['#1e3a8a', '#60a5fa'],
    classes: ['forex'],
    trust: 'caution',
    headquarters: 'Limassol, Cyprus',
    ceoName: 'Nikos Arvanitis',
    established: 2022,
    models: 2,
    pitch: 'Aggressive pricing and high leverage, balanced by rules that changed twice in its first year.',
  },
  {
    name: 'Lantern Peak Funded',
    slug: 'lantern-peak',
    colors: ['#b45309', '#fcd34d'],
    classes: ['forex'],
    trust: 'trusted',
    headquarters: 'Calgary, Canada',
    ceoName: 'Marcus Tillery',
    established: 2021,
    models: 3,
    pitch: 'Built by former bank dealers, it publishes monthly payout totals.',
    cashback: 12,
  },
  {
    name: 'Quillstone Markets',
    slug: 'quillstone',
    colors: ['#be123c', '#fda4af'],
    classes: ['forex'],
    trust: 'not tested',
    headquarters: 'Tallinn, Estonia',
    ceoName: 'Kaarel Lepp',
    established: 2023,
    models: 1,
    pitch: 'A newcomer offering a single one-step evaluation with a simple rulebook.',
  },
  {
    name: 'Ember Coast Capital',
    slug: 'ember-coast',
    colors: ['#c2410c', '#fdba74'],
    classes: ['forex'],
    trust: 'avoid',
    headquarters: 'Saint Vincent and the Grenadines',
    ceoName: 'Victor Salcedo',
    established: 2022,
    models: 2,
    pitch: 'Cheap challenges, but a record of delayed payouts and retroactive rule changes.',
  },
  {
    name: 'Granite Owl Trading',
    slug: 'granite-owl',
    colors: ['#3f3f46', '#d4d4d8'],
    classes: ['forex'],
    trust: 'approved',
    headquarters: 'Edinburgh, United Kingdom',
    ceoName: 'Fiona McBride',
    established: 2018,
    models: 2,
    pitch: 'Steady and unflashy, with a strong reputation for answering support tickets the same day.',
    cashback: 7,
  },
  {
    name: 'Tidewater Prop Group',
    slug: 'tidewater',
    colors: ['#0369a1', '#7dd3fc'],
    classes: ['forex'],
    trust: 'caution',
    headquarters: 'Dubai, UAE',
    ceoName: 'Omar Haddad',
    established: 2021,
    models: 3,
    pitch: 'Popular for its instant funding accounts, though its consistency rule catches many traders out.',
  },
  {
    name: 'Saffron Lane Funding',
    slug: 'saffron-lane',
    colors: ['#a16207', '#fde047'],
    classes: ['forex'],
    trust: null,
    headquarters: 'Mumbai, India',
    ceoName: 'Rohan Mehta',
    established: 2023,
    models: 2,
    pitch: 'A young firm focused on traders in South Asia, with prices in several currencies.',
  },
  {
    name: 'Oakmere Trader Fund',
    slug: 'oakmere',
    colors: ['#166534', '#86efac'],
    classes: ['forex'],
    trust: 'trusted',
    headquarters: 'Manchester, United Kingdom',
    ceoName: 'Hannah Oakes',
    established: 2019,
    models: 2,
    pitch: 'Offers a free retry to traders who end a challenge in profit without hitting the target.',
  },
  {
    name: 'Polar Vantage Capital',
    slug: 'polar-vantage',
    colors: ['#0e7490', '#a5f3fc'],
    classes: ['forex'],
    trust: 'avoid',
    headquarters: 'Majuro, Marshall Islands',
    ceoName: 'Ryan Castell',
    established: 2023,
    models: 1,
    pitch: 'Promises 100% splits, yet documents very little about who runs it.',
  },
  {
    name: 'Brightwell Funded Accounts',
    slug: 'brightwell',
    colors: ['#9333ea', '#e9d5ff'],
    classes: ['forex'],
    trust: 'approved',
    headquarters: 'Amsterdam, Netherlands',
    ceoName: 'Sanne de Vries',
    established: 2020,
    models: 3,
    pitch: 'Clear rules, a published scaling ladder and fee refunds on the first payout.',
    cashback: 6,
    payoutJunction: true,
  },
  {
    name: 'Westvale Multi-Asset Traders',
    slug: 'westvale',
    colors: ['#4338ca', '#a5b4fc'],
    classes: ['forex', 'futures'],
    trust: 'trusted',
    headquarters: 'Chicago, USA',
    ceoName: 'Grant Ellison',
    established: 2018,
    models: 3,
    pitch: 'One of few firms funding both CFD and futures traders under one account.',
    cashback: 9,
  },
  {
    name: 'Fernhill Global Funding',
    slug: 'fernhill',
    colors: ['#15803d', '#bbf7d0'],
    classes: ['forex', 'crypto'],
    trust: 'caution',
    headquarters: 'Valletta, Malta',
    ceoName: 'Lucia Farrugia',
    established: 2021,
    models: 3,
    pitch: 'Lets traders mix currency pairs and crypto pairs in the same evaluation.',
  },
  {
    name: 'Ironclad Futures Desk',
    slug: 'ironclad-futures',
    colors: ['#27272a', '#f59e0b'],
    classes: ['futures'],
    trust: 'approved',
    headquarters: 'Chicago, USA',
    ceoName: 'Daniel Kerrigan',
    established: 2015,
    models: 3,
    pitch: 'A veteran futures evaluator with end-of-day drawdown on every account.',
    cashback: 10,
    londonExpo: true,
  },
  {
    name: 'Prairie Tick Funding',
    slug: 'prairie-tick',
    colors: ['#854d0e', '#fde68a'],
    classes: ['futures'],
    trust: 'trusted',
    headquarters: 'Omaha, USA',
    ceoName: 'Carla Brandt',
    established: 2019,
    models: 2,
    pitch: 'Monthly subscriptions with resets included and no activation fee.',
  },
  {
    name: 'Redwood Contract Traders',
    slug: 'redwood-contract',
    colors: ['#991b1b', '#fca5a5'],
    classes: ['futures'],
    trust: 'approved',
    headquarters: 'Denver, USA',
    ceoName: 'Michael Ostrander',
    established: 2017,
    models: 2,
    pitch: 'Known for transparent payout statistics and a clear consistency rule.',
    cashback: 8,
  },
  {
    name: 'Keystone Pit Capital',
    slug: 'keystone-pit',
    colors: ['#1f2937', '#9ca3af'],
    classes: ['futures'],
    trust: 'caution',
    headquarters: 'Philadelphia, USA',
    ceoName: 'Frank DeLuca',
    established: 2020,
    models: 2,
    pitch: 'Cheap monthly accounts, but an intraday trailing drawdown that is easy to hit.',
  },
  {
    name: 'Switchyard Futures',
    slug: 'switchyard',
    colors: ['#0f172a', '#38bdf8'],
    classes: ['futures'],
    trust: 'not tested',
    headquarters: 'Austin, USA',
    ceoName: 'Tessa Whitlow',
    established: 2024,
    models: 1,
    pitch: 'A 2024 launch with a single rapid evaluation and daily payouts on funded accounts.',
  },
  {
    name: 'Copperline Futures Fund',
    slug: 'copperline',
    colors: ['#9a3412', '#fb923c'],
    classes: ['futures'],
    trust: 'approved',
    headquarters: 'Kansas City, USA',
    ceoName: 'Jasmine Holt',
    established: 2018,
    models: 4,
    pitch: 'The widest range of account sizes among futures firms we track.',
    payoutJunction: true,
  },
  {
    name: 'Heronsgate Futures',
    slug: 'heronsgate',
    colors: ['#155e75', '#67e8f9'],
    classes: ['futures'],
    trust: 'avoid',
    headquarters: 'Wilmington, USA',
    ceoName: 'Brett Calloway',
    established: 2022,
    models: 2,
    pitch: 'Many unresolved payout complaints and a support desk that rarely answers.',
  },
  {
    name: 'Lakeshore Tape Traders',
    slug: 'lakeshore-tape',
    colors: ['#1e40af', '#bfdbfe'],
    classes: ['futures'],
    trust: 'not tested',
    headquarters: 'Milwaukee, USA',
    ceoName: 'Nora Lindgren',
    established: 2023,
    models: 2,
    pitch: 'Run by a group of former floor traders, with an emphasis on coaching.',
  },
  {
    name: 'Foundry Futures Group',
    slug: 'foundry-futures',
    colors: ['#44403c', '#f97316'],
    classes: ['futures'],
    trust: 'trusted',
    headquarters: 'Pittsburgh, USA',
    ceoName: 'Reggie Tanaka',
    established: 2019,
    models: 3,
    pitch: 'Generous contract limits and a simple two-rule evaluation.',
    cashback: 15,
  },
  {
    name: 'Hashmark Prop Capital',
    slug: 'hashmark',
    colors: ['#6d28d9', '#f0abfc'],
    classes: ['crypto'],
    trust: 'approved',
    headquarters: 'Zug, Switzerland',
    ceoName: 'Lukas Brunner',
    established: 2020,
    models: 3,
    pitch: 'A crypto-only evaluator paying out in stablecoins within 24 hours.',
    cashback: 10,
  },
  {
    name: 'Ledgerlight Trading',
    slug: 'ledgerlight',
    colors: ['#0891b2', '#cffafe'],
    classes: ['crypto'],
    trust: 'caution',
    headquarters: 'Lisbon, Portugal',
    ceoName: 'Beatriz Calado',
    established: 2022,
    models: 2,
    pitch: 'High leverage on crypto pairs and weekend trading, with a strict consistency rule.',
  },
  {
    name: 'Nodewave Capital',
    slug: 'nodewave',
    colors: ['#312e81', '#818cf8'],
    classes: ['crypto'],
    trust: 'not tested',
    headquarters: 'Singapore',
    ceoName: 'Wei Jie Tan',
    established: 2024,
    models: 1,
    pitch: 'A 2024 launch trading perpetual futures on a proprietary web terminal.',
  },
  {
    name: 'Cipher Harbor Funding',
    slug: 'cipher-harbor',
    colors: ['#047857', '#6ee7b7'],
    classes: ['crypto'],
    trust: 'trusted',
    headquarters: 'Vilnius, Lithuania',
    ceoName: 'Darius Petraitis',
    established: 2021,
    models: 2,
    pitch: 'Publishes proof of payouts on-chain and offers both one- and two-step paths.',
  },
  {
    name: 'Blockfield Traders',
    slug: 'blockfield',
    colors: ['#b91c1c', '#fecaca'],
    classes: ['crypto'],
    trust: 'avoid',
    headquarters: 'Panama City, Panama',
    ceoName: 'Ivan Morales',
    established: 2023,
    models: 2,
    pitch: 'Aggressive marketing and rules that are hard to find before you pay.',
  },
  {
    name: 'Mintgate Crypto Desk',
    slug: 'mintgate',
    colors: ['#065f46', '#a7f3d0'],
    classes: ['crypto'],
    trust: 'approved',
    headquarters: 'Tallinn, Estonia',
    ceoName: 'Kristjan Vaher',
    established: 2021,
    models: 2,
    pitch: 'Low-cost crypto challenges with a fair static drawdown.',
    cashback: 5,
  },
  {
    name: 'Orbit Ledger Funding',
    slug: 'orbit-ledger',
    colors: ['#1d4ed8', '#fbbf24'],
    classes: ['crypto'],
    trust: null,
    headquarters: 'Dubai, UAE',
    ceoName: 'Samir Qureshi',
    established: 2023,
    models: 1,
    pitch: 'A single instant-funding crypto account with a modest split.',
  },
];

/** The firm pinned to the top of the directory. */
export const FEATURED_FIRM_SLUG = 'northbridge';

const ASSET_TYPE_LABEL: Record<AssetClass, string> = {
  forex: 'CFD/Forex',
  futures: 'Futures',
  crypto: 'Crypto',
};

const RATING_TEXTS: Record<'good' | 'mixed' | 'bad', Record<string, (f: DemoFirmSpec) => string>> = {
  good: {
    ratingOverview: (f) =>
      `${f.name} has paid traders reliably since ${f.established} and its rules read the same today as at launch.`,
    ratingLeadership: (f) =>
      `${f.ceoName} is publicly named, gives interviews and answers community questions in person.`,
    ratingTransparency: () =>
      'Full rules are published before purchase and payout statistics are updated every month.',
    ratingThirdPartyReviews: () =>
      'Independent review sites show a high average with complaints answered within days.',
    ratingLongTermVision: () =>
      'A published roadmap and steady product changes with advance notice to traders.',
    ratingSustainability: () =>
      'Revenue is spread across several products and payouts are not funded by new sign-ups alone.',
  },
  mixed: {
    ratingOverview: (f) => `${f.name} pays out, but rule changes and slow support have drawn complaints.`,
    ratingLeadership: (f) => `${f.ceoName} is named on the website but rarely engages with traders directly.`,
    ratingTransparency: () =>
      'Key rules are published, yet some restrictions only appear in the FAQ or after purchase.',
    ratingThirdPartyReviews: () =>
      'Reviews are split: praise for pricing, criticism of denied payouts over consistency rules.',
    ratingLongTermVision: () => 'Frequent promotions suggest a focus on sales volume over trader retention.',
    ratingSustainability: () => 'Heavy discounting raises questions about how payouts are funded long term.',
  },
  bad: {
    ratingOverview: (f) =>
      `We advise against ${f.name}: payouts have been delayed or refused on technicalities.`,
    ratingLeadership: () =>
      'Ownership is unclear and the named executives have no verifiable trading background.',
    ratingTransparency: () =>
      'Rules were changed retroactively and the terms allow the firm to cancel accounts at will.',
    ratingThirdPartyReviews: () =>
      'A large share of recent reviews report refused payouts and unanswered tickets.',
    ratingLongTermVision: () => 'No visible plan beyond aggressive discounting and affiliate promotions.',
    ratingSustainability: () => 'Payouts appear to depend on a steady flow of new challenge fees.',
  },
};

const WATCH_OUT: Record<string, string[]> = {
  forex: [
    'Weekend holding is only allowed on swing accounts.',
    'Lot size is capped during the first funded month.',
    'Trading during high-impact news can void the profits of that trade.',
    'Copy trading from third-party accounts is not allowed.',
  ],
  futures: [
    'The trailing drawdown follows your highest unrealised balance on some accounts.',
    'All positions must be flat before the daily session close.',
    'Monthly subscriptions renew automatically until cancelled.',
    'A consistency rule applies before the first payout.',
  ],
  crypto: [
    'Funding rates on perpetual contracts count against your daily loss.',
    'Only listed pairs may be traded; new listings are added with a delay.',
    'Weekend volatility can breach the daily drawdown quickly.',
    'Payouts are sent in stablecoins only.',
  ],
};

const FIRM_FEATURES = [
  'Bi-weekly payouts',
  'Scaling plan',
  'No time limits',
  'Fee refund on first payout',
  'EAs allowed',
  'News trading allowed',
  'Free trial account',
  'Trader dashboard with live statistics',
  'Discord community',
  '24/7 live chat',
];

function tradableAssetsFor(classes: AssetClass[], random: ReturnType<typeof createRandom>): string[] {
  const set = new Set<string>();
  for (const c of classes) {
    if (c === 'forex') for (const a of ['Forex', 'Commodities', 'Indices']) set.add(a);
    if (c === 'forex' && random.chance(0.5)) set.add('Stocks');
    if (c === 'forex' && random.chance(0.4)) set.add('Crypto');
    if (c === 'futures') for (const a of ['Futures', 'Indices', 'Commodities']) set.add(a);
    if (c === 'crypto') set.add('Crypto');
    if (c === 'crypto' && random.chance(0.4)) set.add('Forex');
  }
  const order = ['Forex', 'Commodities', 'Indices', 'Stocks', 'Crypto', 'Futures'];
  return order.filter((a) => set.has(a));
}

function describeFirm(
  f: DemoFirmSpec,
  models: ModelBundle[],
  platforms: string[],
  methods: string[],
): string {
  const sizes = summariseAccounts(models);
  const classes = f.classes.map((c) => ASSET_TYPE_LABEL[c]).join(' and ');
  return [
    `${f.name} is a ${classes} proprietary trading firm founded in ${f.established} and headquartered in ${f.headquarters}. ${f.pitch}`,
    `Traders can choose between ${models.length === 1 ? 'one funding model' : `${models.length} funding models`} (${models.map((m) => m.model.name).join(', ')}) with simulated capital from $${sizes.fundingMin?.toLocaleString('en-US')} to $${sizes.fundingMax?.toLocaleString('en-US')}. Profit splits reach ${Math.max(...models.map((m) => m.model.profitSplit ?? 0))}% on funded accounts.`,
    `Accounts run on ${platforms.join(', ')}. Payouts are sent by ${methods.join(', ')}, usually within two business days of approval.`,
    `Support is available by live chat and email, and the firm runs a trader community where rule changes are announced in advance.`,
  ].join('\n');
}

/** Every listed demo firm with its funding models, accounts, platforms and payout methods. */
export function buildDemoFirmBundles(): FirmBundle[] {
  return DEMO_FIRMS.map((f, index) => {
    const random = createRandom(1000 + index);
    const perClass = f.classes.map((c, i) =>
      generateModels(random, c, i === 0 ? f.models - (f.classes.length - 1) : 1),
    );
    const models = perClass.flat();
    const platformPool = [
      ...new Set(
        f.classes.flatMap((c) =>
          c === 'futures' ? FUTURES_PLATFORMS : c === 'crypto' ? CRYPTO_PLATFORMS : FOREX_PLATFORMS,
        ),
      ),
    ];
    const platformNames = random.sample(platformPool, random.int(2, 4));
    const payoutMethodNames = f.classes.includes('crypto')
      ? ['Crypto (USDT)', ...random.sample(['Crypto (USDC)', 'Bank Wire', 'E-Wallet'], random.int(1, 2))]
      : random.sample(PAYOUT_METHOD_NAMES, random.int(2, 4));
    const rated = f.trust && f.trust !== 'not tested';
    const tone = f.trust === 'avoid' ? 'bad' : f.trust === 'caution' ? 'mixed' : 'good';
    const ratingTexts = rated
      ? Object.fromEntries(Object.entries(RATING_TEXTS[tone]).map(([k, text]) => [k, text(f)]))
      : {};
    const watchOutFor = [
      ...random.sample(
        f.classes.flatMap((c) => WATCH_OUT[c]),
        3,
      ),
      ...(f.trust === 'avoid'
        ? ['Several traders report payouts refused for "gambling behaviour" without further detail.']
        : []),
    ].join('\n');
    const site = `https://${f.slug}-traders.example`;
    return {
      firm: {
        slug: f.slug,
        name: f.name,
        status: 'listed',
        logo: `/images/firms/${f.slug}.svg`,
        shortDescription: `${f.classes.map((c) => ASSET_TYPE_LABEL[c]).join(' and ')} accounts up to $${(summariseAccounts(models).fundingMax ?? 0) / 1000}K with up to ${Math.max(...models.map((m) => m.model.profitSplit ?? 0))}% profit split. ${f.pitch}`,
        description: describeFirm(f, models, platformNames, payoutMethodNames),
        website: site,
        affiliateUrl: `${site}/?ref=propfirmclub`,
        assetType: f.classes.map((c) => ASSET_TYPE_LABEL[c]).join(', '),
        features: random.sample(FIRM_FEATURES, random.int(3, 6)),
        tradableAssets: tradableAssetsFor(f.classes, random),
        restrictedCountries: f.classes.includes('futures')
          ? random.sample(['Iran', 'North Korea', 'Cuba', 'Syria'], random.int(1, 3))
          : [
              'United States',
              ...random.sample(
                ['Iran', 'North Korea', 'Cuba', 'Syria', 'Russia', 'Belarus'],
                random.int(2, 4),
              ),
            ],
        headquarters: f.headquarters,
        ceoName: f.ceoName,
        established: f.established,
        trustRating: f.trust,
        ...ratingTexts,
        watchOutFor,
        londonExpoEnabled: Boolean(f.londonExpo),
        londonExpoUrl: f.londonExpo ? `https://trading-expo.example/exhibitors/${f.slug}` : null,
        payoutJunctionEnabled: Boolean(f.payoutJunction),
        payoutJunctionUrl: f.payoutJunction ? `https://payout-tracker.example/firms/${f.slug}` : null,
        cashbackProvided: f.cashback !== undefined,
        cashbackPercentage: f.cashback ?? null,
        ...summariseAccounts(models),
      },
      models,
      platformNames,
      payoutMethodNames,
    };
  });
}

export const DEMO_PLATFORMS = [...new Set([...FOREX_PLATFORMS, ...FUTURES_PLATFORMS, ...CRYPTO_PLATFORMS])];
export const DEMO_PAYOUT_METHODS = PAYOUT_METHOD_NAMES;

export const DEMO_UNLISTED_FIRMS: NewUnlistedFirm[] = [
  {
    name: 'Larkspur Funding',
    logo: '/images/firms/unlisted-larkspur.svg',
    assetClass: 'CFD/Forex',
    description: 'Submitted its documents for review; listing expected once we complete a test payout.',
    link: 'https://larkspur-funding.example',
    status: 'listing_pending',
    sortOrder: 1,
  },
  {
    name: 'Tallgrass Futures',
    logo: '/images/firms/unlisted-tallgrass.svg',
    assetClass: 'Futures',
    description: 'Futures evaluations with end-of-day drawdown. Our test account is in its second week.',
    link: 'https://tallgrass-futures.example',
    status: 'listing_pending',
    sortOrder: 2,
  },
  {
    name: 'Quartzline Crypto',
    logo: null,
    assetClass: 'Crypto',
    description: 'Crypto-only firm.',
    link: 'https://quartzline.example',
    status: 'listing_pending',
    sortOrder: 3,
  },
  {
    name: 'Wrenfield Capital',
    logo: '/images/firms/unlisted-wrenfield.svg',
    assetClass: 'CFD/Forex',
    description:
      'A two-step forex firm launched this year. We will evaluate it once it has six months of payout history.',
    link: 'https://wrenfield.example',
    status: 'not_yet_listed',
    sortOrder: 1,
  },
  {
    name: 'Driftwood Traders',
    logo: null,
    assetClass: 'CFD/Forex',
    description: 'Small firm with instant funding.',
    link: null,
    status: 'not_yet_listed',
    sortOrder: 2,
  },
  {
    name: 'Glacier Point Futures',
    logo: '/images/firms/unlisted-glacier-point.svg',
    assetClass: 'Futures',
    description:
      'Monthly futures subscriptions with a trailing drawdown; waiting for enough independent reviews to rate.',
    link: 'https://glacier-point.example',
    status: 'not_yet_listed',
    sortOrder: 3,
  },
  {
    name: 'Sableknot Markets',
    logo: null,
    assetClass: 'CFD/Forex',
    description:
      'Did not provide company registration details or the name of its liquidity provider when asked, so it cannot be listed.',
    link: 'https://sableknot.example',
    status: 'not_qualified',
    sortOrder: 1,
  },
  {
    name: 'Pumpwell Crypto Fund',
    logo: null,
    assetClass: 'Crypto',
    description: 'Refused multiple verified payouts.',
    link: null,
    status: 'not_qualified',
    sortOrder: 2,
  },
  {
    name: 'Vexmoor Prop',
    logo: '/images/firms/unlisted-vexmoor.svg',
    assetClass: 'CFD/Forex',
    description:
      'Rules allow the firm to cancel any funded account without explanation, which fails our minimum standards.',
    link: 'https://vexmoor.example',
    status: 'not_qualified',
    sortOrder: 3,
  },
];
