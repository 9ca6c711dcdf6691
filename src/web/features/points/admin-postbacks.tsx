import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../domain/format';
import type { Column } from '../../components/data-table';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { type AdminPostback, adminPostbacksQuery } from './queries';

const COLUMNS: Column<AdminPostback>[] = [
  { header: 'Received', className: 'whitespace-nowrap', cell: (p) => formatDate(p.createdAt) },
  { header: 'Provider', cell: (p) => p.provider },
  {
    header: 'Transaction',
    phone: 'labelled',
    cell: (p) => <span className="font-mono break-all">{p.transactionId ?? 'none'}</span>,
  },
  {
    header: 'User',
    phone: 'labelled',
    cell: (p) => <span className="font-mono break-all">{p.userId ?? 'none'}</span>,
  },
  {
    header: 'Points',
    phone: 'labelled',
    cell: (p) => `${p.kind === 'reversal' ? '−' : ''}${p.points ?? ''}`,
  },
  {
    header: 'Outcome',
    cell: (p) => (
      <>
        <Badge
          variant={p.outcome === 'refused' ? 'danger' : p.outcome === 'duplicate' ? 'neutral' : 'success'}
        >
          {p.outcome}
        </Badge>
        {p.refusalReason ? <span className="ml-2 text-red-800">{p.refusalReason}</span> : null}
      </>
    ),
  },
];

/** The offerwall postbacks: refused ones (with why) by default, or all of them. */
export function AdminPostbacks() {
  const [filter, setFilter] = useState<'refused' | 'all'>('refused');
  const query = useQuery(adminPostbacksQuery(filter));
  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Postbacks shown" className="flex gap-2">
        {(['refused', 'all'] as const).map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'selected' : 'ghost'}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {f === 'refused' ? 'Refused' : 'All'}
          </Button>
        ))}
      </div>
      <PagedList
        query={query}
        rows={(data) => data}
        loading="Loading postbacks"
        empty="No postbacks."
        table={{ label: 'Postbacks', columns: COLUMNS, rowKey: (p) => p.id }}
      />
    </div>
  );
}
