import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_FIRM_SORTS, type AdminFirmRow } from '../../../domain/admin-firms';
import { trustRatingLabel } from '../../../domain/firm-rules';
import { formatDate } from '../../../domain/format';
import { type Column, RowTitle } from '../../components/data-table';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { useListParams } from './list-params';
import { ListSearch } from './list-search';
import { adminFirmsQuery } from './queries';

const SORT_LABELS: Record<(typeof ADMIN_FIRM_SORTS)[number], string> = {
  name: 'Name',
  updated: 'Last change',
  rating: 'Trust rating',
  status: 'Status',
};

const COLUMNS: Column<AdminFirmRow>[] = [
  {
    header: 'Firm',
    cell: (firm) => (
      <RowTitle to={`/admin/firms/${firm.id}`} title={firm.name}>
        <div className="mt-1 flex flex-wrap gap-1">
          {firm.status !== 'listed' ? <Badge variant="neutral">Unlisted</Badge> : null}
          {firm.featured ? <Badge variant="warning">Featured</Badge> : null}
          <span className="text-xs text-slate-500">/{firm.slug}</span>
        </div>
      </RowTitle>
    ),
  },
  { header: 'Trust', phone: 'hidden', cell: (firm) => trustRatingLabel(firm.trustRating) },
  {
    header: 'Models / accounts',
    phone: 'hidden',
    from: 'md',
    className: 'tabular-nums',
    cell: (firm) => `${firm.fundingModelCount} / ${firm.accountCount}`,
  },
  {
    header: 'Last change',
    align: 'end',
    className: 'whitespace-nowrap text-slate-600',
    cell: (firm) => formatDate(firm.updatedAt),
  },
];

export function FirmList() {
  const { params, q, page, text, setText, update, setPage } = useListParams();
  const sortParam = params.get('sort');
  const sort = ADMIN_FIRM_SORTS.includes(sortParam as never) ? (sortParam as string) : 'name';
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const query = useQuery({
    ...adminFirmsQuery({ q: q || undefined, sort, dir, page }),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-label="Firm list">
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <ListSearch id="firm-search" placeholder="Name or slug" text={text} setText={setText} />
        <div className="grid gap-1.5">
          <Label htmlFor="firm-sort">Sort by</Label>
          <NativeSelect
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
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="firm-dir">Order</Label>
          <NativeSelect
            id="firm-dir"
            value={dir}
            onChange={(e) => update({ dir: e.target.value === 'asc' ? null : e.target.value, page: null })}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </NativeSelect>
        </div>
      </div>
      <PagedList
        query={query}
        rows={(data) => data.firms}
        loading="Loading firms"
        empty={q ? `No firms match "${q}".` : 'No firms yet.'}
        onPage={setPage}
        table={{ label: 'Firms', columns: COLUMNS, rowKey: (firm) => firm.id }}
      />
    </section>
  );
}
