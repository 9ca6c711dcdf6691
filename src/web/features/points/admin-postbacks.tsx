import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { adminPostbacksQuery } from './queries';

/** The offerwall postbacks: refused ones (with why) by default, or all of them. */
export function AdminPostbacks() {
  const [filter, setFilter] = useState<'refused' | 'all'>('refused');
  const { data, isPending, isError } = useQuery(adminPostbacksQuery(filter));
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
      {isPending ? <p className="text-sm text-slate-600">Loading postbacks</p> : null}
      {isError ? <p className="text-sm text-red-700">The postbacks could not be loaded.</p> : null}
      {data?.length === 0 ? <p className="text-sm text-slate-600">No postbacks.</p> : null}
      {data && data.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="p-2">Received</th>
                <th className="p-2">Provider</th>
                <th className="p-2">Transaction</th>
                <th className="p-2">User</th>
                <th className="p-2">Points</th>
                <th className="p-2">Outcome</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {data.map((p) => (
                <tr key={p.id}>
                  <td className="p-2 whitespace-nowrap">{formatDate(p.createdAt)}</td>
                  <td className="p-2">{p.provider}</td>
                  <td className="p-2 font-mono break-all">{p.transactionId ?? 'none'}</td>
                  <td className="p-2 font-mono break-all">{p.userId ?? 'none'}</td>
                  <td className="p-2">
                    {p.kind === 'reversal' ? '−' : ''}
                    {p.points ?? ''}
                  </td>
                  <td className="p-2">
                    <Badge
                      variant={
                        p.outcome === 'refused' ? 'danger' : p.outcome === 'duplicate' ? 'neutral' : 'success'
                      }
                    >
                      {p.outcome}
                    </Badge>
                    {p.refusalReason ? <span className="ml-2 text-red-800">{p.refusalReason}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
