import { Link } from 'wouter';
import PlusIcon from '~icons/lucide/plus';
import { Button } from '../components/ui/button';
import { AdminLayout } from '../features/admin/admin-layout';
import { FirmList } from '../features/admin/firm-list';
import { UnlistedFirmsEditor } from '../features/admin/unlisted-firms';

export default function AdminFirmsPage() {
  return (
    <AdminLayout
      title="Firms"
      description="Every firm, listed or not, with its funding models and accounts."
      path="/admin/firms"
      actions={
        <Button asChild>
          <Link to="/admin/firms/new">
            <PlusIcon aria-hidden="true" /> New firm
          </Link>
        </Button>
      }
    >
      <FirmList />
      <UnlistedFirmsEditor />
    </AdminLayout>
  );
}
