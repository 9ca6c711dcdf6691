import { AdminLayout } from '../features/admin/admin-layout';
import { FirmClaimsAdmin } from '../features/admin/firm-claims';
import { adminFirmClaimsQuery } from '../features/admin/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = () => [adminFirmClaimsQuery()];

export default function AdminFirmClaimsPage() {
  return (
    <AdminLayout
      title="Firm claims"
      description="People who proved an address at a firm's own domain: approve them as the firm's representatives or reject them with a reason, and remove representatives."
      path="/admin/firm-claims"
    >
      <FirmClaimsAdmin />
    </AdminLayout>
  );
}
