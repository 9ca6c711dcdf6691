import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'wouter';
import Gift from '~icons/lucide/gift';
import ShieldCheck from '~icons/lucide/shield-check';
import { isGiveawayOpen } from '../../domain/giveaway-rules';
import { PageHeader } from '../components/page-header';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { currentUserQuery } from '../features/accounts/queries';
import { GiveawayCard } from '../features/giveaways/giveaway-card';
import { giveawaysQuery } from '../features/giveaways/queries';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

export const loader: PageLoader = () => [giveawaysQuery()];

export default function GiveawaysPage() {
  const { data, isLoading, isError } = useQuery(giveawaysQuery());
  const { data: user, isLoading: userLoading } = useQuery(currentUserQuery);
  const now = useMemo(() => Date.now(), []);
  const active = (data ?? []).filter((g) => isGiveawayOpen(g, now));
  // Completed ones, and those whose entries closed and await their draw.
  const past = (data ?? []).filter((g) => !isGiveawayOpen(g, now));

  return (
    <>
      <PageHead
        title="Prop Firm Giveaways | Prop Firm Club"
        description="Win funded prop firm accounts in giveaways whose draw anyone can verify: the server seed hash is published first and the winners follow from public data."
        canonicalPath="/giveaways"
      />
      <PageHeader
        title="Giveaways"
        intro="Win funded accounts and challenges. Every draw is provably fair: check it yourself with the verification tool."
      >
        <Link
          to="/verify-giveaway"
          className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
        >
          <ShieldCheck className="size-4" aria-hidden /> How to verify a draw
        </Link>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
        {!userLoading && !user ? (
          <section className="flex flex-col items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-800">
              <strong>Sign in to enter giveaways.</strong> Create a free account and verify your email to take
              part.
            </p>
            <Button asChild>
              <Link to="/auth">Log In / Sign Up</Link>
            </Button>
          </section>
        ) : null}

        <section aria-labelledby="active-giveaways">
          <h2 id="active-giveaways" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            Active Giveaways <Badge variant="secondary">{active.length}</Badge>
          </h2>
          {isLoading ? (
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-96 rounded-2xl" />
              ))}
            </div>
          ) : isError ? (
            <p className="mt-6 text-red-700">Giveaways could not be loaded. Please try again.</p>
          ) : active.length === 0 ? (
            <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
              <Gift className="mx-auto size-10 text-slate-400" aria-hidden />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">No Active Giveaways</h3>
              <p className="mt-1 text-slate-600">Check back soon: new giveaways are announced regularly.</p>
            </div>
          ) : (
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {active.map((g) => (
                <GiveawayCard key={g.id} giveaway={g} now={now} />
              ))}
            </div>
          )}
        </section>

        {past.length > 0 ? (
          <section aria-labelledby="past-giveaways">
            <h2 id="past-giveaways" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
              Past Giveaways <Badge variant="neutral">{past.length}</Badge>
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {past.map((g) => (
                <GiveawayCard key={g.id} giveaway={g} now={now} />
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
