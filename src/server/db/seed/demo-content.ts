// Demo coupons, posts, updates, people, reviews and giveaways. Dates are relative to the moment of
// seeding so that "ending soon", "expired" and "active" stay true whenever the demo is installed.
import { randomBytes } from 'node:crypto';
import type {
  NewBlogPost,
  NewCoupon,
  NewGiveaway,
  NewNewsletterSubscriber,
  NewQuickUpdate,
  NewReview,
  NewUser,
} from './factories';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Demo users are recognisable by this id prefix and e-mail domain (used by --reset). */
export const DEMO_USER_PREFIX = 'demo-user-';
export const DEMO_EMAIL_DOMAIN = 'demo.propfirmclub.test';

const PEOPLE: [string, string][] = [
  ['Maya', 'maya_trades'],
  ['Liam', 'liam_scalps'],
  ['Sofia', 'sofia_fx'],
  ['Noah', 'noah_futures'],
  ['Amara', 'amara_swing'],
  ['Ethan', 'ethan_es'],
  ['Yuki', 'yuki_charts'],
  ['Lucas', 'lucas_nq'],
  ['Zara', 'zara_pips'],
  ['Omar', 'omar_orderflow'],
  ['Chloe', 'chloe_crypto'],
  ['Mateo', 'mateo_ranges'],
  ['', 'quiet_trader_13'],
  ['Hannah', 'hannah_h'],
  ['Ivan', 'ivan_breakouts'],
  ['Priya', 'priya_macro'],
  ['Ben', 'ben_gold'],
  ['Lea', 'lea_london_open'],
  ['Kwame', 'kwame_trend'],
  ['Elif', 'elif_eurusd'],
  ['Rui', 'rui_ticks'],
  ['Nina', 'nina_no_news'],
];

export function buildDemoUsers(now: Date): NewUser[] {
  return PEOPLE.map(([firstName, username], i) => ({
    id: `${DEMO_USER_PREFIX}${i + 1}`,
    name: firstName || username,
    email: `${username.replace(/_/g, '.')}@${DEMO_EMAIL_DOMAIN}`,
    emailVerified: true,
    firstName: firstName || null,
    username,
    displayUsername: username,
    role: 'user',
    createdAt: new Date(now.getTime() - (120 - i * 3) * DAY),
    updatedAt: new Date(now.getTime() - (120 - i * 3) * DAY),
  }));
}

type FirmIds = Map<string, number>;

