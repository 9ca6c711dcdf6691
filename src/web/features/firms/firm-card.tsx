import { Link } from 'wouter';
import ArrowRight from '~icons/lucide/arrow-right';
import Building2 from '~icons/lucide/building-2';
import Scale from '~icons/lucide/scale';
import Sparkles from '~icons/lucide/sparkles';
import { formatReviewCount } from '../../../domain/firm-rules';
import type { FirmSummary } from '../../../domain/firms';
import { formatAverageRating } from '../../../domain/format';
import { PayoutRecordBadge } from '../../components/payout-record';
import { Button } from '../../components/ui/button';
import { createIconSprite } from '../../components/ui/icon-sprite';
import { formatFundingRange, formatPriceRange } from './display';
import { ClaimedBadge, FirmLogo, StarRating, TrustBadge } from './firm-bits';

/** Facts are styled from their list, not each term and value (as the challenge cards' are). */
const FACTS = '[&_dd]:font-semibold [&_dd]:text-slate-900 [&_dt]:text-xs [&_dt]:text-slate-500';

function Fact({ label, value, wide = false }: { label: string; value: string | null; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt>{label}</dt>
      <dd>{value ?? 'N/A'}</dd>
    </div>
  );
}

/** The card icons, drawn once per list (`FirmCardIcons`) and pointed at from each card. */
const cardIcons = createIconSprite('firm-card-icon', {
  arrow: ArrowRight,
  building: Building2,
  scale: Scale,
});
export const FirmCardIcons = cardIcons.Symbols;
const cardIcon = cardIcons.use;

/** A firm in the directory; the list around it draws `FirmCardIcons` once. */
export function FirmCard({ firm, featured = false }: { firm: FirmSummary; featured?: boolean }) {
  return (
    <article
      className={`flex min-w-0 flex-col rounded-xl border bg-white p-5 shadow-sm transition-shadow hover:shadow-md ${
        featured ? 'border-brand-500 ring-2 ring-brand-100' : 'border-slate-200'
      }`}
      aria-label={firm.name}
    >
      {featured && (
        <p className="mb-3 inline-flex w-fit items-center gap-1 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
          <Sparkles className="size-3" aria-hidden="true" /> Featured
        </p>
      )}
      <div className="flex items-start gap-3">
        <FirmLogo src={firm.logo} name={firm.name} iconId={cardIcons.idOf('building')} />
        <div className="min-w-0 flex-1">
          {/* Wrapped, not cut: 'Northbridge Capital Tr...' lost the words that tell firms apart. */}
          <h3 className="text-lg leading-snug font-semibold break-words text-slate-900">
            <Link to={`/firm/${firm.slug}`} className="hover:text-brand-700">
              {firm.name}
            </Link>
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <TrustBadge rating={firm.trustRating} />
            <PayoutRecordBadge tier={firm.payoutTier} medianDays={firm.payoutMedianDays} />
            {firm.claimed && <ClaimedBadge />}
            {firm.assetType && <span className="text-xs text-slate-600">{firm.assetType}</span>}
          </div>
        </div>
      </div>
      <div className="mt-3 flex items-center gap-2 text-sm text-slate-700">
        {firm.totalReviews > 0 ? (
          <>
            <StarRating average={firm.averageRating} />
            <span className="font-semibold">{formatAverageRating(firm.averageRating)}</span>
            <span className="text-slate-500">{`(${formatReviewCount(firm.totalReviews)})`}</span>
          </>
        ) : (
          // As the home table says it: '0.0 (0 reviews)' read as a bad score.
          <span className="text-slate-500">No reviews yet</span>
        )}
      </div>
      {firm.shortDescription && (
        <p className="mt-3 line-clamp-2 text-sm text-slate-600">{firm.shortDescription}</p>
      )}
      <dl className={`mt-4 grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-sm ${FACTS}`}>
        <Fact wide label="Price" value={formatPriceRange(firm.accountPriceMin, firm.accountPriceMax)} />
        <Fact label="Funding" value={formatFundingRange(firm.fundingMin, firm.fundingMax)} />
        <Fact label="Accounts" value={String(firm.accountCount)} />
      </dl>
      {firm.bestCoupon && (
        <p className="mt-3 text-sm text-emerald-700">
          Code <span className="font-mono font-semibold">{firm.bestCoupon.code}</span>
          {firm.bestCoupon.discountPercent ? ` saves ${firm.bestCoupon.discountPercent}%` : ''}
        </p>
      )}
      <div className="mt-auto flex gap-2 pt-4">
        <Button asChild variant="outline" size="sm" grow>
          <Link to={`/compare?firms=${encodeURIComponent(firm.slug)}`} aria-label={`Compare ${firm.name}`}>
            {cardIcon('scale')} Compare
          </Link>
        </Button>
        <Button asChild size="sm" grow>
          <Link to={`/firm/${firm.slug}`} aria-label={`View details of ${firm.name}`}>
            View Details {cardIcon('arrow')}
          </Link>
        </Button>
      </div>
    </article>
  );
}
