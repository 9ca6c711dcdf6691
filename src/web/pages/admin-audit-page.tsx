import { AdminLayout } from '../features/admin/admin-layout';
import { AuditLog } from '../features/admin/audit-log';

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
