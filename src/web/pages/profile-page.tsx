import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/page-header';
import { DataExportPanel } from '../features/accounts/data-export-panel';
import { DeleteAccountPanel } from '../features/accounts/delete-account-panel';
import { PasskeysPanel, passkeysQuery } from '../features/accounts/passkeys-panel';
import { AccountCard, ChangePasswordCard, PointsCard } from '../features/accounts/profile-panels';
import { currentUserQuery, signedInSessionsQuery } from '../features/accounts/queries';
import { SessionsPanel } from '../features/accounts/sessions-panel';
import { TwoFactorPanel } from '../features/accounts/two-factor-panel';
import { savedSearchesQuery } from '../features/challenges/queries';
import { SavedSearchesCard } from '../features/challenges/saved-searches-card';
import { RepresentedFirms } from '../features/firm-console/represented-firms';
import { OwnPayoutReports } from '../features/firms/own-payout-reports';
import { OwnReviews, ownReviewsQuery } from '../features/firms/own-reviews';
import { followedFirmsQuery, ownPayoutReportsQuery } from '../features/firms/queries';
import { FollowedFirms } from '../features/firms/rule-changes';
import { CashOutRequestCard, OwnCashOutsList } from '../features/points/cash-outs';
import { PointsHistoryCard } from '../features/points/points-history';
import { ownCashOutsQuery, pointsHistoryQuery } from '../features/points/queries';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

export const loader: PageLoader = () => [
  followedFirmsQuery(),
  savedSearchesQuery(),
  ownReviewsQuery(),
  ownPayoutReportsQuery(),
  pointsHistoryQuery(1),
  ownCashOutsQuery(),
  signedInSessionsQuery,
  passkeysQuery,
];

export default function ProfilePage() {
  // The route is guarded, so the user is known here; the guard renders nothing while it loads.
  const { data: user } = useQuery(currentUserQuery);
  return (
    <>
      <PageHead
        title="Your Profile | Prop Firm Club"
        description="Your account, points and settings."
        canonicalPath={'/profile'}
        noindex
      />
      <PageHeader
        title={user?.firstName ? `Hi, ${user.firstName}` : 'Your Profile'}
        intro="Your account, points and settings."
      />
      {user ? (
        <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
          <AccountCard user={user} />
          <RepresentedFirms firms={user.representativeOf} />
          <PointsCard points={user.points} />
          <FollowedFirms />
          <SavedSearchesCard />
          <OwnReviews />
          <OwnPayoutReports user={user} />
          <PointsHistoryCard />
          <CashOutRequestCard balance={user.points} emailVerified={user.emailVerified} />
          <OwnCashOutsList />
          <ChangePasswordCard />
          <SessionsPanel />
          <TwoFactorPanel user={user} />
          <PasskeysPanel />
          <DataExportPanel />
          <DeleteAccountPanel />
        </div>
      ) : null}
    </>
  );
}