const MANUAL_REVIEWS: [string, number, string, string, string, string][] = [
  [
    'northbridge',
    5,
    'Payout in under 24 hours',
    'Requested my first payout on a Monday and had it in my bank on Tuesday morning. Rules are exactly as written.',
    'Daniel R.',
    'Review site',
  ],
  [
    'northbridge',
    4,
    'Solid firm, strict on news',
    'Good conditions overall. Lost one trade to the news rule, which was my fault for not checking the calendar.',
    'Priyanka S.',
    'Discord',
  ],
  [
    'harborline',
    5,
    'Static drawdown is a game changer',
    'Finally a firm where the drawdown does not trail my open profit. Scaled twice already.',
    'Marco V.',
    'Forum',
  ],
  [
    'meridian-desk',
    4,
    'Many options, clear dashboard',
    'So many challenge types that picking one took a while, but the dashboard explains every rule.',
    'Aisha K.',
    'Review site',
  ],
  [
    'cobalt-reef',
    2,
    'Rules changed mid-challenge',
    'They changed the lot size limit while I was in phase 2. Support offered a reset, not a refund.',
    'Tom B.',
    'Forum',
  ],
  [
    'ember-coast',
    1,
    'Still waiting for my payout',
    'Six weeks and three tickets later, no payout and no clear reason given.',
    'Greg L.',
    'Review site',
  ],
  [
    'ember-coast',
    2,
    'Cheap for a reason',
    'The challenge is cheap but the funded account terms are full of surprises.',
    'Nadia F.',
    'Discord',
  ],
  [
    'tidewater',
    3,
    'Instant funding works, consistency rule hurts',
    'Got funded instantly. My first payout was cut because one day made more than 30% of profit.',
    'Sam W.',
    'Discord',
  ],
  [
    'ironclad-futures',
    5,
    'Best futures evaluation I have tried',
    'End-of-day drawdown makes it possible to hold through noise. Paid out three times.',
    'Chris D.',
    'Forum',
  ],
  [
    'redwood-contract',
    4,
    'Transparent and fair',
    'They publish payout numbers each month, which gave me confidence to sign up.',
    'Laura M.',
    'Review site',
  ],
  [
    'keystone-pit',
    2,
    'Intraday trailing drawdown is brutal',
    'Blew two accounts on unrealised profit pullbacks. Read the rules twice before buying.',
    'Mike T.',
    'Forum',
  ],
  [
    'heronsgate',
    1,
    'Avoid',
    'Account closed for a "rule breach" they would not specify. No response to emails.',
    'Jake P.',
    'Review site',
  ],
  [
    'hashmark',
    5,
    'Stablecoin payouts are fast',
    'USDT payout arrived within hours. Platform is stable even on volatile weekends.',
    'Elena G.',
    'Discord',
  ],
  [
    'ledgerlight',
    3,
    'Good leverage, strict consistency',
    'High leverage is fun, but the consistency rule delays payouts if you have one big day.',
    'Arjun N.',
    'Forum',
  ],
  [
    'blockfield',
    1,
    'Hidden rules',
    'The max position size rule was only in the FAQ. Lost my funded account over it.',
    'Pablo R.',
    'Review site',
  ],
  [
    'copperline',
    4,
    'Lots of account sizes',
    'Started on the smallest account and moved up. Monthly fee is fair.',
    'Rachel O.',
    'Discord',
  ],
  [
    'brightwell',
    5,
    'Fee refunded as promised',
    'Fee came back with my first payout, exactly as advertised.',
    'Hugo L.',
    'Review site',
  ],
  [
    'mintgate',
    4,
    'Great value',
    'Cheapest crypto challenge I found with reasonable rules.',
    'Sara J.',
    'Forum',
  ],
];

const USER_REVIEW_TEXTS: [number, string, string][] = [
  [5, 'Passed in two weeks', 'Clear targets, no hidden rules, and the dashboard updates in real time.'],
  [4, 'Good firm, average spreads', 'Payout was quick. Spreads on gold are a little wider than my broker.'],
  [5, 'Support was excellent', 'Had a question about weekend holding and got an answer in ten minutes.'],
  [3, 'Okay but strict', 'The consistency rule made me wait an extra week for my payout.'],
  [4, 'Reliable payouts', 'Three payouts so far, all within two days.'],
  [2, 'Platform issues', 'The platform froze twice during the London open. Support credited the loss once.'],
  [5, 'Would recommend', 'Fair rules and a friendly community. Scaled my account last month.'],
  [
    4,
    'Good value with the coupon',
    'Used a discount code and the challenge paid for itself after the first payout.',
  ],
];

const USER_REVIEW_FIRMS = [
  'northbridge',
  'harborline',
  'silver-fjord',
  'meridian-desk',
  'ironclad-futures',
  'hashmark',
  'granite-owl',
  'foundry-futures',
  'tidewater',
  'cipher-harbor',
  'prairie-tick',
  'brightwell',
];

export function buildDemoReviews(firmIds: FirmIds, userIds: string[], now: Date): NewReview[] {
  const manual = MANUAL_REVIEWS.map(([slug, rating, title, comment, authorName, source], i) => ({
    propFirmId: firmIds.get(slug)!,
    userId: null,
    rating,
    title,
    comment,
    isManual: true,
    authorName,
    source,
    isVerified: false,
    createdAt: new Date(now.getTime() - (3 + i * 4) * DAY),
  }));
  // Each user reviews a few firms; one review per user per firm.
  const fromUsers = USER_REVIEW_FIRMS.flatMap((slug, f) =>
    [0, 1, 2].slice(0, 1 + (f % 3)).map((k) => {
      const userIndex = (f * 3 + k) % userIds.length;
      const [rating, title, comment] = USER_REVIEW_TEXTS[(f + k) % USER_REVIEW_TEXTS.length];
      return {
        propFirmId: firmIds.get(slug)!,
        userId: userIds[userIndex],
        rating,
        title,
        comment,
        isManual: false,
        authorName: null,
        source: null,
        isVerified: (f + k) % 2 === 0,
        createdAt: new Date(now.getTime() - (1 + f * 2 + k) * DAY - k * HOUR),
      };
    }),
  );
  return [...manual, ...fromUsers];
}

