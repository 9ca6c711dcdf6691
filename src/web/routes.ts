import type { FetchQueryOptions } from '@tanstack/react-query';
import { parse as parsePattern } from 'regexparam';
import { matchRoute } from 'wouter';
import {
  firmAnalyticsDetailQuery,
  firmAnalyticsQuery,
  siteAnalyticsQuery,
} from './features/analytics/queries';
import { parseAnalyticsRange } from './features/analytics/range';
import { blogPostQuery, blogPostsQuery, quickUpdatesQuery } from './features/blog/queries';
import { challengeFiltersQuery, challengesQuery } from './features/challenges/queries';
import { parseChallengeState } from './features/challenges/state';
import { couponBySlugQuery, couponsQuery } from './features/coupons/queries';
import { parseCompareSlugs } from './features/firms/compare-slugs';
import { directoryListQuery, parseDirectoryState } from './features/firms/directory-state';
import {
  firmDetailsQuery,
  firmDirectoryQuery,
  firmPayoutMethodsQuery,
  firmPlatformsQuery,
  firmRatingQuery,
  firmReviewsQuery,
  firmStatsQuery,
  heroStatsQuery,
  homeComparisonQuery,
  integrityReportQuery,
  unlistedFirmsQuery,
} from './features/firms/queries';
import {
  giveawayEntriesQuery,
  giveawayQuery,
  giveawaysQuery,
  myGiveawayEntryQuery,
} from './features/giveaways/queries';
import { signedInHomeQuery } from './features/home/queries';
import {
  adminAwardsQuery,
  adminClaimsQuery,
  adminPayoutsQuery,
  adminPostbacksQuery,
  cashbackFirmsQuery,
  offerwallQuery,
  ownClaimsQuery,
  ownPayoutsQuery,
  pointsHistoryQuery,
  pointsProgramQuery,
} from './features/points/queries';
import { type LazyPage, lazyPage } from './lib/lazy-page';

export type Access = 'public' | 'user' | 'admin';

