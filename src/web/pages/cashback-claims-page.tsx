import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/page-header';
import { currentUserQuery } from '../features/accounts/queries';
import { CashbackClaimForm, OwnClaimsList } from '../features/points/cashback-claims';
import { cashbackFirmsQuery, ownClaimsQuery } from '../features/points/queries';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

export const loader: PageLoader = () => [cashbackFirmsQuery(), ownClaimsQuery()];

export default function CashbackClaimsPage() {
  // The route is guarded: the user is known here.
  const { data: user } = useQuery(currentUserQuery);
  return (
    <>
      <PageHead
        title="Cashback Claims | Prop Firm Club"
        description="Claim cashback points for your prop firm purchases."
        canonicalPath={'/cashback-claims'}
        noindex
      />
      <PageHeader title="Cashback Claims" intro="Claim cashback points for your prop firm purchases." />
      {user ? (
        <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
          <CashbackClaimForm emailVerified={user.emailVerified} />
          <OwnClaimsList />
        </div>
      ) : null}
    </>
  );
}
