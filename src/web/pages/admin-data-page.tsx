import { AdminLayout } from '../features/admin/admin-layout';
import { CatalogData } from '../features/admin/catalog-data';

export default function AdminDataPage() {
  return (
    <AdminLayout
      title="Data"
      description="Export the catalog as JSON or CSV, and import it back with a dry run first."
      path="/admin/data"
    >
      <CatalogData />
    </AdminLayout>
  );
}
