import { queryOptions } from '@tanstack/react-query';
import type { AdminFirm } from '../../../domain/admin-firms';
import type {
  AdminChangeRequest,
  ChangeRequestPayload,
  ChangeRequestStatus,
  FirmConsoleOverview,
} from '../../../domain/change-requests';
import { apiJson, errorStatus, getQueryFn } from '../../lib/api';

const fetchJson = <T>() => getQueryFn<T>({ on401: 'throw' });
const slugPart = (slug: string) => encodeURIComponent(slug);

/** A refusal (not a representative, no such firm) is final: retrying it only delays the message. */
const finalRefusals = {
  retry: (failures: number, error: unknown) => ![403, 404].includes(errorStatus(error) ?? 0) && failures < 1,
  retryOnMount: false,
  // The console shows the firm as it is now: asked again whenever the page opens.
  staleTime: 0,
} as const;

/** The firm as the admin editor loads it (`GET /api/firm-console/{slug}`), for its representatives and admins. */
export const firmConsoleQuery = (slug: string) =>
  queryOptions<AdminFirm>({
    queryKey: ['/api/firm-console', slugPart(slug)],
    queryFn: fetchJson(),
    ...finalRefusals,
  });

/** The console's figures, replies to write, coupons and corrections. */
export const firmConsoleOverviewQuery = (slug: string) =>
  queryOptions<FirmConsoleOverview>({
    queryKey: ['/api/firm-console', slugPart(slug), 'overview'],
    queryFn: fetchJson(),
    ...finalRefusals,
  });

/** Every answer of one firm's console: what a sent correction changes. */
export const firmConsoleFilter = (slug: string) => ({ queryKey: ['/api/firm-console', slugPart(slug)] });

/** A representative's correction, sent for review: 201 with its id. */
export const sendChangeRequest = (slug: string, payload: ChangeRequestPayload) =>
  apiJson<{ id: number; status: ChangeRequestStatus }>(
    'POST',
    `/api/firm-console/${slugPart(slug)}/change-requests`,
    payload,
  );

/** The admins' queue of corrections, one status at a time (always asked again). */
export const adminChangeRequestsQuery = (status: ChangeRequestStatus) =>
  queryOptions<AdminChangeRequest[]>({
    queryKey: [`/api/admin/change-requests?status=${status}`],
    queryFn: fetchJson(),
    staleTime: 0,
  });

/** Every status's list of the queue. */
export const adminChangeRequestsFilter = {
  predicate: (query: { queryKey: readonly unknown[] }) =>
    String(query.queryKey[0]).startsWith('/api/admin/change-requests'),
};

/** Applies a correction over the firm's version the admin looked at (409 when it was saved since). */
export const approveChangeRequest = (request: Pick<AdminChangeRequest, 'id' | 'firm'>) =>
  apiJson<AdminChangeRequest>('POST', `/api/admin/change-requests/${request.id}/approve`, {
    version: request.firm.version,
  });

export const rejectChangeRequest = (id: number, reason: string) =>
  apiJson<AdminChangeRequest>('POST', `/api/admin/change-requests/${id}/reject`, { reason });
