import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatDate } from '../../domain/format';
import { POINTS_RULES, pointsToUsd, REVIEW_FACT_KINDS, REVIEW_RUBRIC } from '../../domain/points-rules';
import { PageHeader } from '../components/page-header';
import { ShowMoreList } from '../components/show-more-list';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { currentUserQuery } from '../features/accounts/queries';
import { pointsProgramQuery } from '../features/points/queries';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

export const loader: PageLoader = () => [pointsProgramQuery()];

/** Cashback firms the list shows at first, and adds with each 'Show more firms': rows of two. */
const CASHBACK_FIRMS_SHOWN = 20;

function SignUpCall({ signedIn, children }: { signedIn: boolean; children: string }) {
  return signedIn ? null : (
    <Button asChild className="mt-4 w-fit">
      <Link href="/auth">{children}</Link>
    </Button>
  );
}

export default function EarnPointsPage() {
  const { data: user } = useQuery(currentUserQuery);
  const { data: program } = useQuery(pointsProgramQuery());
  const signedIn = Boolean(user);
  const min = POINTS_RULES.cashOutMinimumPoints;
  return (
    <>
      <PageHead
        title="Earn Points | Prop Firm Club"
        description="Earn points through cashback on prop firm purchases and top weekly reviews."
        canonicalPath={'/earn-points'}
      />
      <PageHeader
        title="Earn Points"
        intro="Earn points through cashback on prop firm purchases and top weekly reviews."
      >
        <p className="mt-4 text-slate-700" data-testid="cash-out-rules">
          {POINTS_RULES.pointsPerUsd} points = $1. Cash out from {min.toLocaleString('en-US')} points ($
          {pointsToUsd(min).toFixed(2)}) by PayPal or USDT.
        </p>
        {signedIn ? (
          <p className="mt-2 text-slate-700">
            Your balance: <strong>{user?.points.toLocaleString('en-US')}</strong> points.{' '}
            <Link href="/profile" className="text-brand-700 underline">
              See your history and cash-outs
            </Link>
          </p>
        ) : (
          <Button asChild className="mt-4">
            <Link href="/auth">Sign up free to start earning</Link>
          </Button>
        )}
      </PageHeader>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">1. Cashback on your challenge</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-slate-700">
            <p>
              Buy an account at a firm below, then send a claim with your order reference and a screenshot of
              the receipt. Once an admin checks it you earn points per $1 spent equal to the firm's cashback
              percentage.
            </p>
            {program && program.cashbackFirms.length > 0 ? (
              <ShowMoreList
                items={program.cashbackFirms}
                step={CASHBACK_FIRMS_SHOWN}
                noun="firms"
                className="grid gap-2 sm:grid-cols-2"
              >
                {(firm) => (
                  <li
                    key={firm.id}
                    className="flex items-center justify-between rounded-md border border-slate-200 p-3"
                  >
                    <Link href={`/firm/${firm.slug}`} className="font-medium text-brand-700 hover:underline">
                      {firm.name}
                    </Link>
                    <span className="text-sm">
                      {firm.cashbackPercentage}% · {firm.cashbackPercentage} points per $1
                    </span>
                  </li>
                )}
              </ShowMoreList>
            ) : (
              <p>No firm offers cashback right now.</p>
            )}
            {signedIn ? (
              <Button asChild className="w-fit">
                <Link href="/cashback-claims">Send a cashback claim</Link>
              </Button>
            ) : (
              <SignUpCall signedIn={signedIn}>Sign up to claim cashback</SignUpCall>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">2. Top weekly reviews</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-slate-700">
            <p>
              Top weekly reviews earn 50-250 bonus points. Every Monday at 00:00 UTC the five most useful
              reviews of the week before earn {POINTS_RULES.weeklyReviewAwards.join(', ')} points, one award
              per member.
            </p>
            <div>
              <h3 className="font-semibold text-slate-900">How reviews are ranked</h3>
              <p className="mt-1 text-sm">
                The ranking never looks at the star rating or at whether a review praises or criticises the
                firm. Honest negative reviews win as often as positive ones. A review scores:
              </p>
              <ul className="mt-2 list-disc pl-5 text-sm" data-testid="review-rubric">
                <li>
                  Detail: 1 point per 100 characters, up to{' '}
                  {REVIEW_RUBRIC.lengthCapCharacters.toLocaleString('en-US')} characters (reviews under{' '}
                  {REVIEW_RUBRIC.minCharacters} characters are not eligible).
                </li>
                <li>
                  Facts: {REVIEW_RUBRIC.pointsPerFactKind} points for each kind of concrete fact it reports:{' '}
                  {REVIEW_FACT_KINDS.map((k) => k.label).join('; ')}.
                </li>
                <li>
                  Helpful votes: {REVIEW_RUBRIC.pointsPerHelpfulVote} points for each 'Was this helpful?' vote
                  from another verified member, up to {REVIEW_RUBRIC.helpfulVotesCap} votes.
                </li>
              </ul>
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">
                Last week's winners
                {program ? ` (week of ${formatDate(`${program.lastWeek.weekStart}T00:00:00Z`)})` : ''}
              </h3>
              {program && program.lastWeek.winners.length > 0 ? (
                <ol className="mt-2 grid gap-1 text-sm" data-testid="weekly-winners">
                  {program.lastWeek.winners.map((w) => (
                    <li key={w.id}>
                      {w.rank}. {w.author}: "{w.reviewTitle}" on{' '}
                      <Link href={`/firm/${w.firmSlug}?tab=reviews`} className="text-brand-700 underline">
                        {w.firmName}
                      </Link>{' '}
                      (+{w.points} points)
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="mt-1 text-sm">No awards were made last week.</p>
              )}
            </div>
            <SignUpCall signedIn={signedIn}>Sign up to write reviews</SignUpCall>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">3. Offerwalls</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-slate-700">
            <p>Complete offers from our partners; the points arrive when the partner confirms the offer.</p>
            <ul className="grid gap-2 text-sm">
              <li>
                Offerwall:{' '}
                {program?.offerwalls.offerwall ? (
                  <Link href="/offerwall" className="text-brand-700 underline">
                    open the offerwall
                  </Link>
                ) : (
                  'offers are not available yet.'
                )}
              </li>
              <li>
                AdscendMedia:{' '}
                {program?.offerwalls.adscend ? (
                  <Link href="/adscend-offerwall" className="text-brand-700 underline">
                    open the AdscendMedia offerwall
                  </Link>
                ) : (
                  'offers are not available yet.'
                )}
              </li>
            </ul>
            <SignUpCall signedIn={signedIn}>Sign up to complete offers</SignUpCall>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
