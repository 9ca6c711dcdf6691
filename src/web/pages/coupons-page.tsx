import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import Clock from '~icons/lucide/clock';
import Search from '~icons/lucide/search';
import Tag from '~icons/lucide/tag';
import TrendingDown from '~icons/lucide/trending-down';
import { countDaysLeft, isCouponEndingSoon, matchesCouponSearch } from '../../domain/coupon-rules';
import type { Coupon } from '../../domain/coupons';
import { countOf } from '../../domain/format';
import { ShowMoreList } from '../components/show-more-list';
import { Input } from '../components/ui/input';
import { CouponCard } from '../features/coupons/coupon-card';
import { couponsQuery } from '../features/coupons/queries';
import { NewsletterForm } from '../features/newsletter/newsletter-form';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

export const loader: PageLoader = () => [couponsQuery()];

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        {icon}
      </span>
      <div>
        <p className="text-xl font-bold text-slate-900 sm:text-2xl">{value}</p>
        <p className="text-xs text-slate-600 sm:text-sm">{label}</p>
      </div>
    </div>
  );
}

/** Deals a section shows at first, and adds with each 'Show more deals': rows of two and of three. */
export const DEALS_SHOWN = 24;

/** A section's deals, `DEALS_SHOWN` at a time. */
function DealGrid({ coupons, children }: { coupons: Coupon[]; children: (coupon: Coupon) => ReactNode }) {
  return (
    <ShowMoreList
      items={coupons}
      step={DEALS_SHOWN}
      noun="deals"
      className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {children}
    </ShowMoreList>
  );
}

export default function CouponsPage() {
  const { data, isLoading, isError } = useQuery(couponsQuery());
  const [search, setSearch] = useState('');
  const now = useMemo(() => new Date(), []);

  const filtered = useMemo(() => (data ?? []).filter((c) => matchesCouponSearch(c, search)), [data, search]);
  const endingSoon = filtered.filter((c) => isCouponEndingSoon(c, now));
  const allEndingSoon = (data ?? []).filter((c) => isCouponEndingSoon(c, now));

  return (
    <>
      <PageHead
        title="Prop Firm Coupon Codes & Deals | Prop Firm Club"
        description="Verified prop firm discount codes and deals in one place: copy a code, see when it expires and save on your next challenge."
        canonicalPath="/coupons"
      />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            The Best Deals All in One Place
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">
            Verified prop firm discount codes, checked by our team and updated every week.
          </p>
          <div className="relative mt-6 max-w-xl">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search deals by firm name or description"
              placeholder="Search by firm name or description..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="bg-white pl-9"
            />
          </div>
          <div className="mt-6 grid grid-cols-3 gap-2 sm:gap-3">
            <Stat
              icon={<Tag className="size-5" />}
              label="Active Deals"
              value={(data?.length ?? 0).toLocaleString('en-US')}
            />
            <Stat
              icon={<Clock className="size-5" />}
              label="Ending Soon"
              value={allEndingSoon.length.toLocaleString('en-US')}
            />
            <Stat icon={<TrendingDown className="size-5" />} label="Max Savings" value="50%" />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
        {isLoading ? (
          <p className="py-16 text-center text-slate-600" role="status">
            Loading exclusive deals...
          </p>
        ) : isError ? (
          <p className="py-16 text-center text-red-700" role="alert">
            We could not load the deals. Please refresh the page.
          </p>
        ) : (data ?? []).length === 0 ? (
          <div className="py-16 text-center">
            <h2 className="text-xl font-semibold text-slate-900">No Active Deals</h2>
            <p className="mt-2 text-slate-600">
              There are no active deals right now. Subscribe below to hear about new ones.
            </p>
          </div>
        ) : filtered.length === 0 ? (
          <div className="py-16 text-center">
            <h2 className="text-xl font-semibold text-slate-900">No deals found</h2>
            <p className="mt-2 text-slate-600">No deal matches “{search}”. Try another firm name.</p>
          </div>
        ) : (
          <>
            {endingSoon.length > 0 ? (
              <section aria-labelledby="ending-soon">
                <h2 id="ending-soon" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
                  <Clock className="size-6 text-amber-500" aria-hidden /> Ending Soon
                </h2>
                <DealGrid key={search} coupons={endingSoon}>
                  {(c) => {
                    const days = countDaysLeft(c, now) ?? 0;
                    return (
                      <li key={c.id} className="flex flex-col gap-1">
                        <p className="text-sm font-semibold text-amber-700">
                          {days === 0 ? 'Ends today' : `${countOf(days, 'day')} left`}
                        </p>
                        <CouponCard coupon={c} now={now} />
                      </li>
                    );
                  }}
                </DealGrid>
              </section>
            ) : null}
            <section aria-labelledby="all-deals">
              <h2 id="all-deals" className="text-2xl font-bold text-slate-900">
                All Active Deals
              </h2>
              <DealGrid key={search} coupons={filtered}>
                {(c) => (
                  <li key={c.id} className="flex">
                    <div className="w-full">
                      <CouponCard coupon={c} now={now} />
                    </div>
                  </li>
                )}
              </DealGrid>
            </section>
          </>
        )}

        <section
          aria-labelledby="deals-newsletter"
          className="rounded-2xl bg-brand-700 px-6 py-10 text-center text-white sm:px-10"
        >
          <h2 id="deals-newsletter" className="text-2xl font-bold">
            Never Miss a Deal
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-100">
            Join 10,000+ subscribers who get the best prop firm deals in their inbox every week.
          </p>
          <div className="mx-auto mt-6 max-w-md">
            <NewsletterForm source="coupons-page" tags={['deals']} buttonLabel="Get Free Deals" tone="dark" />
          </div>
          <p className="mt-3 text-sm text-brand-100">Weekly deals · No spam · Unsubscribe anytime</p>
        </section>
      </div>
    </>
  );
}
