import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_PATH } from '../../../domain/api-paths';
import type {
  AdminAward,
  AdminCashbackClaim,
  AdminCashOut,
  CashbackClaim,
  CashbackFirm,
  CashOut,
  CashOutStatus,
  ClaimStatus,
  PointsHistory,
  PointsProgram,
} from '../../../domain/points';
import { getQueryFn } from '../../lib/api';

export const cashbackFirmsQuery = () =>
  queryOptions<CashbackFirm[]>({
    queryKey: ['/api/cashback-firms'],
    queryFn: getQueryFn<CashbackFirm[]>({ on401: 'throw' }),
  });

export const ownClaimsQuery = () =>
  queryOptions<CashbackClaim[]>({
    queryKey: ['/api/cashback-claims'],
    queryFn: getQueryFn<CashbackClaim[]>({ on401: 'throw' }),
  });

export const adminClaimsQuery = (status: ClaimStatus) =>
  queryOptions<AdminCashbackClaim[]>({
    queryKey: [`/api/admin/cashback-claims?status=${status}`],
    queryFn: getQueryFn<AdminCashbackClaim[]>({ on401: 'throw' }),
  });

export const pointsHistoryQuery = (page: number) =>
  queryOptions<PointsHistory>({
    queryKey: [`/api/points/history?page=${page}`],
    queryFn: getQueryFn<PointsHistory>({ on401: 'throw' }),
  });

export const ownCashOutsQuery = () =>
  queryOptions<CashOut[]>({
    queryKey: ['/api/points/cash-outs'],
    queryFn: getQueryFn<CashOut[]>({ on401: 'throw' }),
  });

export const adminCashOutsQuery = (status: CashOutStatus) =>
  queryOptions<AdminCashOut[]>({
    queryKey: [`/api/admin/points/cash-outs?status=${status}`],
    queryFn: getQueryFn<AdminCashOut[]>({ on401: 'throw' }),
  });

/**
 * After anything that may change a balance: the badge next to Profile (the current user), and
 * every points list, are fetched again, so the numbers move without a reload.
 */
export function useRefreshPoints() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [CURRENT_USER_PATH] }),
      queryClient.invalidateQueries({
        predicate: (q) => {
          const key = String(q.queryKey[0] ?? '');
          return (
            key.startsWith('/api/cashback-claims') ||
            key.startsWith('/api/points') ||
            key.startsWith('/api/admin/cashback-claims') ||
            key.startsWith('/api/admin/points/cash-outs') ||
            key.startsWith('/api/home')
          );
        },
      }),
    ]);
  };
}

export const pointsProgramQuery = () =>
  queryOptions<PointsProgram>({
    queryKey: ['/api/points/program'],
    queryFn: getQueryFn<PointsProgram>({ on401: 'throw' }),
  });

export const offerwallQuery = (provider: 'offerwall' | 'adscend') =>
  queryOptions<{ url: string | null }>({
    queryKey: [`/api/offerwalls/${provider}`],
    queryFn: getQueryFn<{ url: string | null }>({ on401: 'throw' }),
  });

export interface AdminPostback {
  id: number;
  provider: string;
  transactionId: string | null;
  userId: string | null;
  points: number | null;
  kind: string;
  outcome: string;
  refusalReason: string | null;
  ip: string | null;
  createdAt: string;
}

export const adminPostbacksQuery = (filter: 'refused' | 'all') =>
  queryOptions<AdminPostback[]>({
    queryKey: [`/api/admin/postbacks?filter=${filter}`],
    queryFn: getQueryFn<AdminPostback[]>({ on401: 'throw' }),
  });

export const adminAwardsQuery = () =>
  queryOptions<AdminAward[]>({
    queryKey: ['/api/admin/review-awards'],
    queryFn: getQueryFn<AdminAward[]>({ on401: 'throw' }),
  });