const TERMS = (firm: string, extra = '') =>
  `<p>Valid for new ${firm} evaluation purchases only.</p><ul><li>One code per order.</li><li>Cannot be combined with other promotions.</li>${extra}</ul><p>The firm may end this offer early. <strong>Check the final price at checkout.</strong></p>`;

/** Coupons in every state: featured, active, ending soon, expired, inactive, without images. */
export function buildDemoCoupons(firmIds: FirmIds, now: Date): NewCoupon[] {
  const t = now.getTime();
  const firm = (slug: string) => firmIds.get(slug)!;
  const site = (slug: string) => `https://${slug}-traders.example/?ref=propfirmclub`;
  return [
    {
      slug: 'northbridge-20-off',
      code: 'NORTH20',
      title: '20% off every Northbridge challenge',
      description: '20% off all evaluation accounts, including the 200K',
      discountPercent: 20,
      expiryDate: new Date(t + 45 * DAY),
      featured: true,
      usageCount: 184,
      image: '/images/coupons/northbridge-20.svg',
      logo: '/images/firms/northbridge.svg',
      firmName: 'Northbridge Capital Traders',
      affiliateUrl: site('northbridge'),
      terms: TERMS('Northbridge'),
      propFirmId: firm('northbridge'),
      lastVerifiedAt: new Date(t - 2 * DAY),
    },
    {
      slug: 'ironclad-spring-deal',
      code: 'IRON40',
      title: 'Ironclad: 40% off your first month',
      description: '40% off the first month of any combine',
      discountPercent: 40,
      expiryDate: new Date(t + 3 * DAY),
      featured: true,
      usageCount: 96,
      image: '/images/coupons/ironclad-40.svg',
      logo: null,
      firmName: 'Ironclad Futures Desk',
      affiliateUrl: site('ironclad-futures'),
      terms: TERMS('Ironclad', '<li>Applies to the first billing cycle only.</li>'),
      propFirmId: firm('ironclad-futures'),
      lastVerifiedAt: new Date(t - DAY),
    },
    {
      slug: 'hashmark-15',
      code: 'HASH15',
      title: 'Hashmark 15% discount',
      description: 'Save 15% on every crypto challenge',
      discountPercent: 15,
      expiryDate: null,
      featured: false,
      usageCount: 41,
      image: null,
      logo: '/images/firms/hashmark.svg',
      firmName: 'Hashmark Prop Capital',
      affiliateUrl: site('hashmark'),
      terms: TERMS('Hashmark'),
      propFirmId: firm('hashmark'),
    },
    {
      slug: 'harborline-weekend',
      code: 'HARBOR25',
      title: 'Harborline weekend sale',
      description: 'Weekend sale: 25% off two-step accounts',
      discountPercent: null,
      expiryDate: new Date(t + 1 * DAY + 6 * HOUR),
      featured: false,
      usageCount: 12,
      image: null,
      logo: null,
      firmName: 'Harborline Funding',
      affiliateUrl: site('harborline'),
      terms: null,
      propFirmId: firm('harborline'),
    },
    {
      slug: 'copperline-10',
      code: 'COPPER10',
      title: 'Copperline 10% off',
      description: '10% off any account size, renews at the same price',
      discountPercent: 10,
      expiryDate: new Date(t + 6 * DAY),
      featured: false,
      usageCount: 7,
      image: null,
      logo: null,
      firmName: 'Copperline Futures Fund',
      affiliateUrl: site('copperline'),
      terms: TERMS('Copperline'),
      propFirmId: firm('copperline'),
    },
    {
      slug: 'brightwell-refund-plus',
      code: 'BRIGHT30',
      title: 'Brightwell 30% off plus fee refund',
      description: 'Get 30% off and your fee back with the first payout',
      discountPercent: 30,
      expiryDate: new Date(t + 60 * DAY),
      featured: true,
      usageCount: 0,
      image: '/images/coupons/brightwell-30.svg',
      logo: '/images/firms/brightwell.svg',
      firmName: 'Brightwell Funded Accounts',
      affiliateUrl: site('brightwell'),
      terms: TERMS('Brightwell'),
      propFirmId: firm('brightwell'),
    },
    {
      slug: 'meridian-12',
      code: 'MERIDIAN12',
      title: 'Meridian 12% off',
      description: '12% off one-step and two-step evaluations',
      discountPercent: 12,
      expiryDate: new Date(t + 90 * DAY),
      featured: false,
      usageCount: 23,
      image: null,
      logo: null,
      firmName: 'Meridian Desk Partners',
      affiliateUrl: site('meridian-desk'),
      terms: null,
      propFirmId: firm('meridian-desk'),
    },
    {
      slug: 'foundry-launch',
      code: 'FOUNDRY50',
      title: 'Foundry launch offer',
      description: '50% off the first month for new traders',
      discountPercent: 50,
      expiryDate: new Date(t + 20 * DAY),
      featured: false,
      usageCount: 58,
      image: null,
      logo: null,
      firmName: 'Foundry Futures Group',
      affiliateUrl: site('foundry-futures'),
      terms: TERMS('Foundry'),
      propFirmId: firm('foundry-futures'),
    },
    {
      slug: 'mintgate-8',
      code: 'MINT8',
      title: 'Mintgate 8% off',
      description: 'A standing 8% off every crypto account',
      discountPercent: 8,
      expiryDate: null,
      featured: false,
      usageCount: 3,
      image: null,
      logo: null,
      firmName: 'Mintgate Crypto Desk',
      affiliateUrl: site('mintgate'),
      terms: null,
      propFirmId: firm('mintgate'),
    },
    // No firm, no image and no logo: the card falls back to the name's initials.
    {
      slug: 'trading-journal-deal',
      code: 'JOURNAL35',
      title: 'Trading journal: 35% off a year',
      description: '35% off the annual plan of our partner trading journal',
      discountPercent: null,
      expiryDate: new Date(t + 30 * DAY),
      featured: false,
      usageCount: 15,
      image: null,
      logo: null,
      firmName: 'Tradelog Journal',
      affiliateUrl: 'https://tradelog-journal.example/?ref=propfirmclub',
      terms: '<p>Annual plan only. <a href="https://tradelog-journal.example/terms">Full terms</a>.</p>',
      propFirmId: null,
    },
    {
      slug: null,
      code: 'GRANITE5',
      title: null,
      description: null,
      discountPercent: 5,
      expiryDate: new Date(t + 10 * DAY),
      featured: false,
      usageCount: 0,
      image: null,
      logo: null,
      firmName: 'Granite Owl Trading',
      affiliateUrl: null,
      terms: null,
      propFirmId: firm('granite-owl'),
    },
    {
      slug: 'lantern-peak-expired',
      code: 'LANTERN25',
      title: 'Lantern Peak summer sale',
      description: '25% off all challenges',
      discountPercent: 25,
      expiryDate: new Date(t - 12 * DAY),
      featured: false,
      usageCount: 140,
      image: null,
      logo: '/images/firms/lantern-peak.svg',
      firmName: 'Lantern Peak Funded',
      affiliateUrl: site('lantern-peak'),
      terms: TERMS('Lantern Peak'),
      propFirmId: firm('lantern-peak'),
    },
    {
      slug: 'redwood-black-friday',
      code: 'REDWOOD45',
      title: 'Redwood Black Friday',
      description: '45% off monthly accounts',
      discountPercent: 45,
      expiryDate: new Date(t - 2 * DAY),
      featured: true,
      usageCount: 310,
      image: null,
      logo: null,
      firmName: 'Redwood Contract Traders',
      affiliateUrl: site('redwood-contract'),
      terms: TERMS('Redwood'),
      propFirmId: firm('redwood-contract'),
    },
    {
      slug: 'oakmere-paused',
      code: 'OAK15',
      title: 'Oakmere 15% off (paused)',
      description: '15% off two-step evaluations',
      discountPercent: 15,
      expiryDate: new Date(t + 40 * DAY),
      isActive: false,
      featured: false,
      usageCount: 9,
      image: null,
      logo: null,
      firmName: 'Oakmere Trader Fund',
      affiliateUrl: site('oakmere'),
      terms: null,
      propFirmId: firm('oakmere'),
    },
  ].map((c, i) => ({ isActive: true, createdAt: new Date(t - (30 - i) * DAY), ...c }));
}

