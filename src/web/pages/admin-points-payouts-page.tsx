import { PageHeader } from '../components/page-header';
import { AdminPayouts, AdminPointsAdjustment } from '../features/points/admin-payouts';
import { PageHead } from '../lib/page-context';

export default function AdminPointsPayoutsPage() {
  return (
    <>
      <PageHead
        title="Payouts | Admin | Prop Firm Club"
        description="Pay out traders' points and adjust balances."
        canonicalPath={'/admin/payouts'}
        noindex
      />
      <PageHeader title="Payouts" intro="Pay out traders' points, and adjust a balance by hand." />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6">
        <AdminPayouts />
        <AdminPointsAdjustment />
      </div>
    </>
  );
}
