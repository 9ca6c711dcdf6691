import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ENTRY_HASH_PREVIEW, formatGiveawayDate } from '../../../domain/giveaway-rules';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { giveawayEntriesQuery } from './queries';

function EntryRows({
  slug,
  after,
  onNext,
}: {
  slug: string;
  after: number;
  onNext?: (next: number) => void;
}) {
  const { data, isLoading, isError } = useQuery(giveawayEntriesQuery(slug, after));
  if (isLoading) {
    return (
      <tr>
        <td colSpan={5} className="p-3">
          <Skeleton className="h-6 w-full" />
        </td>
      </tr>
    );
  }
  if (isError || !data) {
    return (
      <tr>
        <td colSpan={5} className="p-3 text-red-700">
          Entries could not be loaded.
        </td>
      </tr>
    );
  }
  return (
    <>
      {data.entries.map((e) => (
        <tr key={e.id} className="border-t border-slate-100">
          <td className="px-3 py-2 font-mono font-semibold text-slate-900">#{e.ticketNumber}</td>
          <td className="px-3 py-2 text-slate-800">{e.user?.username ?? 'Deleted account'}</td>
          <td className="px-3 py-2 text-slate-600">{e.socialMediaHandle || 'Not provided'}</td>
          <td className="px-3 py-2 whitespace-nowrap text-slate-600">{formatGiveawayDate(e.createdAt)}</td>
          <td className="px-3 py-2 font-mono text-xs text-slate-600" title={e.entryHash}>
            {e.entryHash.slice(0, ENTRY_HASH_PREVIEW)}
          </td>
        </tr>
      ))}
      {data.nextAfter !== null && onNext ? (
        <tr>
          <td colSpan={5} className="p-3 text-center">
            <Button variant="outline" size="sm" onClick={() => onNext(data.nextAfter as number)}>
              Load more entries
            </Button>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/**
 * The entry list, a page at a time from the server (keyset on the ticket number), in a box of
 * capped height: a giveaway with 100,000 entries loads its first 50.
 */
export function EntryList({ slug, total }: { slug: string; total: number }) {
  const [pages, setPages] = useState<number[]>([0]);
  return (
    <section aria-labelledby="entry-list" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2
        id="entry-list"
        className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900"
      >
        Entry List <span className="font-normal text-slate-500">({total})</span>
      </h2>
      {total === 0 ? (
        <p className="p-5 text-slate-600">No entries yet. Be the first to enter!</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard
        <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Entries">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Ticket #
                </th>
                <th scope="col" className="px-3 py-2">
                  User
                </th>
                <th scope="col" className="px-3 py-2">
                  Social handle
                </th>
                <th scope="col" className="px-3 py-2">
                  Entry date
                </th>
                <th scope="col" className="px-3 py-2">
                  Verification
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.map((after, i) => (
                <EntryRows
                  key={after}
                  slug={slug}
                  after={after}
                  onNext={i === pages.length - 1 ? (next) => setPages((p) => [...p, next]) : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
