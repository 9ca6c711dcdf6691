import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function AdminAnalyticsPage() {
  return (
    <>
      <PageHead
        title="Site Analytics | Prop Firm Club"
        description="Page views, visitors and sources."
        canonicalPath={'/admin/analytics'}
        noindex
      />
      <PageHeader title="Site Analytics" intro="Page views, visitors and sources." />
    </>
  );
}
