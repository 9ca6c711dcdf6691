import { PageHeader } from '../components/page-header';
import { AdminCashbackClaims } from '../features/points/admin-cashback-claims';
import { PageHead } from '../lib/page-context';

export default function AdminPointsClaimsPage() {
  return (
    <>
      <PageHead
        title="Cashback Claims | Admin | Prop Firm Club"
        description="Review cashback claims."
        canonicalPath={'/admin/cashback-claims'}
        noindex
      />
      <PageHeader title="Cashback claims" intro="Approve or reject traders' cashback claims." />
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <AdminCashbackClaims />
      </div>
    </>
  );
}