export interface RouteMatch {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

export interface AppRoute {
  path: string;
  access: Access;
  page: LazyPage;
  /** Queries the server fetches before rendering, so the HTML arrives complete. */
  prefetch?: (match: RouteMatch) => FetchQueryOptions<any, any, any, any>[];
  /** Queries fetched instead of `prefetch` when the visitor is signed in (the signed-in home). */
  signedInPrefetch?: (match: RouteMatch) => FetchQueryOptions<any, any, any, any>[];
}

/** A page of `./pages/`; its source path lets the server preload its chunk with the HTML. */
const page = (name: string) => lazyPage(`src/web/pages/${name}.tsx`, () => import(`./pages/${name}.tsx`));

/** The route table of spec section 2. Order matters only for the final catch-all. */
export const appRoutes: AppRoute[] = [
  {
    path: '/',
    access: 'public',
    page: page('home-page'),
    // The comparison table loads when scrolled to; its firms also make the page's structured data.
    prefetch: () => [heroStatsQuery(), homeComparisonQuery()],
    signedInPrefetch: () => [signedInHomeQuery()],
  },
  {
    path: '/firms',
    access: 'public',
    page: page('firms-page'),
    // The server filters, sorts and pages from ?market=&sort=&q=&page=: one page is fetched.
    prefetch: ({ search }) => [
      firmDirectoryQuery(directoryListQuery(parseDirectoryState(search))),
      firmStatsQuery(),
      unlistedFirmsQuery(),
    ],
  },
  {
    path: '/challenges',
    access: 'public',
    page: page('challenges-page'),
    // The server filters, sorts and pages from the address: one page of options is fetched.
    prefetch: ({ search }) => [challengesQuery(parseChallengeState(search)), challengeFiltersQuery()],
  },
  {
    path: '/firm/:slug',
    access: 'public',
    page: page('firm-page'),
    prefetch: ({ params }) => {
      const slug = params.slug ?? '';
      return [
        firmDetailsQuery(slug),
        firmReviewsQuery(slug),
        firmRatingQuery(slug),
        firmPlatformsQuery(slug),
        firmPayoutMethodsQuery(slug),
      ];
    },
  },
  {
    path: '/compare',
    access: 'public',
    page: page('compare-page'),
    prefetch: ({ search }) =>
      parseCompareSlugs(search.get('firms')).flatMap((slug) => [
        firmDetailsQuery(slug),
        firmPlatformsQuery(slug),
      ]),
  },
  { path: '/methodology', access: 'public', page: page('methodology-page') },
  {
    path: '/review-integrity',
    access: 'public',
    page: page('review-integrity-page'),
    prefetch: () => [integrityReportQuery()],
  },
  {
    path: '/blog',
    access: 'public',
    page: page('blog-page'),
    prefetch: () => [blogPostsQuery(), quickUpdatesQuery()],
  },
  {
    path: '/blog/:slug',
    access: 'public',
    page: page('blog-post-page'),
    prefetch: ({ params }) => [blogPostQuery(params.slug ?? '')],
  },
  {
    path: '/coupons',
    access: 'public',
    page: page('coupons-page'),
    prefetch: () => [couponsQuery()],
  },
  {
    path: '/deals/:slug',
    access: 'public',
    page: page('deal-page'),
    prefetch: ({ params }) => [couponBySlugQuery(params.slug ?? '')],
  },
  {
    path: '/giveaways',
    access: 'public',
    page: page('giveaways-page'),
    prefetch: () => [giveawaysQuery()],
  },
  {
    path: '/giveaways/:slug',
    access: 'public',
    page: page('giveaway-page'),
    // The visitor's own ticket too, so 'You're entered! Ticket #n' is in the first HTML.
    prefetch: ({ params }) => {
      const slug = params.slug ?? '';
      return [giveawayQuery(slug), giveawayEntriesQuery(slug), myGiveawayEntryQuery(slug)];
    },
  },
  {
    path: '/verify-giveaway',
    access: 'public',
    page: page('verify-giveaway-page'),
    prefetch: () => [giveawaysQuery()],
  },
  { path: '/contact', access: 'public', page: page('contact-page') },
  { path: '/auth', access: 'public', page: page('auth-page') },
  {
    path: '/earn-points',
    access: 'public',
    page: page('earn-points-page'),
    prefetch: () => [pointsProgramQuery()],
  },
  { path: '/privacy-policy', access: 'public', page: page('privacy-policy-page') },
  { path: '/terms-of-service', access: 'public', page: page('terms-of-service-page') },
  {
    path: '/affiliate-disclosure',
    access: 'public',
    page: page('affiliate-disclosure-page'),
  },
  { path: '/cookie-policy', access: 'public', page: page('cookie-policy-page') },
  {
    path: '/profile',
    access: 'user',
    page: page('profile-page'),
    prefetch: () => [pointsHistoryQuery(1), ownPayoutsQuery()],
  },
  {
    path: '/cashback-claims',
    access: 'user',
    page: page('cashback-claims-page'),
    prefetch: () => [cashbackFirmsQuery(), ownClaimsQuery()],
  },
  {
    path: '/offerwall',
    access: 'user',
    page: page('offerwall-page'),
    prefetch: () => [offerwallQuery('offerwall')],
  },
  {
    path: '/adscend-offerwall',
    access: 'user',
    page: page('adscend-offerwall-page'),
    prefetch: () => [offerwallQuery('adscend')],
  },
  { path: '/admin', access: 'admin', page: page('admin-page') },
  { path: '/admin/firms', access: 'admin', page: page('admin-firms-page') },
  { path: '/admin/firms/:id', access: 'admin', page: page('admin-firm-page') },
  { path: '/admin/coupons', access: 'admin', page: page('admin-coupons-page') },
  { path: '/admin/coupons/:id', access: 'admin', page: page('admin-coupon-page') },
  { path: '/admin/posts', access: 'admin', page: page('admin-posts-page') },
  { path: '/admin/posts/:id', access: 'admin', page: page('admin-post-page') },
  { path: '/admin/quick-updates', access: 'admin', page: page('admin-quick-updates-page') },
  { path: '/admin/audit', access: 'admin', page: page('admin-audit-page') },
  { path: '/admin/messages', access: 'admin', page: page('admin-messages-page') },
  { path: '/admin/reviews', access: 'admin', page: page('admin-reviews-page') },
  { path: '/admin/subscribers', access: 'admin', page: page('admin-subscribers-page') },
  { path: '/admin/newsletter', access: 'admin', page: page('admin-newsletter-page') },
  { path: '/admin/users', access: 'admin', page: page('admin-users-page') },
  {
    path: '/admin/firm-analytics',
    access: 'admin',
    page: page('admin-firm-analytics-page'),
    prefetch: ({ search }) => [firmAnalyticsQuery(parseAnalyticsRange(search))],
  },
  {
    path: '/admin/firm-analytics/:id',
    access: 'admin',
    page: page('admin-firm-analytics-detail-page'),
    prefetch: ({ params, search }) => [
      firmAnalyticsDetailQuery(params.id ?? '', parseAnalyticsRange(search)),
    ],
  },
  {
    path: '/admin/analytics',
    access: 'admin',
    page: page('admin-analytics-page'),
    prefetch: ({ search }) => [siteAnalyticsQuery(parseAnalyticsRange(search))],
  },
  { path: '/admin/giveaways', access: 'admin', page: page('admin-giveaways-page') },
  {
    path: '/admin/cashback-claims',
    access: 'admin',
    page: page('admin-points-claims-page'),
    prefetch: () => [adminClaimsQuery('pending')],
  },
  {
    path: '/admin/payouts',
    access: 'admin',
    page: page('admin-points-payouts-page'),
    prefetch: () => [adminPayoutsQuery('pending')],
  },
  {
    path: '/admin/postbacks',
    access: 'admin',
    page: page('admin-points-postbacks-page'),
    prefetch: () => [adminPostbacksQuery('refused')],
  },
  {
    path: '/admin/review-awards',
    access: 'admin',
    page: page('admin-points-awards-page'),
    prefetch: () => [adminAwardsQuery()],
  },
  { path: '*', access: 'public', page: page('not-found-page') },
];

/** Decodes a URL path as the router does (`%20` -> space), leaving a malformed one as it is. */
function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The route a path shows and its parameters: the first route of the table that matches, as the
 * router's `<Switch>` chooses. The server uses it to prefetch, the browser to preload the page.
 */
export function matchAppRoute(pathname: string): {
  route: AppRoute;
  params: Record<string, string | undefined>;
} {
  const path = decodePath(pathname);
  for (const route of appRoutes) {
    const [matches, params] = matchRoute(parsePattern, route.path, path);
    if (matches) return { route, params };
  }
  return { route: appRoutes[appRoutes.length - 1], params: {} };
}
