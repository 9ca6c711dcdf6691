import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function CashbackClaimsPage() {
  return (
    <>
      <PageHead
        title="Cashback Claims | Prop Firm Club"
        description="Claim cashback points for your prop firm purchases."
        canonicalPath={'/cashback-claims'}
        noindex
      />
      <PageHeader title="Cashback Claims" intro="Claim cashback points for your prop firm purchases." />
    </>
  );
}
