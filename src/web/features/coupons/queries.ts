import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Coupon } from '../../../domain/coupons';
import { ApiError, apiJson, errorStatus, getQueryFn } from '../../lib/api';

const fetchJson = getQueryFn<Coupon>({ on401: 'throw' });

export const couponsQuery = () => queryOptions<Coupon[]>({ queryKey: ['/api/coupons'] });

/** A failure raises 'Coupon not found' (spec section 7); a 404 is not retried. */
export const couponBySlugQuery = (slug: string) =>
  queryOptions<Coupon>({
    queryKey: ['/api/coupons/slug', slug],
    queryFn: async (context) => {
      try {
        return await fetchJson(context);
      } catch (error) {
        throw new ApiError(errorStatus(error) ?? 500, 'Coupon not found');
      }
    },
    retry: (failures, error) => errorStatus(error) !== 404 && failures < 1,
    // A 404 prefetched by the server stays a 404 while rendering and hydrating, not a spinner.
    retryOnMount: false,
  });

/** Fired when a deal is opened; the list is refreshed so usage counts stay current. */
export function useRecordCouponUse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<{ usageCount: number; counted: boolean }>('POST', `/api/coupons/${id}/use`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/coupons'], exact: true }),
  });
}

export function useVoteOnCoupon(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (worked: boolean) =>
      apiJson<{ votes: { worked: number; total: number } }>('POST', `/api/coupons/${id}/vote`, { worked }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/coupons'] }),
  });
}
