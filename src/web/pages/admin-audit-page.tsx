import { AdminLayout } from '../features/admin/admin-layout';
import { AuditLog } from '../features/admin/audit-log';
import { readListParams } from '../features/admin/list-params';
import { adminAuditQuery } from '../features/admin/queries';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ search }) => [
  adminAuditQuery({
    entity: search.get('entity') || undefined,
    entityId: search.get('entityId') || undefined,
    page: readListParams(search).page,
  }),
];

export default function AdminAuditPage() {
  return (
    <AdminLayout
      title="Audit log"
      description="Every admin change: who made it, when, and the record before and after."
      path="/admin/audit"
    >
      <AuditLog />
    </AdminLayout>
  );
}
