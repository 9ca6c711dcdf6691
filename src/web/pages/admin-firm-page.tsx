import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { QueryFailure } from '../components/query-failure';
import { Skeleton } from '../components/ui/skeleton';
import { AdminLayout, AdminNotFound } from '../features/admin/admin-layout';
import { FirmEditor } from '../features/admin/firm-editor';
import { adminFirmQuery, firmOptionsQuery } from '../features/admin/queries';
import type { PageLoader } from '../lib/lazy-page';

/** The firm (unless it is a new one) and the platforms and payout methods its editor offers. */
export const loader: PageLoader = ({ params }) => {
  const id = Number(params.id);
  if (params.id !== 'new' && !(Number.isInteger(id) && id > 0)) return [];
  return params.id === 'new' ? [firmOptionsQuery()] : [adminFirmQuery(id), firmOptionsQuery()];
};

function EditFirm({ id }: { id: number }) {
  const { data, error, isPending, refetch } = useQuery(adminFirmQuery(id));
  return (
    <AdminLayout
      title={data ? data.name : 'Edit firm'}
      description="Every field of the firm, its funding models and accounts."
      path={`/admin/firms/${id}`}
      actions={
        data ? (
          <Link
            to={`/admin/audit?entity=firm&entityId=${id}`}
            className="text-sm text-brand-700 underline-offset-4 hover:underline"
          >
            History of this firm
          </Link>
        ) : null
      }
    >
      {isPending ? (
        <Skeleton className="h-[60vh]" />
      ) : error ? (
        <QueryFailure error={error} retry={() => refetch()} />
      ) : (
        // A new key after a save from elsewhere starts the form from what was loaded.
        <FirmEditor key={`${data.id}`} firm={data} />
      )}
    </AdminLayout>
  );
}

export default function AdminFirmPage() {
  const params = useParams<{ id: string }>();
  if (params.id === 'new')
    return (
      <AdminLayout
        title="New firm"
        description="Create a firm with its funding models and accounts."
        path="/admin/firms/new"
      >
        <FirmEditor firm={null} />
      </AdminLayout>
    );
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <AdminNotFound what="firm" list="/admin/firms" />;
  return <EditFirm id={id} />;
}
