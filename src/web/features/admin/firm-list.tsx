import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ADMIN_FIRM_SORTS } from '../../../domain/admin-firms';
import { trustRatingLabel } from '../../../domain/firm-rules';
import { formatDate } from '../../../domain/format';
import { QueryFailure } from '../../components/query-failure';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { Pager } from './pager';
import { adminFirmsQuery } from './queries';

const SORT_LABELS: Record<(typeof ADMIN_FIRM_SORTS)[number], string> = {
  name: 'Name',
  updated: 'Last change',
  rating: 'Trust rating',
  status: 'Status',
};

export function FirmList() {
  const [params, setParams] = useUrlSearchParams();
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort = ADMIN_FIRM_SORTS.includes(sortParam as never) ? (sortParam as string) : 'name';
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const { data, error, isPending, refetch } = useQuery({
    ...adminFirmsQuery({ q: q || undefined, sort, dir, page }),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  // The search runs as the admin types, once they pause.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the typed text only
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => update({ q: text.trim() || null, page: null }), 300);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <section aria-label="Firm list">
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="firm-search">Search</Label>
          <Input
            id="firm-search"
            type="search"
            placeholder="Name or slug"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="firm-sort">Sort by</Label>
          <select
            id="firm-sort"
            value={sort}
            onChange={(e) => update({ sort: e.target.value === 'name' ? null : e.target.value, page: null })}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            {ADMIN_FIRM_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="firm-dir">Order</Label>
          <select
            id="firm-dir"
            value={dir}
            onChange={(e) => update({ dir: e.target.value === 'asc' ? null : e.target.value, page: null })}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </div>
      </div>
      {isPending ? (
        <Skeleton className="h-96" />
      ) : error ? (
        <QueryFailure error={error} retry={() => refetch()} />
      ) : data.firms.length === 0 ? (
        <Card className="p-6 text-sm text-slate-600">{q ? `No firms match "${q}".` : 'No firms yet.'}</Card>
      ) : (
        <>
          <Card className="overflow-hidden">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Firm
                  </th>
                  <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                    Trust
                  </th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">
                    Models / accounts
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Last change
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.firms.map((firm) => (
                  <tr key={firm.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3">
                      <Link
                        to={`/admin/firms/${firm.id}`}
                        className="font-medium break-words text-brand-700 hover:underline"
                      >
                        {firm.name}
                      </Link>
                      <div className="mt-1 flex flex-wrap gap-1">
                        {firm.status !== 'listed' ? <Badge variant="neutral">Unlisted</Badge> : null}
                        {firm.featured ? <Badge variant="warning">Featured</Badge> : null}
                        <span className="text-xs text-slate-500">/{firm.slug}</span>
                      </div>
                    </td>
                    <td className="hidden px-4 py-3 sm:table-cell">{trustRatingLabel(firm.trustRating)}</td>
                    <td className="hidden px-4 py-3 tabular-nums md:table-cell">
                      {firm.fundingModelCount} / {firm.accountCount}
                    </td>
                    <td className="px-4 py-3 text-right whitespace-nowrap text-slate-600">
                      {formatDate(firm.updatedAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => update({ page: p > 1 ? String(p) : null })}
          />
        </>
      )}
    </section>
  );
}
