import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import ArrowRight from '~icons/lucide/arrow-right';
import Sparkles from '~icons/lucide/sparkles';
import { formatHeroStat } from '../../../domain/firm-rules';
import type { FirmSummary } from '../../../domain/firms';
import { formatAverageRating } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { formatFundingRange, formatPriceRange } from './display';
import { FirmLogo, StarRating, TrustBadge } from './firm-bits';
import { heroStatsQuery, homeComparisonQuery, topRatedFirmsQuery } from './queries';

const LAZY_MARGIN = '100px';
const LAZY_DELAY_MS = 100;

/**
 * Renders its children once the placeholder comes within 100 px of the viewport (spec section 9),
 * then keeps them. The server and the first client render show the placeholder, so hydration agrees.
 */
export function LazySection({
  id,
  minHeight,
  children,
}: {
  id?: string;
  minHeight: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          timer = setTimeout(() => setVisible(true), LAZY_DELAY_MS);
        }
      },
      { rootMargin: LAZY_MARGIN },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [visible]);
  return (
    <div id={id} ref={ref} style={visible ? undefined : { minHeight }} className="scroll-mt-20">
      {visible ? children : null}
    </div>
  );
}

export function HeroStats() {
  const { data } = useQuery(heroStatsQuery());
  const stats = [
    { key: 'firmsCount', label: 'Prop Firms' },
    { key: 'couponsCount', label: 'Coupon Codes' },
    { key: 'accountsCount', label: 'Account Options' },
    { key: 'tradersCount', label: 'Traders' },
  ] as const;
  return (
    <dl className="grid w-full max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
      {stats.map((s) => (
        // The term comes first, as HTML requires; the figure is shown above it.
        <div
          key={s.key}
          className="flex flex-col-reverse rounded-xl bg-white/10 p-4 text-center ring-1 ring-white/20"
        >
          <dt className="mt-1 text-sm text-blue-100">{s.label}</dt>
          <dd className="text-2xl font-bold text-white sm:text-3xl">
            {formatHeroStat(s.key, data?.[s.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The home comparison table: the featured firm first, then by trust rating (sorted by the server). */
export function ComparisonTable() {
  const rows = useQuery(homeComparisonQuery()).data?.firms ?? [];
  return (
    <section aria-labelledby="comparison-heading" className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="comparison-heading" className="text-2xl font-bold text-slate-900">
          Compare Top Prop Firms
        </h2>
        <Link to="/firms" className="text-sm font-medium text-brand-700 hover:underline">
          View all firms
        </Link>
      </div>
      <div
        className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
        tabIndex={0}
        role="region"
        aria-label="Comparison table"
      >
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Firm
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Trust
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Rating
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Price
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Funding
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Coupon
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((firm) => (
              <ComparisonRow key={firm.id} firm={firm} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ComparisonRow({ firm }: { firm: FirmSummary }) {
  return (
    <tr>
      <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
        <Link to={`/firm/${firm.slug}`} className="flex items-center gap-3 hover:text-brand-700">
          <FirmLogo src={firm.logo} name={firm.name} size="sm" />
          {firm.name}
        </Link>
      </th>
      <td className="px-4 py-3">
        <TrustBadge rating={firm.trustRating} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        {firm.totalReviews > 0 ? (
          <>
            <StarRating average={firm.averageRating} />{' '}
            <span className="ml-1 font-medium">{formatAverageRating(firm.averageRating)}</span>
          </>
        ) : (
          <span className="text-slate-500">No reviews yet</span>
        )}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        {formatPriceRange(firm.accountPriceMin, firm.accountPriceMax) ?? 'N/A'}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        {formatFundingRange(firm.fundingMin, firm.fundingMax) ?? 'N/A'}
      </td>
      <td className="px-4 py-3">
        {firm.bestCoupon ? (
          <span className="font-mono font-semibold text-emerald-700">{firm.bestCoupon.code}</span>
        ) : (
          <span className="text-slate-500">None</span>
        )}
      </td>
    </tr>
  );
}

const TOP_RATED = 4;

/** The side panel beside the comparison table: the featured firm and the best-rated others. */
export function FeaturedPanel() {
  // The comparison list starts with the featured firm whenever there is one.
  const comparison = useQuery(homeComparisonQuery()).data;
  const pick = comparison?.firms.find((f) => f.id === comparison.featuredFirmId);
  const ranked = useQuery(topRatedFirmsQuery()).data;
  const topRated = (ranked?.firms ?? []).filter((f) => f.id !== ranked?.featuredFirmId).slice(0, TOP_RATED);
  return (
    <aside className="grid content-start gap-4" aria-label="Featured and top rated firms">
      {pick && (
        <div className="rounded-xl border border-brand-500 bg-white p-5 shadow-sm">
          <p className="inline-flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-brand-700">
            <Sparkles className="size-3" aria-hidden="true" /> Featured firm
          </p>
          <div className="mt-3 flex items-center gap-3">
            <FirmLogo src={pick.logo} name={pick.name} />
            <div>
              <h3 className="font-semibold text-slate-900">{pick.name}</h3>
              <TrustBadge rating={pick.trustRating} />
            </div>
          </div>
          {pick.shortDescription && (
            <p className="mt-3 line-clamp-3 text-sm text-slate-600">{pick.shortDescription}</p>
          )}
          <Button asChild className="mt-4 w-full">
            <Link to={`/firm/${pick.slug}`}>
              View {pick.name} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      )}
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="font-semibold text-slate-900">Top rated by traders</h3>
        <ol className="mt-3 space-y-3">
          {topRated.map((firm, i) => (
            <li key={firm.id} className="flex items-center gap-3 text-sm">
              <span className="w-4 font-bold text-slate-500">{i + 1}</span>
              <Link
                to={`/firm/${firm.slug}`}
                className="flex-1 font-medium text-slate-900 hover:text-brand-700"
              >
                {firm.name}
              </Link>
              <span className="font-semibold">{formatAverageRating(firm.averageRating)}</span>
            </li>
          ))}
        </ol>
      </div>
    </aside>
  );
}
