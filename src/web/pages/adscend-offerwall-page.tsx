import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function AdscendOfferwallPage() {
  return (
    <>
      <PageHead
        title="Offerwall | Prop Firm Club"
        description="Complete partner offers to earn points."
        canonicalPath={'/adscend-offerwall'}
        noindex
      />
      <PageHeader title="Offerwall" intro="Complete partner offers to earn points." />
    </>
  );
}
