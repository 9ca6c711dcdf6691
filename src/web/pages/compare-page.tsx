import { PageHeader } from '../components/page-header';
import { parseCompareSlugs } from '../features/firms/compare-slugs';
import { CompareTable } from '../features/firms/compare-table';
import { firmDetailsQuery, firmPlatformsQuery } from '../features/firms/queries';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';
import { useUrlSearchParams } from '../lib/url-search-params';

export const loader: PageLoader = ({ search }) =>
  parseCompareSlugs(search.get('firms')).flatMap((slug) => [
    firmDetailsQuery(slug),
    firmPlatformsQuery(slug),
  ]);

export default function ComparePage() {
  const [params, setParams] = useUrlSearchParams();
  const slugs = parseCompareSlugs(params.get('firms'));
  const update = (next: string[]) =>
    setParams(next.length ? new URLSearchParams({ firms: next.join(',') }) : new URLSearchParams(), {
      replace: true,
    });
  return (
    <>
      <PageHead
        title="Compare Prop Firms Side by Side | Prop Firm Club"
        description="Compare up to four prop firms side by side: prices, targets, drawdown, profit split and rules."
        canonicalPath={'/compare'}
      />
      <PageHeader
        title="Compare Prop Firms"
        intro="Compare up to four prop firms side by side: prices, targets, drawdown, profit split and rules."
      />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <CompareTable slugs={slugs} onChange={update} />
      </div>
    </>
  );
}
