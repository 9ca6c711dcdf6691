import { Link } from 'wouter';
import PlusIcon from '~icons/lucide/plus';
import { ADMIN_FIRM_SORTS } from '../../domain/admin-firms';
import { Button } from '../components/ui/button';
import { AdminLayout } from '../features/admin/admin-layout';
import { FirmList } from '../features/admin/firm-list';
import { readListParams } from '../features/admin/list-params';
import { adminFirmsQuery, adminUnlistedFirmsQuery } from '../features/admin/queries';
import { UnlistedFirmsEditor } from '../features/admin/unlisted-firms';
import type { PageLoader } from '../lib/lazy-page';

/** The list as the address asks for it (`?q=&sort=&dir=&page=`, read as the list reads it), and the unlisted firms. */
export const loader: PageLoader = ({ search }) => {
  const { q, page } = readListParams(search);
  const sort = ADMIN_FIRM_SORTS.find((s) => s === search.get('sort')) ?? 'name';
  const dir = search.get('dir') === 'desc' ? 'desc' : 'asc';
  return [adminFirmsQuery({ q: q || undefined, sort, dir, page }), adminUnlistedFirmsQuery()];
};

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
