import { PageHeader } from '../components/page-header';
import { AdminGiveaways } from '../features/giveaways/admin-giveaways';
import { PageHead } from '../lib/page-context';

export default function AdminGiveawaysPage() {
  return (
    <>
      <PageHead
        title="Giveaways | Admin | Prop Firm Club"
        description="Create, edit, close and draw giveaways."
        canonicalPath="/admin/giveaways"
        noindex
      />
      <PageHeader title="Giveaways" intro="Create, edit, close early, draw and delete giveaways." />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <AdminGiveaways />
      </div>
    </>
  );
}
