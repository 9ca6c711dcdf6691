import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WebPage, WithContext } from 'schema-dts';
import { Link, useParams } from 'wouter';
import BadgeCheck from '~icons/lucide/badge-check';
import Calendar from '~icons/lucide/calendar';
import Check from '~icons/lucide/check';
import Copy from '~icons/lucide/copy';
import ExternalLink from '~icons/lucide/external-link';
import Star from '~icons/lucide/star';
import Timer from '~icons/lucide/timer';
import Users from '~icons/lucide/users';
import {
  couponFirmName,
  DEFAULT_COUPON_DESCRIPTION,
  isCouponEndingSoon,
  isCouponExpired,
  resolvePercentOff,
} from '../../domain/coupon-rules';
import type { Coupon } from '../../domain/coupons';
import { formatDate, possessive } from '../../domain/format';
import { NotFoundPanel } from '../components/not-found-panel';
import { Button } from '../components/ui/button';
import { CouponImage } from '../features/coupons/coupon-image';
import { CouponVotes } from '../features/coupons/coupon-votes';
import { couponBySlugQuery, useRecordCouponUse } from '../features/coupons/queries';
import { useCopyCode } from '../features/coupons/use-copy-code';
import { outboundLinkProps } from '../lib/analytics';
import { errorStatus } from '../lib/api';
import { cn } from '../lib/cn';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

export const loader: PageLoader = ({ params }) => [couponBySlugQuery(params.slug ?? '')];

function DealNotFound() {
  return (
    <NotFoundPanel
      title="Deal Not Found"
      text="The requested deal could not be found or may have expired."
      canonicalPath="/coupons"
      back={{ to: '/coupons', label: 'View All Deals' }}
    />
  );
}

function dealJsonLd(coupon: Coupon, expired: boolean): WithContext<WebPage> {
  const name = couponFirmName(coupon);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: coupon.title ?? `${name} discount code`,
    description: coupon.description ?? DEFAULT_COUPON_DESCRIPTION,
    // An expired code is no longer an offer anyone can take.
    ...(expired
      ? {}
      : {
          mainEntity: {
            '@type': 'Offer',
            name: coupon.title ?? `${name} discount code`,
            description: coupon.description ?? DEFAULT_COUPON_DESCRIPTION,
            ...(coupon.expiryDate ? { validThrough: coupon.expiryDate } : {}),
            seller: { '@type': 'Organization', name },
          },
        }),
  };
}