const p = (text: string) => `<p>${text}</p>`;

interface PostSpec {
  slug: string;
  title: string;
  category: 'review' | 'article' | null;
  excerpt: string;
  author: string | null;
  tags: string[];
  sections: [string, string[]][];
  daysAgo: number;
  published?: boolean;
}

const POSTS: PostSpec[] = [
  {
    slug: 'northbridge-capital-traders-review',
    title: 'Northbridge Capital Traders Review: Fast Payouts, Fair Rules',
    category: 'review',
    excerpt: 'We bought a 100K two-step challenge and requested three payouts. Here is what happened.',
    author: 'Grace Holloway',
    tags: ['review', 'forex', 'payouts'],
    daysAgo: 2,
    sections: [
      [
        'The challenge',
        [
          'Phase 1 asks for 8% with a 10% static drawdown and no time limit.',
          'We passed in 11 trading days without touching the daily loss limit.',
        ],
      ],
      ['Payouts', ['All three payouts arrived by bank wire within 24 hours of approval.']],
    ],
  },
  {
    slug: 'ironclad-futures-desk-review',
    title: 'Ironclad Futures Desk Review: End-of-Day Drawdown Done Right',
    category: 'review',
    excerpt: 'A veteran futures evaluator that still gets the basics right.',
    author: 'Marcus Reid',
    tags: ['review', 'futures'],
    daysAgo: 5,
    sections: [
      [
        'Rules',
        ['The drawdown is calculated at the session close, so intraday swings do not end your account.'],
      ],
      ['Costs', ['Monthly pricing with a reset included each cycle keeps the cost predictable.']],
    ],
  },
  {
    slug: 'hashmark-prop-capital-review',
    title: 'Hashmark Prop Capital Review: Crypto Funding With Same-Day Payouts',
    category: 'review',
    excerpt: 'Stablecoin payouts and a platform that holds up on weekends.',
    author: null,
    tags: ['review', 'crypto'],
    daysAgo: 9,
    sections: [
      ['Platform', ['The web terminal stayed responsive during a weekend sell-off.']],
      ['Payouts', ['USDT payouts arrived within hours.']],
    ],
  },
  {
    slug: 'cobalt-reef-trading-review',
    title: 'Cobalt Reef Trading Review: Why We Rate It Caution',
    category: 'review',
    excerpt: 'Low prices, but rule changes during live challenges worry us.',
    author: 'Grace Holloway',
    tags: ['review', 'forex', 'caution'],
    daysAgo: 14,
    sections: [
      ['What changed', ['The lot size limit was lowered for accounts already in phase 2.']],
      ['Our verdict', ['Usable for experienced traders who read every update.']],
    ],
  },
  {
    slug: 'copperline-futures-fund-review',
    title: 'Copperline Futures Fund Review: The Widest Range of Account Sizes',
    category: 'review',
    excerpt: 'From 25K to 250K with one rulebook.',
    author: 'Marcus Reid',
    tags: ['review', 'futures', 'scaling'],
    daysAgo: 20,
    sections: [['Account sizes', ['Five sizes share the same rules, so moving up is straightforward.']]],
  },
  {
    slug: 'how-trailing-drawdown-works',
    title: 'How Trailing Drawdown Really Works (With Examples)',
    category: 'article',
    excerpt: 'Intraday, end-of-day and static drawdown explained with numbers.',
    author: 'Editorial Team',
    tags: ['education', 'risk', 'drawdown'],
    daysAgo: 3,
    sections: [
      ['Static drawdown', ['The loss limit is fixed at the starting balance minus the allowed percentage.']],
      [
        'Trailing drawdown',
        [
          'The limit follows your highest balance, so open profit that you give back still counts.',
          'End-of-day trailing only updates at the session close.',
        ],
      ],
    ],
  },
  {
    slug: 'choosing-your-first-prop-firm',
    title: 'Choosing Your First Prop Firm: A Checklist',
    category: 'article',
    excerpt: 'Seven questions to ask before you pay for a challenge.',
    author: null,
    tags: ['beginners', 'checklist'],
    daysAgo: 7,
    sections: [
      [
        'Before you buy',
        [
          'Who runs the firm, and can you find them?',
          'Are the full rules published before purchase?',
          'How long do payouts take in practice?',
        ],
      ],
    ],
  },
  {
    slug: 'consistency-rules-explained',
    title: 'Consistency Rules Explained',
    category: null,
    excerpt: 'Why one big day can delay your payout, and how to plan around it.',
    author: 'Lena Ashby',
    tags: ['education', 'rules'],
    daysAgo: 11,
    sections: [
      ['The rule', ['A 30% consistency rule means no single day may exceed 30% of total profit.']],
      ['Planning around it', ['Cap your daily target and spread gains across more sessions.']],
    ],
  },
  {
    slug: 'news-trading-at-prop-firms',
    title: 'News Trading at Prop Firms: What Is Allowed?',
    category: 'article',
    excerpt: 'The three common news rules and how firms enforce them.',
    author: 'Editorial Team',
    tags: ['news', 'rules'],
    daysAgo: 16,
    sections: [
      [
        'Common rules',
        ['Some firms allow everything, others block trades two minutes around high-impact releases.'],
      ],
    ],
  },
  {
    slug: 'futures-vs-cfd-prop-firms',
    title: 'Futures vs CFD Prop Firms: Which Suits You?',
    category: null,
    excerpt: 'Costs, platforms and rules compared side by side.',
    author: null,
    tags: ['futures', 'forex', 'comparison'],
    daysAgo: 24,
    sections: [
      ['Costs', ['Futures firms usually charge monthly; CFD firms charge once per attempt.']],
      [
        'Platforms',
        ['Futures run on NinjaTrader, Tradovate or Rithmic; CFD firms on MetaTrader, cTrader or DXtrade.'],
      ],
    ],
  },
  {
    slug: 'managing-risk-in-phase-two',
    title: 'Managing Risk in Phase Two',
    category: 'article',
    excerpt: 'The lower target in phase two is a trap for overconfident traders.',
    author: 'Lena Ashby',
    tags: ['risk', 'psychology'],
    daysAgo: 30,
    sections: [
      ['Smaller target, same drawdown', ['Halve your size after a fast phase one to protect the account.']],
    ],
  },
  {
    slug: 'payout-methods-compared',
    title: 'Payout Methods Compared: Bank Wire, Crypto and E-Wallets',
    category: 'article',
    excerpt: 'Fees, speed and what to watch for with each payout method.',
    author: 'Editorial Team',
    tags: ['payouts'],
    daysAgo: 38,
    sections: [['Speed', ['Stablecoin payouts are fastest; bank wires take one to three business days.']]],
  },
  {
    slug: 'best-futures-prop-firms-this-month',
    title: 'Best Futures Prop Firms This Month',
    category: 'article',
    excerpt: 'Our shortlist of futures firms, with notes from our testers.',
    author: 'Marcus Reid',
    tags: ['futures', 'best of', 'comparison'],
    daysAgo: 1,
    sections: [['How we chose', ['We ranked firms by payout reliability first and price second.']]],
  },
  {
    slug: 'top-rated-forex-prop-firms',
    title: 'Top Rated Forex Prop Firms We Trust',
    category: 'review',
    excerpt: 'Approved firms with the cleanest payout records in our tests.',
    author: null,
    tags: ['forex', 'best of', 'trust'],
    daysAgo: 4,
    sections: [['Our criteria', ['Each firm here paid our test accounts at least twice without delay.']]],
  },
  {
    slug: 'draft-crypto-firms-roundup',
    title: 'Crypto Prop Firms Roundup (Draft)',
    category: 'article',
    excerpt: 'Work in progress.',
    author: 'Editorial Team',
    tags: ['crypto'],
    daysAgo: 0,
    published: false,
    sections: [['Notes', ['To be written.']]],
  },
  {
    slug: 'upcoming-rule-changes-draft',
    title: 'Upcoming Rule Changes Across the Industry',
    category: null,
    excerpt: 'Scheduled for next week.',
    author: null,
    tags: ['news'],
    daysAgo: 0,
    published: false,
    sections: [['Notes', ['Waiting for confirmation from two firms.']]],
  },
];

