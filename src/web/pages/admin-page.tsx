import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function AdminPage() {
  return (
    <>
      <PageHead
        title="Admin | Prop Firm Club"
        description="Manage the site content."
        canonicalPath={'/admin'}
        noindex
      />
      <PageHeader title="Admin" intro="Manage the site content." />
    </>
  );
}
