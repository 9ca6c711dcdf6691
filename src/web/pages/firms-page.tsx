import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/page-header';
import { directoryJsonLd } from '../features/firms/display';
import { FirmDirectory } from '../features/firms/firm-directory';
import { firmsQuery } from '../features/firms/queries';
import { UnlistedFirms } from '../features/firms/unlisted-firms';
import { PageHead } from '../lib/page-context';
import { useSiteConfig } from '../lib/site-config';

export default function FirmsPage() {
  const { publicUrl } = useSiteConfig();
  const firms = useQuery(firmsQuery());
  return (
    <>
      <PageHead
        title="All Prop Firms | Prop Firm Club"
        description="Browse and compare every prop firm we track by market, trust rating, price and funding."
        canonicalPath={'/firms'}
        jsonLd={firms.data ? [directoryJsonLd(firms.data, publicUrl)] : undefined}
      />
      <PageHeader
        title="All Prop Firms"
        intro="Browse and compare every prop firm we track by market, trust rating, price and funding."
      />
      <FirmDirectory />
      <UnlistedFirms />
    </>
  );
}
