// Part of the home page (pages/home-page.tsx); in a folder of its own, as files directly in pages/
// are page chunks of the build.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import Calculator from '~icons/lucide/calculator';
import Coins from '~icons/lucide/coins';
import Scale from '~icons/lucide/scale';
import Trophy from '~icons/lucide/trophy';
import type { CurrentUser } from '../../../domain/accounts';
import { formatDate } from '../../../domain/format';
import { formatGiveawayDate } from '../../../domain/giveaway-rules';
import type { EnteredGiveaway, SignedInHome } from '../../../domain/home';
import { pointsToUsd } from '../../../domain/points-rules';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CouponCard } from '../../features/coupons/coupon-card';
import { FirmLogo, StarRating } from '../../features/firms/firm-bits';
import { FirmSearchBox } from '../../features/firms/firm-search-box';
import { GiveawayCard, GiveawayStatusBadge } from '../../features/giveaways/giveaway-card';
import { signedInHomeQuery } from '../../features/home/queries';
import { PointsEntryRow } from '../../features/points/points-history';

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const moreLink = (href: string, label: string) => (
  <Link href={href} className="text-sm font-medium text-brand-700 hover:underline">
    {label}
  </Link>
);

function PointsCard({ home }: { home: SignedInHome }) {
  const { balance, recent } = home.points;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Coins className="size-5 text-amber-500" aria-hidden /> Your points
        </CardTitle>
        <CardDescription>
          <strong className="text-3xl font-bold text-slate-900 tabular-nums" data-testid="home-balance">
            {balance.toLocaleString('en-US')}
          </strong>{' '}
          points, worth ${pointsToUsd(balance).toFixed(2)}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {recent.length ? (
          <ol className="divide-y divide-slate-200" aria-label="Latest points">
            {recent.map((entry) => (
              <PointsEntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">
            No points yet: claim cashback on a purchase or write a helpful review.
          </p>
        )}
        <div className="flex flex-wrap gap-3 text-sm">
          {moreLink('/profile', 'Full history and cash-outs')}
          {moreLink('/earn-points', 'Ways to earn points')}
        </div>
      </CardContent>
    </Card>
  );
}

function WaitingCard({ home }: { home: SignedInHome }) {
  const { openClaims, openCashOuts } = home;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Waiting for review</CardTitle>
        <CardDescription>Cashback claims and cash-outs an admin has not decided yet.</CardDescription>
      </CardHeader>
      <CardContent>
        {openClaims.length || openCashOuts.length ? (
          <ul className="divide-y divide-slate-200" data-testid="home-waiting">
            {openClaims.map((claim) => (
              <li key={`claim-${claim.id}`} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">Cashback claim: {claim.firmName}</p>
                  <p className="text-sm text-slate-600">
                    Order {claim.orderReference} · sent {formatDate(claim.createdAt)}
                  </p>
                </div>
                <span className="shrink-0 text-sm font-semibold text-emerald-700 tabular-nums">
                  +{claim.points.toLocaleString('en-US')}
                </span>
              </li>
            ))}
            {openCashOuts.map((cashOut) => (
              <li key={`cash-out-${cashOut.id}`} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    Cash-out of ${cashOut.amountUsd.toFixed(2)} by{' '}
                    {cashOut.method === 'paypal' ? 'PayPal' : 'USDT'}
                  </p>
                  <p className="text-sm text-slate-600">Asked {formatDate(cashOut.createdAt)}</p>
                </div>
                <span className="shrink-0 text-sm font-semibold text-slate-700 tabular-nums">
                  {cashOut.points.toLocaleString('en-US')} pts
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Nothing is waiting.</p>
        )}
        <div className="mt-3 flex flex-wrap gap-3 text-sm">
          {moreLink('/cashback-claims', 'Claim cashback')}
        </div>
      </CardContent>
    </Card>
  );
}

function EnteredRow({ entry, now }: { entry: EnteredGiveaway; now: number }) {
  const { giveaway } = entry;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <Link href={`/giveaways/${giveaway.slug}`} className="font-medium text-slate-900 hover:underline">
          {giveaway.title}
        </Link>
        <p className="text-sm text-slate-600">
          Ticket #{entry.ticketNumber} · ends {formatGiveawayDate(giveaway.endDate)}
        </p>
      </div>
      {entry.won ? (
        <Badge variant="success">
          <Trophy className="size-3" aria-hidden /> You won
        </Badge>
      ) : (
        <GiveawayStatusBadge giveaway={giveaway} now={now} />
      )}
    </li>
  );
}

/** The home page of a signed-in trader (spec section 2): their points, what waits, giveaways, new deals, reviews. */
export function SignedInHomeView({ user }: { user: CurrentUser }) {
  const { data: home, isPending, isError } = useQuery(signedInHomeQuery());
  const now = Date.now();
  const name = user.username || user.email.split('@')[0];
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{`Welcome back, ${name}`}</h1>
          <p className="mt-1 text-slate-600">Your points, giveaways and this week&apos;s new deals.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to="/firms">
              <Scale aria-hidden /> Compare firms
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/challenges">
              <Calculator aria-hidden /> Find a challenge
            </Link>
          </Button>
        </div>
      </div>
      <FirmSearchBox />
      {isPending ? <p className="text-slate-600">Loading your home</p> : null}
      {isError ? (
        <p className="text-red-700">Your home could not be loaded. Reload the page to try again.</p>
      ) : null}
      {home ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <PointsCard home={home} />
            <WaitingCard home={home} />
          </div>

          <Section id="home-giveaways" title="Giveaways" action={moreLink('/giveaways', 'All giveaways')}>
            {home.enteredGiveaways.length ? (
              <Card>
                <CardHeader>
                  <CardTitle as="h3">You entered</CardTitle>
                </CardHeader>
                <CardContent>
                  <ul className="divide-y divide-slate-200" data-testid="home-entered">
                    {home.enteredGiveaways.map((entry) => (
                      <EnteredRow key={entry.giveaway.id} entry={entry} now={now} />
                    ))}
                  </ul>
                </CardContent>
              </Card>
            ) : null}
            {home.openGiveaways.length ? (
              <div className="grid gap-4 md:grid-cols-3">
                {home.openGiveaways.map((giveaway) => (
                  <GiveawayCard key={giveaway.id} giveaway={giveaway} now={now} />
                ))}
              </div>
            ) : home.enteredGiveaways.length ? null : (
              <p className="text-sm text-slate-600">No giveaway is open right now.</p>
            )}
          </Section>

          <Section id="home-coupons" title="New deals this week" action={moreLink('/coupons', 'All deals')}>
            {home.newCoupons.length ? (
              <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                {home.newCoupons.map((coupon) => (
                  <CouponCard key={coupon.id} coupon={coupon} />
                ))}
              </div>
            ) : (
              <p className="text-sm text-slate-600">No new deal this week yet.</p>
            )}
          </Section>

          <Section
            id="home-reviews"
            title="Firms you reviewed"
            action={moreLink('/firms', 'Review another firm')}
          >
            {home.reviews.length ? (
              <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" data-testid="home-reviews">
                {home.reviews.map((review) => (
                  <li key={review.id}>
                    <Link
                      href={`/firm/${review.firm.slug}?tab=reviews`}
                      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300"
                    >
                      <FirmLogo name={review.firm.name} src={review.firm.logo} size="sm" />
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">{review.firm.name}</span>
                        <span className="block truncate text-sm text-slate-600">{review.title}</span>
                        <StarRating average={review.rating} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">
                You have not reviewed a firm yet. The most helpful reviews of each week earn points.
              </p>
            )}
          </Section>
        </>
      ) : null}
    </div>
  );
}
