import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../domain/format';
import type { PointsEntry } from '../../../domain/points';
import { POINTS_REASON_LABELS, pointsToUsd } from '../../../domain/points-rules';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { pointsHistoryQuery } from './queries';

/** The balance and the whole ledger, paged: every change with its reason in words and its cause. */
export function PointsHistoryCard() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useQuery({
    ...pointsHistoryQuery(page),
    placeholderData: keepPreviousData,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Points history</CardTitle>
        <CardDescription>
          {data ? (
            <>
              Balance <strong data-testid="history-balance">{data.balance.toLocaleString('en-US')}</strong>{' '}
              points (worth ${pointsToUsd(data.balance).toFixed(2)}). Every change is listed here.
            </>
          ) : (
            'Every change of your balance.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? <p className="text-sm text-slate-600">Loading your history</p> : null}
        {isError ? <p className="text-sm text-red-700">Your history could not be loaded.</p> : null}
        {data && data.total === 0 ? (
          <p className="text-sm text-slate-600">
            No points yet.{' '}
            <Link href="/earn-points" className="text-brand-700 underline">
              See how to earn points
            </Link>
            .
          </p>
        ) : null}
        {data && data.entries.length > 0 ? (
          <ol className="divide-y divide-slate-200" data-testid="points-history">
            {data.entries.map((entry) => (
              <PointsEntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        ) : null}
        {pages > 1 ? (
          <nav className="mt-4 flex items-center justify-between" aria-label="Points history pages">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <span className="text-sm text-slate-600">
              Page {page} of {pages}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Older
            </Button>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One change of a balance: its reason in words, its cause (linked when it has a page), the amount. */
export function PointsEntryRow({ entry }: { entry: PointsEntry }) {
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{POINTS_REASON_LABELS[entry.reason]}</p>
        <p className="text-sm text-slate-600">
          {entry.href ? (
            <Link href={entry.href} className="text-brand-700 underline">
              {entry.detail ?? 'Details'}
            </Link>
          ) : (
            entry.detail
          )}
          {entry.detail || entry.href ? ' · ' : null}
          {formatDate(entry.createdAt)}
        </p>
      </div>
      <span
        className={cn(
          'shrink-0 font-semibold tabular-nums',
          entry.delta > 0 ? 'text-emerald-700' : 'text-red-700',
        )}
      >
        {entry.delta > 0 ? '+' : '−'}
        {Math.abs(entry.delta).toLocaleString('en-US')}
      </span>
    </li>
  );
}
