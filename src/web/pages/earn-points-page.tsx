import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function EarnPointsPage() {
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
      />
    </>
  );
}
