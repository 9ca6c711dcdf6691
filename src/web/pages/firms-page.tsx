import { PageHeader } from '../components/page-header';
import { directoryListQuery, parseDirectoryState } from '../features/firms/directory-state';
import { FirmDirectory, useDirectoryList } from '../features/firms/firm-directory';
import { directoryJsonLd } from '../features/firms/json-ld';
import { firmDirectoryQuery, firmStatsQuery, unlistedFirmsQuery } from '../features/firms/queries';
import { UnlistedFirms } from '../features/firms/unlisted-firms';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';
import { useSiteConfig } from '../lib/site-config';
import { useUrlSearchParams } from '../lib/url-search-params';

/** The server filters, sorts and pages from ?market=&sort=&q=&page=: one page of the list is fetched. */
export const loader: PageLoader = ({ search }) => [
  firmDirectoryQuery(directoryListQuery(parseDirectoryState(search))),
  firmStatsQuery(),
  unlistedFirmsQuery(),
];

export default function FirmsPage() {
  const { publicUrl } = useSiteConfig();
  const state = parseDirectoryState(useUrlSearchParams()[0]);
  const list = useDirectoryList(state);
  // Filtered and sorted views point at the plain list; its later pages are pages of their own.
  const unfiltered = state.market === 'all' && !state.q;
  const canonical = unfiltered && state.page > 1 ? `?page=${state.page}` : '';
  return (
    <>
      <PageHead
        title="All Prop Firms | Prop Firm Club"
        description="Browse and compare every prop firm we track by market, trust rating, price and funding."
        canonicalPath={`/firms${canonical}`}
        jsonLd={import.meta.env.SSR && list.data ? [directoryJsonLd(list.data.firms, publicUrl)] : undefined}
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
