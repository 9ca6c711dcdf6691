import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function OfferwallPage() {
  return (
    <>
      <PageHead
        title="Offerwall | Prop Firm Club"
        description="Complete offers to earn points."
        canonicalPath={'/offerwall'}
        noindex
      />
      <PageHeader title="Offerwall" intro="Complete offers to earn points." />
    </>
  );
}
