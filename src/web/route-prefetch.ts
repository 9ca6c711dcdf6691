import type { FetchQueryOptions } from '@tanstack/react-query';
import { PAYOUT_QUEUE_FILTERS } from '../domain/payout-rules';
import { adminPayoutReportsQuery } from './features/admin/queries';
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
  firmPayoutReportsQuery,
  firmPlatformsQuery,
  firmRatingQuery,
  firmReviewsQuery,
  firmStatsQuery,
  heroStatsQuery,
  homeComparisonQuery,
  integrityReportQuery,
  ownPayoutReportsQuery,
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

export interface RouteMatch {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

type Queries = (match: RouteMatch) => FetchQueryOptions<any, any, any, any>[];

export interface RoutePrefetch {
  /** Queries the server fetches before rendering, so the HTML arrives complete. */
  prefetch?: Queries;
  /** Queries fetched instead of `prefetch` when the visitor is signed in (the signed-in home). */
  signedInPrefetch?: Queries;
}

/**
 * What the server fetches before rendering each route of `routes.ts`, by its path. Only the server
 * render reads it (entry-server.tsx), so the browser's first load carries none of the query
 * definitions: each page brings its own.
 */
export const routePrefetch: Readonly<Record<string, RoutePrefetch>> = {
  '/': {
    // The comparison table loads when scrolled to; its firms also make the page's structured data.
    prefetch: () => [heroStatsQuery(), homeComparisonQuery()],
    signedInPrefetch: () => [signedInHomeQuery()],
  },
  '/firms': {
    // The server filters, sorts and pages from ?market=&sort=&q=&page=: one page is fetched.
    prefetch: ({ search }) => [
      firmDirectoryQuery(directoryListQuery(parseDirectoryState(search))),
      firmStatsQuery(),
      unlistedFirmsQuery(),
    ],
  },
  '/challenges': {
    // The server filters, sorts and pages from the address: one page of options is fetched.
    prefetch: ({ search }) => [challengesQuery(parseChallengeState(search)), challengeFiltersQuery()],
  },
  '/firm/:slug': {
    // The payout record is in the firm's details; its Payouts tab adds the first page of reports.
    prefetch: ({ params, search }) => {
      const slug = params.slug ?? '';
      return [
        firmDetailsQuery(slug),
        firmReviewsQuery(slug),
        firmRatingQuery(slug),
        firmPlatformsQuery(slug),
        firmPayoutMethodsQuery(slug),
        ...(search.get('tab') === 'payouts' ? [firmPayoutReportsQuery(slug)] : []),
      ];
    },
  },
  '/compare': {
    prefetch: ({ search }) =>
      parseCompareSlugs(search.get('firms')).flatMap((slug) => [
        firmDetailsQuery(slug),
        firmPlatformsQuery(slug),
      ]),
  },
  '/review-integrity': {
    prefetch: () => [integrityReportQuery()],
  },
  '/blog': {
    prefetch: () => [blogPostsQuery(), quickUpdatesQuery()],
  },
  '/blog/:slug': {
    prefetch: ({ params }) => [blogPostQuery(params.slug ?? '')],
  },
  '/coupons': {
    prefetch: () => [couponsQuery()],
  },
  '/deals/:slug': {
    prefetch: ({ params }) => [couponBySlugQuery(params.slug ?? '')],
  },
  '/giveaways': {
    prefetch: () => [giveawaysQuery()],
  },
  '/giveaways/:slug': {
    // The visitor's own ticket too, so 'You're entered! Ticket #n' is in the first HTML.
    prefetch: ({ params }) => {
      const slug = params.slug ?? '';
      return [giveawayQuery(slug), giveawayEntriesQuery(slug), myGiveawayEntryQuery(slug)];
    },
  },
  '/verify-giveaway': {
    prefetch: () => [giveawaysQuery()],
  },
  '/earn-points': {
    prefetch: () => [pointsProgramQuery()],
  },
  '/profile': {
    prefetch: () => [pointsHistoryQuery(1), ownPayoutsQuery(), ownPayoutReportsQuery()],
  },
  '/cashback-claims': {
    prefetch: () => [cashbackFirmsQuery(), ownClaimsQuery()],
  },
  '/offerwall': {
    prefetch: () => [offerwallQuery('offerwall')],
  },
  '/adscend-offerwall': {
    prefetch: () => [offerwallQuery('adscend')],
  },
  '/admin/firm-analytics': {
    prefetch: ({ search }) => [firmAnalyticsQuery(parseAnalyticsRange(search))],
  },
  '/admin/firm-analytics/:id': {
    prefetch: ({ params, search }) => [
      firmAnalyticsDetailQuery(params.id ?? '', parseAnalyticsRange(search)),
    ],
  },
  '/admin/analytics': {
    prefetch: ({ search }) => [siteAnalyticsQuery(parseAnalyticsRange(search))],
  },
  '/admin/payout-reports': {
    prefetch: ({ search }) => {
      const filter = PAYOUT_QUEUE_FILTERS.find((f) => f === search.get('filter')) ?? 'pending';
      return [adminPayoutReportsQuery({ filter, page: Math.max(1, Number(search.get('page')) || 1) })];
    },
  },
  '/admin/cashback-claims': {
    prefetch: () => [adminClaimsQuery('pending')],
  },
  '/admin/payouts': {
    prefetch: () => [adminPayoutsQuery('pending')],
  },
  '/admin/postbacks': {
    prefetch: () => [adminPostbacksQuery('refused')],
  },
  '/admin/review-awards': {
    prefetch: () => [adminAwardsQuery()],
  },
};
