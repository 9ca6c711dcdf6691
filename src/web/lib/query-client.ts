import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

const MINUTE = 60_000;

/** The cache rules of spec section 9. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: 1,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        // TanStack Query's own defaults, given here: it adds each one missing to every query's
        // options after spreading them into a new object, which Node 20's V8 makes slow
        // (decision 0019); a render calls it for every useQuery and prefetch.
        refetchOnReconnect: true,
        throwOnError: false,
      },
      mutations: { retry: false },
    },
  });
}
