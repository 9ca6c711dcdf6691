import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/page-header';
import { currentUserQuery } from '../features/accounts/queries';
import { ChallengeFinder, useChallengeState } from '../features/challenges/challenge-finder';
import { challengeFiltersQuery, challengesQuery } from '../features/challenges/queries';
import { activeFilterCount, parseChallengeState } from '../features/challenges/state';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

/** The server filters, sorts and pages from the address: one page of options is fetched. */
export const loader: PageLoader = ({ search }) => [
  challengesQuery(parseChallengeState(search)),
  challengeFiltersQuery(),
];

const DESCRIPTION =
  'Every prop firm challenge in one list: filter by size, steps, drawdown and rules, and rank accounts by what getting funded really costs.';

export default function ChallengesPage() {
  const [state] = useChallengeState();
  const { data: user } = useQuery(currentUserQuery);
  // Filtered views point at the plain finder; its later pages are pages of their own.
  const unfiltered = activeFilterCount(state) === 0 && state.sort === 'price' && !state.order;
  const canonical = unfiltered && state.page > 1 ? `?page=${state.page}` : '';
  return (
    <>
      <PageHead
        title="Challenge Finder: Compare Prop Firm Challenges by True Cost | Prop Firm Club"
        description={DESCRIPTION}
        canonicalPath={`/challenges${canonical}`}
      />
      <PageHeader title="Challenge Finder" intro={DESCRIPTION} />
      <ChallengeFinder user={user} />
    </>
  );
}
