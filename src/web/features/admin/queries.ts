import { queryOptions } from '@tanstack/react-query';
import type { AdminOverview, AuditPage } from '../../../domain/admin';
import type { AdminCoupon, AdminCouponPage, FirmChoice } from '../../../domain/admin-content';
import type { AdminFirm, AdminFirmPage, AdminUnlistedFirm, FirmOptions } from '../../../domain/admin-firms';
import type { InboxPage } from '../../../domain/admin-inbox';
import type { AdminSubscriberPage, DigestPreview, DigestSend } from '../../../domain/admin-subscribers';
import type { AdminUserPage } from '../../../domain/admin-users';
import type { AdminFirmClaims } from '../../../domain/firm-claims';
import type { AdminReviewPage } from '../../../domain/moderation';
import type { PayoutQueueFilter } from '../../../domain/payout-rules';
import type { AdminPayoutReportPage } from '../../../domain/payouts';
import type { AdminReplyPage } from '../../../domain/replies';
import { getQueryFn } from '../../lib/api';

const fetchJson = <T>() => getQueryFn<T>({ on401: 'throw' });

/** Admin answers change with every edit: always asked again when a page opens. */
const admin = { staleTime: 0 } as const;

/** Firms' replies the automatic checks held, the longest waiting first (the /admin/reviews page). */
export const adminHeldRepliesQuery = () =>
  queryOptions<AdminReplyPage>({
    queryKey: ['/api/admin/replies?view=held'],
    queryFn: fetchJson(),
    ...admin,
  });

/** Confirmed claims of firms waiting for a decision, and the current firm representatives. */
export const adminFirmClaimsQuery = () =>
  queryOptions<AdminFirmClaims>({ queryKey: ['/api/admin/firm-claims'], queryFn: fetchJson(), ...admin });

export const adminOverviewQuery = () =>
  queryOptions<AdminOverview>({ queryKey: ['/api/admin/overview'], queryFn: fetchJson(), ...admin });

const search = (params: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
};

export const adminAuditQuery = (params: { entity?: string; entityId?: string; page: number }) =>
  queryOptions<AuditPage>({
    queryKey: [`/api/admin/audit${search(params)}`],
    queryFn: fetchJson(),
    ...admin,
  });

export interface FirmListParams {
  q?: string;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
}

export const adminFirmsQuery = (params: FirmListParams) =>
  queryOptions<AdminFirmPage>({
    queryKey: [`/api/admin/firms${search({ ...params })}`],
    queryFn: fetchJson(),
    ...admin,
  });

export const adminFirmQuery = (id: number) =>
  queryOptions<AdminFirm>({ queryKey: ['/api/admin/firms', String(id)], queryFn: fetchJson(), ...admin });

export const firmOptionsQuery = () =>
  queryOptions<FirmOptions>({ queryKey: ['/api/admin/firms/options'], queryFn: fetchJson(), ...admin });

export const adminUnlistedFirmsQuery = () =>
  queryOptions<AdminUnlistedFirm[]>({
    queryKey: ['/api/admin/unlisted-firms'],
    queryFn: fetchJson(),
    ...admin,
  });

export const adminCouponsQuery = (params: { q?: string; page: number }) =>
  queryOptions<AdminCouponPage>({
    queryKey: [`/api/admin/coupons${search(params)}`],
    queryFn: fetchJson(),
    ...admin,
  });

export const adminCouponQuery = (id: number) =>
  queryOptions<AdminCoupon>({ queryKey: ['/api/admin/coupons', String(id)], queryFn: fetchJson(), ...admin });

export const firmChoicesQuery = () =>
  queryOptions<FirmChoice[]>({ queryKey: ['/api/admin/firm-choices'], queryFn: fetchJson(), ...admin });

/** The payout report queue: one view (pending, verified, rejected, flagged), a page at a time. */
export const adminPayoutReportsQuery = (params: { filter: PayoutQueueFilter; page: number }) =>
  queryOptions<AdminPayoutReportPage>({
    queryKey: [
      `/api/admin/payout-reports${search({ filter: params.filter, page: params.page > 1 ? params.page : undefined })}`,
    ],
    queryFn: fetchJson(),
    ...admin,
  });

export const adminMessagesQuery = (status: string, page: number) =>
  queryOptions<InboxPage>({
    queryKey: [`/api/admin/messages?status=${status}&page=${page}`],
    queryFn: fetchJson(),
  });

export const adminReviewsQuery = (view: string, page: number) =>
  queryOptions<AdminReviewPage>({
    queryKey: [`/api/admin/reviews?view=${view}&page=${page}`],
    queryFn: fetchJson(),
  });

export const adminSubscribersQuery = (filter: URLSearchParams, page: number) =>
  queryOptions<AdminSubscriberPage>({
    queryKey: [`/api/admin/subscribers?${filter}&page=${page}`],
    queryFn: fetchJson(),
  });

export const adminUsersQuery = (params: { q: string; filter: string; page: number }) =>
  queryOptions<AdminUserPage>({
    queryKey: [
      `/api/admin/users?${new URLSearchParams({ q: params.q, filter: params.filter, page: String(params.page) })}`,
    ],
    queryFn: fetchJson(),
  });

export const DIGEST_SENDS = '/api/admin/newsletter/sends';

export const digestPreviewQuery = () =>
  queryOptions<DigestPreview>({ queryKey: ['/api/admin/newsletter/digest'], queryFn: fetchJson() });

export const digestSendsQuery = () =>
  queryOptions<DigestSend[]>({ queryKey: [DIGEST_SENDS], queryFn: fetchJson() });
