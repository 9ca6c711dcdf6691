import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function AdminFirmAnalyticsPage() {
  return (
    <>
      <PageHead
        title="Firm Analytics | Prop Firm Club"
        description="Clicks and views per firm."
        canonicalPath={'/admin/firm-analytics'}
        noindex
      />
      <PageHeader title="Firm Analytics" intro="Clicks and views per firm." />
    </>
  );
}
