import { Link } from 'wouter';
import Building2 from '~icons/lucide/building-2';
import ExternalLink from '~icons/lucide/external-link';
import Scale from '~icons/lucide/scale';
import Tag from '~icons/lucide/tag';
import {
  type ChallengeOption,
  DRAWDOWN_TYPE_LABELS,
  type PriceSignal,
  stepsLabel,
  type TrueCost,
} from '../../../domain/challenge-rules';
import { formatDailyDrawdown, normalizeTrustRating, trustRatingLabel } from '../../../domain/firm-rules';
import { formatFunding, formatPercent, formatPrice } from '../../../domain/format';
import { showsPriceDropped } from '../../../domain/price-alerts';
import { PayoutRecordBadge } from '../../components/payout-record';
import { Button } from '../../components/ui/button';
import { createIconSprite } from '../../components/ui/icon-sprite';
import { outboundLinkProps } from '../../lib/analytics';
import { cn } from '../../lib/cn';

const TRUST_STYLES = {
  approved: 'bg-emerald-100 text-emerald-800',
  caution: 'bg-amber-100 text-amber-900',
  avoid: 'bg-red-100 text-red-800',
  'not tested': 'bg-slate-100 text-slate-700',
} as const;

const yes = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * A card's facts are styled from their list, not each term and value: twenty cards of twelve facts
 * would otherwise repeat the same classes hundreds of times in the page.
 */
const FACTS =
  '[&>div]:min-w-0 [&_dd]:font-medium [&_dd]:break-words [&_dd]:text-slate-900 [&_dt]:text-xs [&_dt]:text-slate-600';

/** A term and its value; a function, not a component: a card has twelve. */
function fact(label: string, value: string) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The card icons, drawn once per list (`ChallengeCardIcons`) and pointed at from each card. */
const cardIcons = createIconSprite('challenge-icon', {
  building: Building2,
  external: ExternalLink,
  scale: Scale,
  tag: Tag,
});
export const ChallengeCardIcons = cardIcons.Symbols;
const cardIcon = cardIcons.use;

/** "Lowest in 90 days" at the price's 90-day low; "Price dropped" for 7 days after a fall. */
function PriceBadges({ signal }: { signal: PriceSignal }) {
  const dropped = showsPriceDropped(signal, new Date());
  if (!dropped && !signal.lowestIn90Days) return null;
  const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {dropped && signal.latestDrop != null && (
        <span className={cn(badge, 'bg-rose-50 text-rose-700')} data-testid="price-dropped">
          Price dropped {formatPrice(signal.latestDrop)}
        </span>
      )}
      {signal.lowestIn90Days && (
        <span className={cn(badge, 'bg-emerald-50 text-emerald-700')} data-testid="lowest-90">
          Lowest in 90 days
        </span>
      )}
    </span>
  );
}

/** One account option: what it is, its rules, what it costs, and where to buy or compare it. */
export function ChallengeCard({ option, cost }: { option: ChallengeOption; cost: TrueCost }) {
  const { firm, model, account, coupon } = option;
  const monthly = account.pricingType === 'monthly';
  const title = `${firm.name} ${formatFunding(account.capital)} ${model.name}`;
  const trust = normalizeTrustRating(firm.trustRating);
  return (
    <article
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="challenge-card"
    >
      <div className="flex flex-wrap items-start gap-3">
        {firm.logo ? (
          <img
            src={firm.logo}
            alt=""
            className="size-10 shrink-0 rounded-lg border border-slate-200 bg-white object-contain p-0.5"
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600"
            aria-hidden="true"
          >
            {cardIcon('building', 'size-5')}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="leading-snug font-semibold break-words text-slate-900">
            <Link to={`/firm/${firm.slug}`} className="hover:text-brand-700 hover:underline">
              {firm.name}
            </Link>
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            <span
              className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', TRUST_STYLES[trust])}
              title="Trust rating"
            >
              {trustRatingLabel(firm.trustRating)}
            </span>
            <PayoutRecordBadge tier={firm.payoutTier} medianDays={firm.payoutMedianDays} />
            <span>
              {model.name} · {stepsLabel(model.steps)}
            </span>
          </p>
        </div>
        <p className="text-right">
          <span className="block text-2xl font-bold text-slate-900">{formatFunding(account.capital)}</span>
          <span className="text-xs text-slate-600">account</span>
        </p>
      </div>

      <dl
        className={cn(
          'mt-4 grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-4',
          FACTS,
        )}
      >
        {fact(
          'Profit target',
          model.profitTargets.length ? model.profitTargets.map(formatPercent).join(' / ') : 'None',
        )}
        {fact('Daily drawdown', formatDailyDrawdown(model.dailyDrawdown))}
        {fact(
          'Max drawdown',
          `${model.maximumDrawdown ? formatPercent(model.maximumDrawdown) : '–'}${
            model.drawdownType ? ` ${DRAWDOWN_TYPE_LABELS[model.drawdownType].toLowerCase()}` : ''
          }`,
        )}
        {fact('Profit split', model.profitSplit != null ? formatPercent(model.profitSplit) : '–')}
        {fact('Time limit', model.timeLimits ? 'Yes' : 'No time limit')}
        {fact('News trading', yes(model.newsTrading))}
        {fact('Weekend holding', yes(model.weekendHolding))}
        {fact('EAs', yes(model.eaAllowed))}
      </dl>

      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <dl className={cn('grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4', FACTS)}>
          {fact('List price', `${formatPrice(account.price)} ${monthly ? '/month' : 'one-time'}`)}
          <div>
            <dt>After coupon</dt>
            <dd>
              {formatPrice(cost.priceAfterCoupon)}
              {coupon ? (
                <span className="ml-1 inline-flex items-center gap-1 text-xs font-normal text-emerald-700">
                  {cardIcon('tag', 'size-3')}
                  <span className="font-mono font-semibold">{coupon.code}</span>
                  {coupon.discountPercent ? ` saves ${formatPercent(coupon.discountPercent)}` : ''}
                </span>
              ) : (
                <span className="ml-1 text-xs font-normal text-slate-600">no coupon</span>
              )}
              <PriceBadges signal={option.priceSignal} />
            </dd>
          </div>
          <div>
            <dt>True cost</dt>
            <dd>
              <span className="text-lg font-bold text-brand-700" data-testid="true-cost">
                {formatPrice(cost.trueCost)}
              </span>
            </dd>
          </div>
          {fact('Per $1,000', formatPrice(cost.costPer1k))}
        </dl>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <Button asChild size="sm" grow>
            <a
              href={`/outbound/${encodeURIComponent(firm.slug)}`}
              target="_blank"
              rel="sponsored noopener"
              aria-label={`Visit ${firm.name}`}
              {...outboundLinkProps}
            >
              Visit {cardIcon('external')}
            </a>
          </Button>
          {coupon ? (
            <Button asChild size="sm" variant="outline" grow>
              <a
                href={`/outbound/coupon/${coupon.id}`}
                target="_blank"
                rel="sponsored noopener"
                aria-label={`Get coupon ${coupon.code} for ${firm.name}`}
                {...outboundLinkProps}
              >
                Get coupon
              </a>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="outline" grow>
            <Link to={`/compare?firms=${encodeURIComponent(firm.slug)}`} aria-label={`Compare ${firm.name}`}>
              {cardIcon('scale')} Compare
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
