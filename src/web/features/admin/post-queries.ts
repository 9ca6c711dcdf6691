import { queryOptions } from '@tanstack/react-query';
import type { AdminPost, AdminPostPage, AdminQuickUpdatePage } from '../../../domain/admin-posts';
import { getQueryFn } from '../../lib/api';

const fetchJson = <T>() => getQueryFn<T>({ on401: 'throw' });
/** Admin answers change with every edit: always asked again when a page opens. */
const admin = { staleTime: 0 } as const;

const search = (params: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
};

export interface PostListParams {
  q?: string;
  status?: string;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
}

export const adminPostsQuery = (params: PostListParams) =>
  queryOptions<AdminPostPage>({
    queryKey: [`/api/admin/posts${search({ ...params })}`],
    queryFn: fetchJson(),
    ...admin,
  });

export const adminPostQuery = (id: number) =>
  queryOptions<AdminPost>({ queryKey: ['/api/admin/posts', String(id)], queryFn: fetchJson(), ...admin });

export const adminQuickUpdatesQuery = (params: { q?: string; page: number }) =>
  queryOptions<AdminQuickUpdatePage>({
    queryKey: [`/api/admin/quick-updates${search(params)}`],
    queryFn: fetchJson(),
    ...admin,
  });
