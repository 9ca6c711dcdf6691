import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'wouter';
import Calendar from '~icons/lucide/calendar';
import ExternalLink from '~icons/lucide/external-link';
import Trophy from '~icons/lucide/trophy';
import Users from '~icons/lucide/users';
import { formatGiveawayDate } from '../../domain/giveaway-rules';
import type { Giveaway } from '../../domain/giveaways';
import { NotFoundPanel } from '../components/not-found-panel';
import { Skeleton } from '../components/ui/skeleton';
import { currentUserQuery } from '../features/accounts/queries';
import { HtmlContent } from '../features/blog/html-content';
import { EnterCard } from '../features/giveaways/enter-card';
import { EntryList } from '../features/giveaways/entry-list';
import { GiveawayImage, GiveawayStatusBadge } from '../features/giveaways/giveaway-card';
import { ProvablyFairCard, WinnersCard } from '../features/giveaways/provably-fair';
import { giveawayEntriesQuery, giveawayQuery, myGiveawayEntryQuery } from '../features/giveaways/queries';
import { errorStatus } from '../lib/api';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

/** The visitor's own ticket too, so 'You're entered! Ticket #n' is in the first HTML. */
export const loader: PageLoader = ({ params }) => {
  const slug = params.slug ?? '';
  return [giveawayQuery(slug), giveawayEntriesQuery(slug), myGiveawayEntryQuery(slug)];
};

function GiveawayNotFound() {
  return (
    <NotFoundPanel
      title="Giveaway Not Found"
      text="The giveaway you are looking for does not exist or has been removed."
      canonicalPath="/giveaways"
      back={{ to: '/giveaways', label: 'View All Giveaways' }}
    />
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function GiveawayView({ giveaway }: { giveaway: Giveaway }) {
  const { data: user, isLoading: userLoading } = useQuery(currentUserQuery);
  const now = useMemo(() => Date.now(), []);
  const plain = (giveaway.description ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (
    <>
      <PageHead
        title={`${giveaway.title} | Giveaways | Prop Firm Club`}
        description={(plain || `Enter ${giveaway.title}, a provably fair giveaway.`).slice(0, 160)}
        canonicalPath={`/giveaways/${giveaway.slug}`}
      />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link to="/" className="hover:text-brand-700 hover:underline">
            Home
          </Link>{' '}
          /{' '}
          <Link to="/giveaways" className="hover:text-brand-700 hover:underline">
            Giveaways
          </Link>{' '}
          / <span className="text-slate-900">{giveaway.title}</span>
        </nav>
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_360px] lg:gap-x-8">
          <div className="min-w-0 space-y-6 lg:col-start-1">
            <header className="space-y-4">
              <div className="flex flex-wrap items-center gap-3">
                <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                  {giveaway.title}
                </h1>
                <GiveawayStatusBadge giveaway={giveaway} now={now} />
              </div>
              <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
                <GiveawayImage
                  giveaway={giveaway}
                  className="h-56 w-full bg-slate-50 object-contain p-6 sm:h-72"
                />
              </div>
              {giveaway.description ? <HtmlContent html={giveaway.description} /> : null}
              {giveaway.giveawayLink ? (
                <a
                  href={giveaway.giveawayLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
                >
                  Giveaway link <ExternalLink className="size-4" aria-hidden />
                </a>
              ) : null}
              {giveaway.propFirm ? (
                <p className="text-sm text-slate-600">
                  Sponsored by{' '}
                  <Link
                    to={`/firm/${giveaway.propFirm.slug}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {giveaway.propFirm.name}
                  </Link>
                </p>
              ) : null}
            </header>
          </div>
          <aside className="space-y-6 self-start lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <EnterCard giveaway={giveaway} user={user} userLoading={userLoading} now={now} />
            <ProvablyFairCard giveaway={giveaway} />
            <section
              aria-labelledby="terms"
              className="rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm"
            >
              <h2 id="terms" className="text-lg font-semibold text-slate-900">
                Terms and Conditions
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-600">
                <li>Entrants must be 18 years of age or older.</li>
                <li>One entry per person; a verified email address is required.</li>
                <li>Winners who do not respond within 14 days may forfeit the prize.</li>
                <li>
                  <Calendar className="mr-1 inline size-4" aria-hidden />
                  Entries close {formatGiveawayDate(giveaway.endDate)}.
                </li>
              </ul>
            </section>
          </aside>
          <div className="min-w-0 space-y-6 lg:col-start-1">
            <WinnersCard giveaway={giveaway} />

            <section
              aria-labelledby="prize-details"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="prize-details" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <Trophy className="size-5 text-amber-500" aria-hidden /> Prize Details
              </h2>
              <p className="mt-2 text-slate-800">{giveaway.prizeDescription || 'To be announced'}</p>
              {giveaway.prizeValue ? (
                <p className="mt-1 text-2xl font-bold text-emerald-700">{giveaway.prizeValue}</p>
              ) : null}
              <p className="mt-1 text-sm text-slate-600">
                {giveaway.winnerCount} {giveaway.winnerCount === 1 ? 'winner' : 'winners'}
              </p>
            </section>

            <section
              aria-labelledby="entry-stats"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="entry-stats" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <Users className="size-5 text-brand-600" aria-hidden /> Entry Statistics
              </h2>
              <dl className="mt-3 grid gap-3 sm:grid-cols-2">
                <Stat label="Total entries" value={String(giveaway.entryCount)} />
                <Stat
                  label="Max entries"
                  value={giveaway.maxEntries === null ? '∞' : String(giveaway.maxEntries)}
                />
                <Stat label="Started" value={formatGiveawayDate(giveaway.startDate)} />
                <Stat label="Ends" value={formatGiveawayDate(giveaway.endDate)} />
              </dl>
            </section>

            <EntryList slug={giveaway.slug} total={giveaway.entryCount} />
          </div>
        </div>
      </div>
    </>
  );
}

export default function GiveawayPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { data, isLoading, error } = useQuery(giveawayQuery(slug));
  if (data) return <GiveawayView giveaway={data} />;
  if (errorStatus(error) === 404) return <GiveawayNotFound />;
  if (isLoading) {
    return (
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-8">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">The giveaway could not be loaded</h1>
      <p className="mt-3 text-slate-600">Please try again in a moment.</p>
    </div>
  );
}
