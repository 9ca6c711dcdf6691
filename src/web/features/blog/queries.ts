import { queryOptions } from '@tanstack/react-query';
import type { BlogPost, BlogPostSummary, QuickUpdate } from '../../../domain/blog';
import { errorStatus } from '../../lib/api';

const MINUTE = 60_000;

export const blogPostsQuery = () =>
  queryOptions<BlogPostSummary[]>({ queryKey: ['/api/blog?published=true'] });

export const quickUpdatesQuery = () =>
  queryOptions<QuickUpdate[]>({ queryKey: ['/api/quick-updates?published=true'] });

/** Spec section 9: fresh 5 minutes, kept 10 minutes, 2 retries (a 404 is final). */
export const blogPostQuery = (slug: string) =>
  queryOptions<BlogPost>({
    queryKey: ['/api/blog', slug],
    staleTime: 5 * MINUTE,
    gcTime: 10 * MINUTE,
    retry: (failures, error) => errorStatus(error) !== 404 && failures < 2,
    // A 404 prefetched by the server stays a 404 while rendering and hydrating, not a spinner.
    retryOnMount: false,
  });
