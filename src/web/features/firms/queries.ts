import { queryOptions } from '@tanstack/react-query';
import type {
  FeaturedFirm,
  FirmDetails,
  FirmResource,
  FirmSummary,
  HeroStats,
  Review,
  ReviewSummary,
  SearchResultFirm,
  UnlistedFirm,
} from '../../../domain/firms';
import { errorStatus } from '../../lib/api';

/** Query keys are the API path parts: the default query function joins them with slashes. */
export const firmsQuery = () => queryOptions<FirmSummary[]>({ queryKey: ['/api/firms'] });

export const unlistedFirmsQuery = () => queryOptions<UnlistedFirm[]>({ queryKey: ['/api/unlisted-firms'] });

export const featuredFirmQuery = () => queryOptions<FeaturedFirm>({ queryKey: ['/api/featured-firm'] });

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

export const firmRatingQuery = (slug: string) =>
  queryOptions<ReviewSummary>({ queryKey: ['/api/firms', slugPart(slug), 'rating'] });

export const firmPlatformsQuery = (slug: string) =>
  queryOptions<FirmResource[]>({ queryKey: ['/api/firms', slugPart(slug), 'platforms'] });

export const firmPayoutMethodsQuery = (slug: string) =>
  queryOptions<FirmResource[]>({ queryKey: ['/api/firms', slugPart(slug), 'payout-methods'] });

export const firmSearchQuery = (q: string) =>
  queryOptions<SearchResultFirm[]>({
    queryKey: [`/api/search/firms?q=${encodeURIComponent(q.trim())}`],
    enabled: q.trim().length >= 2,
  });
