import { PageHeader } from '../components/page-header';
import { OfferwallFrame } from '../features/points/offerwall-frame';
import { offerwallQuery } from '../features/points/queries';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

export const loader: PageLoader = () => [offerwallQuery('offerwall')];

export default function OfferwallPage() {
  return (
    <>
      <PageHead
        title="Offerwall | Prop Firm Club"
        description="Complete offers to earn points."
        canonicalPath={'/offerwall'}
        noindex
      />
      <PageHeader
        title="Offerwall"
        intro="Complete offers to earn points. Points arrive when the partner confirms the offer."
      />
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <OfferwallFrame provider="offerwall" title="Offerwall" />
      </div>
    </>
  );
}
