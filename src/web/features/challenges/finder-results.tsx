import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import ChevronLeft from '~icons/lucide/chevron-left';
import ChevronRight from '~icons/lucide/chevron-right';
import {
  CHALLENGE_PAGE_SIZE,
  type ChallengePage,
  computeTrueCost,
  trueCostInput,
} from '../../../domain/challenge-rules';
import { pageCount, pageOffset } from '../../../domain/firm-rules';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { ChallengeCard, ChallengeCardIcons } from './challenge-card';
import { type ChallengeState, challengeSearch } from './state';

export const LIST_ID = 'challenge-list';

const number = (n: number) => n.toLocaleString('en-US');

/** The list of account options with its states (failed, loading, nothing matches, no such page) and pages. */
export function FinderResults({
  state,
  list,
  onClearFilters,
}: {
  state: ChallengeState;
  list: UseQueryResult<ChallengePage>;
  onClearFilters: () => void;
}) {
  const data = list.data;
  const assumptions = { passRate: state.pass / 100, monthsPerAttempt: state.months };
  return (
    <section id={LIST_ID} aria-label="Challenges" className="min-w-0 scroll-mt-20">
      {!data && list.isError ? (
        <p className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          The challenges could not be loaded. Please try again.
        </p>
      ) : !data ? (
        <div className="grid gap-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} rounded="xl" className="h-56" />
          ))}
        </div>
      ) : data.total === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-xl font-semibold text-slate-900">No challenges match your filters</h2>
          <p className="mt-2 text-slate-600">Loosen a filter, or clear them all to see every account.</p>
          <Button className="mt-4" onClick={onClearFilters}>
            Clear all filters
          </Button>
        </div>
      ) : data.options.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-xl font-semibold text-slate-900">There is no page {state.page}</h2>
          <Button asChild className="mt-4">
            <Link
              to={`/challenges${challengeSearch({ ...state, page: pageCount(data.total, data.pageSize) })}`}
            >
              Go to the last page
            </Link>
          </Button>
        </div>
      ) : (
        <>
          <h2 className="sr-only">Challenges</h2>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite" data-testid="result-count">
            {number(data.total)} {data.total === 1 ? 'challenge' : 'challenges'} · showing{' '}
            {number(pageOffset(data.page, data.pageSize) + 1)}-
            {number(pageOffset(data.page, data.pageSize) + data.options.length)}
          </p>
          <div
            className={cn('grid gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}
            aria-busy={list.isPlaceholderData}
          >
            <ChallengeCardIcons />
            {data.options.map((option) => (
              <ChallengeCard
                key={option.account.id}
                option={option}
                cost={computeTrueCost(trueCostInput(option), assumptions)}
              />
            ))}
          </div>
          <Pager state={state} pages={pageCount(data.total, data.pageSize ?? CHALLENGE_PAGE_SIZE)} />
        </>
      )}
    </section>
  );
}

const scrollToList = () => document.getElementById(LIST_ID)?.scrollIntoView({ block: 'start' });

/** Previous / next and the page number, as links so each page has its own address. */
function Pager({ state, pages }: { state: ChallengeState; pages: number }) {
  if (pages <= 1) return null;
  const to = (page: number) => `/challenges${challengeSearch({ ...state, page })}`;
  const step =
    'inline-flex h-10 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-100';
  return (
    <nav aria-label="Pages of challenges" className="mt-6 flex flex-wrap items-center justify-center gap-3">
      {state.page > 1 ? (
        <Link to={to(state.page - 1)} onClick={scrollToList} className={step}>
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </Link>
      ) : null}
      <span className="text-sm text-slate-700">
        Page {number(state.page)} of {number(pages)}
      </span>
      {state.page < pages ? (
        <Link to={to(state.page + 1)} onClick={scrollToList} className={step}>
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
