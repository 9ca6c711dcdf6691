import { Link } from 'wouter';
import BadgeCheck from '~icons/lucide/badge-check';
import Check from '~icons/lucide/check';
import Copy from '~icons/lucide/copy';
import ExternalLink from '~icons/lucide/external-link';
import {
  couponFirmName,
  DEFAULT_COUPON_DESCRIPTION,
  isCouponEndingSoon,
  isCouponExpired,
  parsePercentOff,
} from '../../../domain/coupon-rules';
import type { Coupon } from '../../../domain/coupons';
import { countOf, formatMonthDay } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { outboundLinkProps } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { CouponImage } from './coupon-image';
import { CouponVotes } from './coupon-votes';
import { useCopyCode } from './use-copy-code';

export function CouponCard({ coupon, now = new Date() }: { coupon: Coupon; now?: Date }) {
  const { copied, copy } = useCopyCode();
  const name = couponFirmName(coupon);
  const description = coupon.description || DEFAULT_COUPON_DESCRIPTION;

  if (isCouponExpired(coupon, now)) {
    return (
      <article
        aria-label={`${name} deal (expired)`}
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-100 p-5 text-slate-500 opacity-70 grayscale"
      >
        <div className="flex items-center justify-between">
          <h3 className="font-semibold">{name}</h3>
          <span className="rounded-full bg-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-700">
            Expired
          </span>
        </div>
        <p className="text-sm">{description}</p>
        <p className="font-mono text-sm line-through">{coupon.code}</p>
      </article>
    );
  }

  const endingSoon = isCouponEndingSoon(coupon, now);
  const percent = parsePercentOff(coupon.description);
  const banner = coupon.featured ? 'FEATURED DEAL' : endingSoon ? 'ENDING SOON' : null;

  return (
    <article
      aria-label={`${name} deal`}
      className={cn(
        'relative flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm',
        coupon.featured ? 'border-brand-500' : endingSoon ? 'border-amber-400' : 'border-slate-200',
      )}
    >
      {banner ? (
        <div
          className={cn(
            'px-4 py-1.5 text-center text-xs font-bold tracking-wider',
            coupon.featured ? 'bg-brand-600 text-white' : 'bg-amber-400 text-amber-950',
          )}
        >
          {banner}
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          <CouponImage
            coupon={coupon}
            className="size-14 shrink-0 rounded-lg border border-slate-200 text-lg"
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold leading-snug break-words text-slate-900">{name}</h3>
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                <BadgeCheck className="size-3" aria-hidden /> Verified
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
          {percent !== null ? (
            <span className="shrink-0 rounded-lg bg-emerald-700 px-2.5 py-1 text-sm font-bold text-white">
              {percent}% OFF
            </span>
          ) : null}
        </div>

        <div className="flex items-stretch gap-2">
          <code className="flex flex-1 items-center justify-center rounded-lg border-2 border-dashed border-brand-500 bg-brand-50 px-3 py-2 font-mono text-base font-bold tracking-wider text-brand-700">
            {coupon.code}
          </code>
          <Button
            variant="outline"
            onClick={() => copy(coupon.code)}
            aria-label={copied ? `Code ${coupon.code} copied` : `Copy code ${coupon.code}`}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </div>

        <div className="mt-auto flex gap-2">
          {coupon.slug ? (
            <Button variant="outline" asChild grow>
              <Link to={`/deals/${coupon.slug}`}>Details</Link>
            </Button>
          ) : null}
          <Button asChild grow>
            <a
              href={`/outbound/coupon/${coupon.id}`}
              target="_blank"
              rel="sponsored noopener"
              {...outboundLinkProps}
            >
              Get Deal <ExternalLink aria-hidden />
            </a>
          </Button>
        </div>

        <div className="flex flex-wrap justify-between gap-2 text-xs text-slate-600">
          <span className={endingSoon ? 'font-semibold text-amber-700' : undefined}>
            {coupon.expiryDate ? `Expires ${formatMonthDay(coupon.expiryDate)}` : 'No expiration'}
          </span>
          {coupon.usesThisMonth > 0 ? <span>{countOf(coupon.usesThisMonth, 'use')} this month</span> : null}
        </div>
        <CouponVotes coupon={coupon} />
      </div>
    </article>
  );
}