function DealView({ coupon }: { coupon: Coupon }) {
  const { copied, copy } = useCopyCode();
  const recordUse = useRecordCouponUse();
  const now = new Date();
  const expired = isCouponExpired(coupon, now);
  const endingSoon = isCouponEndingSoon(coupon, now);
  const percent = resolvePercentOff(coupon);
  const name = couponFirmName(coupon);
  const title = coupon.title || `${name} discount code`;
  const description = coupon.description || DEFAULT_COUPON_DESCRIPTION;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one use per opened deal, not per render
  useEffect(() => {
    recordUse.mutate(coupon.id);
  }, [coupon.id]);

  return (
    <>
      <PageHead
        title={`${title} | ${name} Coupon | Prop Firm Club`}
        description={`${percent !== null ? `${percent}% off ${name}. ` : ''}${description}`.slice(0, 160)}
        canonicalPath={`/deals/${coupon.slug}`}
        jsonLd={import.meta.env.SSR ? [dealJsonLd(coupon, expired)] : undefined}
      />
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link to="/coupons" className="hover:text-brand-700 hover:underline">
            Coupon Codes
          </Link>{' '}
          / <span className="text-slate-900">{name}</span>
        </nav>
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_320px]">
          <div className="space-y-6">
            <header className="space-y-3">
              <div className="flex flex-wrap items-center gap-2">
                {coupon.propFirm ? (
                  <Link
                    to={`/firm/${coupon.propFirm.slug}`}
                    className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    {name}
                  </Link>
                ) : (
                  <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-700">
                    {name}
                  </span>
                )}
                {coupon.featured ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white">
                    <Star className="size-3" aria-hidden /> Featured
                  </span>
                ) : null}
                {endingSoon ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold text-amber-950">
                    <Timer className="size-3" aria-hidden /> Ending Soon
                  </span>
                ) : null}
                {expired ? (
                  <span className="rounded-full bg-slate-300 px-3 py-1 text-xs font-bold text-slate-700">
                    Expired
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800">
                    <BadgeCheck className="size-3" aria-hidden /> Verified
                  </span>
                )}
              </div>
              <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
              {percent !== null ? (
                <p className="text-4xl font-extrabold text-emerald-600">{percent}% OFF</p>
              ) : null}
              <p className="text-lg text-slate-600">{description}</p>
            </header>

            <section
              aria-label="Coupon code"
              className={cn(
                'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm',
                expired && 'opacity-70 grayscale',
              )}
            >
              <div className="flex flex-col gap-3 sm:flex-row">
                <code className="flex flex-1 items-center justify-center rounded-lg border-2 border-dashed border-brand-500 bg-brand-50 px-4 py-3 font-mono text-xl font-bold tracking-widest text-brand-700">
                  {coupon.code}
                </code>
                <Button variant="outline" size="lg" onClick={() => copy(coupon.code)} disabled={expired}>
                  {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                  {copied ? 'Copied!' : 'Copy'}
                </Button>
                {expired ? (
                  <Button size="lg" disabled>
                    Expired
                  </Button>
                ) : (
                  <Button size="lg" asChild>
                    <a
                      href={`/outbound/coupon/${coupon.id}`}
                      target="_blank"
                      rel="sponsored noopener"
                      {...outboundLinkProps}
                    >
                      Use Deal <ExternalLink aria-hidden />
                    </a>
                  </Button>
                )}
              </div>
              <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                <p
                  className={cn(
                    'inline-flex items-center gap-1.5',
                    expired
                      ? 'font-semibold text-red-700'
                      : endingSoon
                        ? 'font-semibold text-amber-700'
                        : 'text-slate-600',
                  )}
                >
                  <Calendar className="size-4" aria-hidden />
                  {coupon.expiryDate
                    ? `${expired ? 'Expired on' : 'Valid until'} ${formatDate(coupon.expiryDate)}`
                    : 'No expiration'}
                </p>
                {coupon.usageCount > 0 ? (
                  <p className="inline-flex items-center gap-1.5 text-slate-600">
                    <Users className="size-4" aria-hidden />
                    <span>
                      <strong className="text-slate-900">{coupon.usageCount}</strong> People used this deal
                    </span>
                  </p>
                ) : null}
              </div>
              <div className="mt-4 border-t border-slate-100 pt-3">
                <CouponVotes coupon={coupon} />
              </div>
            </section>

            <section aria-labelledby="how-to">
              <h2 id="how-to" className="text-xl font-bold text-slate-900">
                How to use this deal
              </h2>
              <ol className="mt-4 grid gap-3 sm:grid-cols-3">
                {[
                  ['Copy the code', `Click Copy to put ${coupon.code} on your clipboard.`],
                  ['Visit the firm', `Open ${possessive(name)} website with the Use Deal button.`],
                  ['Apply at checkout', 'Paste the code in the coupon field before you pay.'],
                ].map(([heading, text], i) => (
                  <li key={heading} className="rounded-xl border border-slate-200 bg-white p-4">
                    <span className="flex size-8 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                      {i + 1}
                    </span>
                    <h3 className="mt-2 font-semibold text-slate-900">{heading}</h3>
                    <p className="mt-1 text-sm text-slate-600">{text}</p>
                  </li>
                ))}
              </ol>
            </section>

            {coupon.terms ? (
              <section aria-labelledby="terms">
                <h2 id="terms" className="text-xl font-bold text-slate-900">
                  Terms and conditions
                </h2>
                <div
                  className="prose-content mt-3 space-y-2 text-sm text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc"
                  dangerouslySetInnerHTML={{ __html: coupon.terms }}
                />
              </section>
            ) : null}
          </div>

          <aside>
            <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="absolute top-3 right-3 rounded-md bg-brand-600 px-2 py-0.5 text-xs font-bold tracking-wider text-white">
                DEAL
              </span>
              <CouponImage
                coupon={coupon}
                className="mx-auto aspect-square w-full max-w-56 rounded-xl text-5xl"
              />
              <p className="mt-4 text-center font-semibold text-slate-900">{name}</p>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}

export default function DealPage() {
  const { slug = '' } = useParams();
  const { data, isLoading, error } = useQuery(couponBySlugQuery(slug));
  if (isLoading) {
    return (
      <p className="py-20 text-center text-slate-600" role="status">
        Loading deal details...
      </p>
    );
  }
  if (!data || errorStatus(error) === 404) return <DealNotFound />;
  return <DealView coupon={data} />;
}
