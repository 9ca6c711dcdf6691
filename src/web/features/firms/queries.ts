import { infiniteQueryOptions, type Query, queryOptions } from '@tanstack/react-query';
import type { OwnFirmClaim } from '../../../domain/firm-claims';
import type { DirectoryPage, DirectoryQuery, DirectoryStats } from '../../../domain/firm-rules';
import type {
  FirmDetails,
  FirmRating,
  FirmResource,
  FirmSummary,
  HeroStats,
  OwnReview,
  Review,
  SearchResultFirm,
  UnlistedFirm,
} from '../../../domain/firms';
import type { IntegrityReport } from '../../../domain/moderation';
import type { OwnPayoutReport, PublicPayoutReportPage } from '../../../domain/payouts';
import type { WithheldReply } from '../../../domain/replies';
import type { FollowedFirm, FollowState, RuleChange } from '../../../domain/rule-changes';
import type { PriceHistory } from '../../../domain/saved-searches';
import { apiJson, errorStatus } from '../../lib/api';
import { directoryApiPath } from './directory-state';

/** Query keys are the API path parts: the default query function joins them with slashes. */

/** One page of listed firms, filtered and sorted by the server (GET /api/firms). */
export const firmDirectoryQuery = (query: Partial<DirectoryQuery> = {}) =>
  queryOptions<DirectoryPage<FirmSummary>>({ queryKey: [directoryApiPath(query)] });

/** Every directory page and list, whatever its filters: what a new review or rating changes. */
export const firmListsFilter = {
  predicate: (query: Query) => /^\/api\/firms(\?|$)/.test(String(query.queryKey[0])),
};

/** The home page's comparison table: the featured firm, then the best trust ratings. */
export const homeComparisonQuery = () => firmDirectoryQuery({ sort: 'rating', pageSize: 10 });

/** The home side panel's top rated by traders (one more than shown, in case it is the featured firm). */
export const topRatedFirmsQuery = () => firmDirectoryQuery({ sort: 'reviews', pageSize: 5 });

export const firmStatsQuery = () => queryOptions<DirectoryStats>({ queryKey: ['/api/firms/stats'] });

export const unlistedFirmsQuery = () => queryOptions<UnlistedFirm[]>({ queryKey: ['/api/unlisted-firms'] });

export const heroStatsQuery = () => queryOptions<HeroStats>({ queryKey: ['/api/hero-stats'] });

const slugPart = (slug: string) => encodeURIComponent(slug);

/** A 404 is final: retrying (or refetching a server-rendered 404 on mount) only flashes the skeleton. */
export const firmDetailsQuery = (slug: string) =>
  queryOptions<FirmDetails>({
    queryKey: ['/api/firms', slugPart(slug), 'details'],
    retry: (failures, error) => errorStatus(error) !== 404 && failures < 1,
    retryOnMount: false,
  });

export const firmReviewsQuery = (slug: string) =>
  queryOptions<Review[]>({ queryKey: ['/api/firms', slugPart(slug), 'reviews'] });

/**
 * A firm's reviews older than the first page (`firmReviewsQuery`, the newest), a page at a time
 * after the review `after` (keyset: each page starts after the last one's last review).
 */
export const olderFirmReviewsQuery = (slug: string, after: number) =>
  infiniteQueryOptions({
    queryKey: ['/api/firms', slugPart(slug), 'reviews', 'older', after],
    queryFn: ({ pageParam }) =>
      apiJson<Review[]>('GET', `/api/firms/${slugPart(slug)}/reviews?before=${pageParam}`),
    initialPageParam: after,
    getNextPageParam: (page: Review[]) => page.at(-1)?.id,
  });

/** The signed-in user's own review of the firm, if any (per user: the sign-in and sign-out clear the cache). */
export const ownFirmReviewQuery = (slug: string) =>
  queryOptions<OwnReview>({ queryKey: ['/api/firms', slugPart(slug), 'my-review'] });

/** The rating summary and, once the firm has replied to reviews, its reply figures. */
export const firmRatingQuery = (slug: string) =>
  queryOptions<FirmRating>({ queryKey: ['/api/firms', slugPart(slug), 'rating'] });

/** The firm's replies that do not show (held, hidden), for its representatives only. */
export const withheldRepliesQuery = (slug: string) =>
  queryOptions<WithheldReply[]>({ queryKey: ['/api/firms', slugPart(slug), 'withheld-replies'] });

/** Every answer about the firm's reviews (first page, older pages, rating): what a reply changes. */
export const firmReviewAnswersFilter = (slug: string) => ({
  predicate: (query: Query) =>
    query.queryKey[0] === '/api/firms' &&
    query.queryKey[1] === slugPart(slug) &&
    (query.queryKey[2] === 'reviews' || query.queryKey[2] === 'rating'),
});

export const firmPlatformsQuery = (slug: string) =>
  queryOptions<FirmResource[]>({ queryKey: ['/api/firms', slugPart(slug), 'platforms'] });

export const firmPayoutMethodsQuery = (slug: string) =>
  queryOptions<FirmResource[]>({ queryKey: ['/api/firms', slugPart(slug), 'payout-methods'] });

export const firmSearchQuery = (q: string) =>
  queryOptions<SearchResultFirm[]>({
    queryKey: [`/api/search/firms?q=${encodeURIComponent(q.trim())}`],
    enabled: q.trim().length >= 2,
  });

/** A firm's public rule-change history, newest first. */
export const firmRuleChangesQuery = (slug: string) =>
  queryOptions<RuleChange[]>({ queryKey: [`/api/firms/${slugPart(slug)}/rule-changes`] });

/** Whether the signed-in user follows the firm. */
export const firmFollowQuery = (slug: string) =>
  queryOptions<FollowState>({ queryKey: [`/api/firms/${slugPart(slug)}/follow`] });

/** The firms the signed-in user follows (shown in /profile). */
export const followedFirmsQuery = () => queryOptions<FollowedFirm[]>({ queryKey: ['/api/profile/follows'] });

/** The public review integrity report (/review-integrity). */
export const integrityReportQuery = () =>
  queryOptions<IntegrityReport>({ queryKey: ['/api/review-integrity'] });

/** A page of the firm's verified payout reports, newest first (its Payouts tab). */
export const firmPayoutReportsQuery = (slug: string, page = 1) =>
  queryOptions<PublicPayoutReportPage>({
    queryKey: [`/api/firms/${slugPart(slug)}/payout-reports${page > 1 ? `?page=${page}` : ''}`],
  });

/** Every answer about a firm's payout reports, whatever the page: what a new report changes. */
export const firmPayoutReportsFilter = (slug: string) => ({
  predicate: (query: Query) =>
    String(query.queryKey[0]).startsWith(`/api/firms/${slugPart(slug)}/payout-reports`),
});

/** The signed-in trader's own payout reports and where each stands (/profile). */
export const ownPayoutReportsQuery = () =>
  queryOptions<OwnPayoutReport[]>({ queryKey: ['/api/profile/payout-reports'] });

/** The signed-in user's claims of firms and where each stands (the firm page's claim card). */
export const ownFirmClaimsQuery = () =>
  queryOptions<OwnFirmClaim[]>({ queryKey: ['/api/profile/firm-claims'] });

/** An account option's list price and price after coupon over the last 12 months. */
export const accountPriceHistoryQuery = (accountId: number) =>
  queryOptions<PriceHistory>({ queryKey: ['/api/accounts', String(accountId), 'price-history'] });
