import { PageHeader } from '../components/page-header';
import { AdminPostbacks } from '../features/points/admin-postbacks';
import { PageHead } from '../lib/page-context';

export default function AdminPointsPostbacksPage() {
  return (
    <>
      <PageHead
        title="Offerwall Postbacks | Admin | Prop Firm Club"
        description="Offerwall postbacks and why some were refused."
        canonicalPath={'/admin/postbacks'}
        noindex
      />
      <PageHeader title="Offerwall postbacks" intro="Every postback is kept; refused ones say why." />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <AdminPostbacks />
      </div>
    </>
  );
}