/** Posts that list firms through the blog template, with their featured firms by slug. */
const TEMPLATED: Record<
  string,
  { firms: string[]; intro: string; outro: string; notes: Record<string, string> }
> = {
  'best-futures-prop-firms-this-month': {
    firms: ['ironclad-futures', 'copperline', 'redwood-contract', 'foundry-futures'],
    intro:
      '<p>Futures evaluations moved a lot this month. These are the firms our testers would pay for today.</p>',
    outro: '<p>Prices change often: <strong>check the coupon page</strong> before you buy.</p>',
    notes: {
      'ironclad-futures': 'Our top pick for end-of-day drawdown.',
      copperline: 'Best if you want to start small and scale.',
      'foundry-futures': 'Highest contract limits per account size.',
    },
  },
  'top-rated-forex-prop-firms': {
    firms: ['northbridge', 'harborline', 'granite-owl', 'brightwell', 'meridian-desk'],
    intro: '<p>Every firm on this list is rated Approved after repeated test payouts.</p>',
    outro: '<p>Missing a firm? <a href="/contact">Tell us</a> and we will test it.</p>',
    notes: {
      northbridge: 'Fastest payouts we recorded.',
      harborline: 'Static drawdown suits swing traders.',
      brightwell: 'Fee refund arrived with the first payout.',
    },
  },
};

