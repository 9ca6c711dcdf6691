import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function GiveawaysPage() {
  return (
    <>
      <PageHead
        title="Giveaways | Prop Firm Club"
        description="Enter provably fair giveaways for funded prop firm accounts."
        canonicalPath={'/giveaways'}
      />
      <PageHeader title="Giveaways" intro="Enter provably fair giveaways for funded prop firm accounts." />
    </>
  );
}
