import { queryOptions } from '@tanstack/react-query';
import type { FirmAnalytics, FirmAnalyticsDetail, SiteAnalytics } from '../../../domain/admin-analytics';
import { getQueryFn } from '../../lib/api';
import { type AnalyticsRange, rangeQuery } from './range';

export const siteAnalyticsQuery = (range: AnalyticsRange) =>
  queryOptions<SiteAnalytics>({
    queryKey: [`/api/admin/analytics?${rangeQuery(range)}`],
    queryFn: getQueryFn<SiteAnalytics>({ on401: 'throw' }),
  });

export const firmAnalyticsQuery = (range: AnalyticsRange) =>
  queryOptions<FirmAnalytics>({
    queryKey: [`/api/admin/firm-analytics?${rangeQuery(range)}`],
    queryFn: getQueryFn<FirmAnalytics>({ on401: 'throw' }),
  });

export const firmAnalyticsDetailQuery = (id: string, range: AnalyticsRange) =>
  queryOptions<FirmAnalyticsDetail>({
    queryKey: [`/api/admin/firm-analytics/${encodeURIComponent(id)}?${rangeQuery(range)}`],
    queryFn: getQueryFn<FirmAnalyticsDetail>({ on401: 'throw' }),
  });