export function buildDemoPosts(firmIds: FirmIds, now: Date): NewBlogPost[] {
  return POSTS.map((post) => {
    const template = TEMPLATED[post.slug];
    const content = post.sections
      .map(([heading, paragraphs]) => `<h2>${heading}</h2>${paragraphs.map(p).join('')}`)
      .join('');
    const words = content.replace(/<[^>]+>/g, ' ').split(/\s+/).length;
    const date = new Date(now.getTime() - post.daysAgo * DAY);
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: `${p(`<strong>${post.excerpt}</strong>`)}${content}<ul><li>Always read the full rules before buying.</li><li>Trade small until you know the platform.</li></ul>`,
      category: post.category,
      featuredImage: `/images/blog/${post.slug}.svg`,
      author: post.author,
      readTime: Math.max(2, Math.ceil(words / 60)),
      published: post.published ?? true,
      publishDate: post.published === false ? null : date,
      tags: post.tags,
      templateEnabled: Boolean(template),
      templateData: template
        ? {
            data: {
              selectedFirmIds: template.firms.map((slug) => firmIds.get(slug)!),
              introContent: template.intro,
              outroContent: template.outro,
              perFirmNotes: Object.fromEntries(
                Object.entries(template.notes).map(([slug, note]) => [String(firmIds.get(slug)!), note]),
              ),
            },
          }
        : null,
      createdAt: date,
      updatedAt: date,
    };
  });
}

