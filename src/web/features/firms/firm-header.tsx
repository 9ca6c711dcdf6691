import { Link, useLocation } from 'wouter';
import ArrowLeft from '~icons/lucide/arrow-left';
import ChevronRight from '~icons/lucide/chevron-right';
import ExternalLink from '~icons/lucide/external-link';
import Gift from '~icons/lucide/gift';
import Landmark from '~icons/lucide/landmark';
import Wallet from '~icons/lucide/wallet';
import { describeCashback, formatReviewCount } from '../../../domain/firm-rules';
import type { FirmDetails, ReviewSummary } from '../../../domain/firms';
import { formatAverageRating } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { outboundLinkProps } from '../../lib/analytics';
import { previousPageIsOnSite } from '../../lib/in-app-navigation';
import { ClaimedBadge, FirmLogo, StarRating, TrustBadge } from './firm-bits';

export function Breadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-brand-700 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li>
          <Link to="/firms" className="hover:text-brand-700 hover:underline">
            All Prop Firms
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li aria-current="page" className="font-medium text-slate-900">
          {name}
        </li>
      </ol>
    </nav>
  );
}

/**
 * Back to the site's page the visitor came from, or to the directory when they arrived from
 * elsewhere (another site, a bookmark): going back would then leave the site.
 */
export function useGoBack() {
  const [, navigate] = useLocation();
  return () => {
    if (previousPageIsOnSite()) window.history.back();
    else navigate('/firms');
  };
}

function LinkCard({
  href,
  icon,
  title,
  text,
}: {
  href: string;
  icon: React.ReactNode;
  title: string;
  text: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        {icon}
      </span>
      <span>
        <span className="block text-sm font-semibold text-slate-900">{title}</span>
        <span className="block text-xs text-slate-600">{text}</span>
      </span>
      <ExternalLink className="ml-auto size-4 text-slate-500" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export function FirmHeader({ firm, summary }: { firm: FirmDetails; summary: ReviewSummary | undefined }) {
  const goBack = useGoBack();
  const average = summary?.averageRating ?? 0;
  const total = summary?.totalReviews ?? 0;
  const cashback = describeCashback(firm);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Breadcrumb name={firm.name} />
          <Button variant="ghost" size="sm" onClick={goBack}>
            <ArrowLeft aria-hidden="true" /> Back
          </Button>
        </div>
        <div className="mt-5 flex flex-col gap-5 md:flex-row md:items-start">
          <FirmLogo src={firm.logo} name={firm.name} size="lg" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">{firm.name}</h1>
              <TrustBadge rating={firm.trustRating} />
              {firm.claimed && <ClaimedBadge />}
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
              <StarRating average={average} size="lg" />
              <span className="text-lg font-semibold">{formatAverageRating(average)}</span>
              <span className="text-slate-600">({formatReviewCount(total)})</span>
            </p>
            {firm.shortDescription && (
              <p className="mt-3 max-w-3xl text-slate-600">{firm.shortDescription}</p>
            )}
            {((firm.londonExpoEnabled && firm.londonExpoUrl) ||
              (firm.payoutJunctionEnabled && firm.payoutJunctionUrl)) && (
              <div className="mt-4 grid max-w-2xl gap-3 sm:grid-cols-2">
                {firm.londonExpoEnabled && firm.londonExpoUrl && (
                  <LinkCard
                    href={firm.londonExpoUrl}
                    icon={<Landmark className="size-5" />}
                    title="Trading Expo"
                    text={`Meet ${firm.name} at the expo`}
                  />
                )}
                {firm.payoutJunctionEnabled && firm.payoutJunctionUrl && (
                  <LinkCard
                    href={firm.payoutJunctionUrl}
                    icon={<Wallet className="size-5" />}
                    title="Payout Tracking"
                    text="See verified payouts"
                  />
                )}
              </div>
            )}
          </div>
          <div className="flex flex-col items-stretch gap-3 md:w-64">
            {firm.affiliateUrl && (
              <Button asChild size="lg">
                <a
                  href={`/outbound/${encodeURIComponent(firm.slug)}`}
                  target="_blank"
                  rel="sponsored noopener"
                  {...outboundLinkProps}
                >
                  Visit Website <ExternalLink aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </Button>
            )}
            {cashback && (
              <div className="rounded-2xl bg-gradient-to-r from-emerald-500 to-teal-500 p-4 text-white shadow-sm">
                <p className="flex items-center gap-2 font-bold">
                  <Gift className="size-5" aria-hidden="true" /> {cashback.headline}
                </p>
                <p className="mt-1 text-sm text-white">{cashback.points}</p>
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