export function buildDemoQuickUpdates(now: Date): NewQuickUpdate[] {
  const updates: [string, string, number, boolean][] = [
    [
      'Northbridge cuts payout time',
      'Northbridge Capital Traders now processes payout requests within 12 hours on business days.',
      1,
      true,
    ],
    [
      'Keystone changes its drawdown',
      'Keystone Pit Capital is moving new monthly accounts from intraday to end-of-day trailing drawdown from the first of next month. Existing accounts keep their current rules until they are reset or passed, according to the announcement in the trader portal.',
      2,
      true,
    ],
    [
      'Ember Coast moved to Avoid',
      'After repeated unresolved payout complaints and a retroactive change to the consistency rule, we have moved Ember Coast Capital to Avoid. Traders with open funded accounts should request any eligible payout now and keep screenshots of their statistics.',
      4,
      true,
    ],
    [
      'New platform at Hashmark',
      'Hashmark Prop Capital adds TradingView charts to its web terminal.',
      6,
      true,
    ],
    [
      'Copperline adds a 250K account',
      'Copperline Futures Fund launched a 250K account with a 12-contract limit and the same end-of-day drawdown rules as its smaller sizes, priced monthly with one free reset per cycle.',
      9,
      true,
    ],
    [
      'Giveaway winners announced',
      'The winners of our autumn funded account giveaway have been drawn. Check the giveaway page to verify the draw.',
      10,
      true,
    ],
    ['Brightwell coupon extended', 'The Brightwell 30% code now runs for another two months.', 12, true],
    ['Draft: summer schedule', 'Our testing schedule for the summer is being finalised.', 0, false],
  ];
  return updates.map(([title, content, daysAgo, published]) => ({
    title,
    content,
    published,
    createdAt: new Date(now.getTime() - daysAgo * DAY - 3 * HOUR),
  }));
}

export interface DemoGiveawaySpec {
  giveaway: NewGiveaway;
  /** Indexes into the demo users who entered, in ticket order. */
  entrants: number[];
}

/**
 * One active and one completed giveaway. The open one gets a random server seed: a seed written in
 * the source would let anyone predict its draw. The completed one is already revealed, so its
 * fixed seed keeps the demo draw reproducible.
 */
export function buildDemoGiveaways(firmIds: FirmIds, now: Date): DemoGiveawaySpec[] {
  const t = now.getTime();
  return [
    {
      giveaway: {
        slug: 'northbridge-100k-challenge-giveaway',
        title: 'Win a 100K Northbridge Challenge',
        description:
          '<p>Enter for a chance to win a <strong>100K two-step evaluation</strong> from Northbridge Capital Traders.</p><p>Two winners will be drawn with our provably fair system.</p>',
        giveawayImage: '/images/giveaways/northbridge-100k.svg',
        giveawayLink: 'https://northbridge-traders.example/giveaway',
        prizeDescription: 'Two 100K two-step evaluation accounts',
        prizeValue: '$998',
        status: 'active',
        startDate: new Date(t - 5 * DAY),
        endDate: new Date(t + 12 * DAY),
        completedAt: null,
        maxEntries: 500,
        winnerCount: 2,
        serverSeed: randomBytes(32).toString('hex'),
        serverSeedHash: '',
        clientSeedSource: `drand quicknet: the first round after ${new Date(t + 12 * DAY).toISOString()}`,
        clientSeed: null,
        propFirmId: firmIds.get('northbridge')!,
        createdAt: new Date(t - 6 * DAY),
      },
      entrants: [0, 1, 2, 3, 4, 5, 6],
    },
    {
      giveaway: {
        slug: 'autumn-futures-giveaway',
        title: 'Autumn Futures Giveaway',
        description: '<p>Three 50K Ironclad Futures Desk combines for our community.</p>',
        giveawayImage: '/images/giveaways/autumn-futures.svg',
        giveawayLink: null,
        prizeDescription: 'Three 50K combine accounts',
        prizeValue: '$450',
        status: 'completed',
        startDate: new Date(t - 40 * DAY),
        endDate: new Date(t - 11 * DAY),
        completedAt: new Date(t - 10 * DAY),
        maxEntries: null,
        winnerCount: 3,
        serverSeed: 'demo-completed-9a1e4f7c2b5d8e0f3a6c9b2e5d8f1a4c',
        serverSeedHash: '',
        clientSeedSource: 'Bitcoin block 884213: its block hash',
        clientSeed: 'community-block-884213',
        propFirmId: firmIds.get('ironclad-futures')!,
        createdAt: new Date(t - 41 * DAY),
      },
      entrants: Array.from({ length: 20 }, (_, i) => i),
    },
  ];
}

export function buildDemoSubscribers(now: Date): NewNewsletterSubscriber[] {
  return ['alex', 'jamie', 'robin', 'taylor', 'morgan'].map((name, i) => ({
    email: `${name}@${DEMO_EMAIL_DOMAIN}`,
    source: i % 2 ? 'coupons-page' : 'footer',
    tags: i % 2 ? ['deals'] : [],
    status: i === 4 ? 'pending' : 'confirmed',
    confirmedAt: i === 4 ? null : new Date(now.getTime() - (10 + i) * DAY),
    createdAt: new Date(now.getTime() - (10 + i) * DAY),
  }));
}
