import { Link } from 'wouter';
import Check from '~icons/lucide/check';
import X from '~icons/lucide/x';
import { activeCoupons, applyDiscount, bestActiveCoupon } from '../../../domain/coupon-rules';
import {
  formatPricingType,
  listTradableAssets,
  pricePer10k,
  RATING_TEXT_ITEMS,
  showsRatingExplanation,
  splitLines,
  trustRatingLabel,
} from '../../../domain/firm-rules';
import type { Account, FirmDetails, FirmResource } from '../../../domain/firms';
import { formatFunding, formatPercent, formatPrice } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

function na(value: string | number | null | undefined) {
  return value == null || value === '' ? 'N/A' : String(value);
}

export function QuickInfo({ firm }: { firm: FirmDetails }) {
  const rows: [string, string][] = [
    ['Location', na(firm.headquarters)],
    ['CEO', na(firm.ceoName)],
    ['Founded', na(firm.established)],
    ['Asset Class', na(firm.assetType)],
    ['Account Options', String(firm.accounts.length)],
  ];
  if (firm.cashbackProvided && firm.cashbackPercentage)
    rows.push(['Cashback', formatPercent(firm.cashbackPercentage)]);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick Info</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function ResourceList({ title, items }: { title: string; items: FirmResource[] | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items?.length ? (
          <ul className="flex flex-wrap gap-2">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-1.5 text-sm"
              >
                {item.logo && <img src={item.logo} alt="" className="size-5 object-contain" loading="lazy" />}
                {item.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Not listed yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

function BulletList({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function FirmOverview({
  firm,
  platforms,
  payoutMethods,
}: {
  firm: FirmDetails;
  platforms: FirmResource[] | undefined;
  payoutMethods: FirmResource[] | undefined;
}) {
  const paragraphs = splitLines(firm.description);
  const watchOut = splitLines(firm.watchOutFor);
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="lg:hidden">
        <QuickInfo firm={firm} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Company Information</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-slate-700">
          {paragraphs.length ? (
            paragraphs.map((p, i) => <p key={`${i}-${p.slice(0, 20)}`}>{p}</p>)
          ) : (
            <p>N/A</p>
          )}
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <ResourceList title="Trading Platforms" items={platforms} />
        <ResourceList title="Payout Methods" items={payoutMethods} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Tradable Assets</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {listTradableAssets(firm.tradableAssets).map((asset) => (
              <li
                key={asset.name}
                className={`flex items-center gap-2 rounded-lg border px-3 py-2 text-sm ${
                  asset.available
                    ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
                    : 'border-slate-200 bg-slate-50 text-slate-600'
                }`}
              >
                {asset.available ? (
                  <Check
                    className="size-4 text-emerald-700"
                    role="img"
                    aria-hidden={false}
                    aria-label="Available"
                  />
                ) : (
                  <X
                    className="size-4 text-slate-500"
                    role="img"
                    aria-hidden={false}
                    aria-label="Not available"
                  />
                )}
                {asset.name}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {showsRatingExplanation(firm) && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Why this firm is rated {trustRatingLabel(firm.trustRating)}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3 text-sm">
              {RATING_TEXT_ITEMS.filter((item) => firm[item.key]?.trim()).map((item) => (
                <div key={item.key}>
                  <dt className="font-semibold text-slate-900">{item.label}</dt>
                  <dd className="mt-0.5 text-slate-700">{firm[item.key]}</dd>
                </div>
              ))}
            </dl>
            <Link
              to="/methodology"
              className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
            >
              How we rate firms
            </Link>
          </CardContent>
        </Card>
      )}
      {watchOut.length > 0 && (
        <Card tone="warning">
          <CardHeader>
            <CardTitle as="h2">What to Stay Aware Of</CardTitle>
          </CardHeader>
          <CardContent>
            <BulletList items={watchOut} />
          </CardContent>
        </Card>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Key Features</CardTitle>
          </CardHeader>
          <CardContent>
            {firm.features.length ? (
              <BulletList items={firm.features} />
            ) : (
              <p className="text-sm text-slate-600">N/A</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Restricted Countries</CardTitle>
          </CardHeader>
          <CardContent>
            {firm.restrictedCountries.length ? (
              <ul className="flex flex-wrap gap-2">
                {firm.restrictedCountries.map((country) => (
                  <li key={country}>
                    <Badge variant="danger">{country}: Not Available</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">No restricted countries listed.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export function SidebarCoupons({ firm }: { firm: FirmDetails }) {
  const coupons = activeCoupons(firm.coupons, new Date()).slice(0, 3);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Active Coupons</CardTitle>
      </CardHeader>
      <CardContent>
        {coupons.length ? (
          <ul className="space-y-3">
            {coupons.map((c) => (
              <li key={c.id} className="rounded-lg border border-dashed border-brand-500 bg-brand-50 p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-mono font-bold text-brand-700">{c.code}</span>
                  {c.discountPercent != null && (
                    <Badge variant="success">{formatPercent(c.discountPercent)} off</Badge>
                  )}
                </div>
                {c.description && <p className="mt-1 text-xs text-slate-700">{c.description}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No active coupons right now.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** '/month' under a monthly price: the table mixes subscriptions with one-time fees. */
function PerMonth({ account }: { account: Account }) {
  if (account.pricingType !== 'monthly') return null;
  return (
    <span className="block text-xs font-normal text-slate-500">{formatPricingType(account.pricingType)}</span>
  );
}

/** Every account size with its price, price per $10K and the best live coupon applied. */
export function PriceTable({ firm }: { firm: FirmDetails }) {
  const best = bestActiveCoupon(firm.coupons, new Date());
  // Only a known percentage can be applied: otherwise the column repeated the prices as if discounted.
  const coupon = best?.discountPercent && best.discountPercent > 0 ? best : null;
  const models = new Map(firm.fundingModels.map((m) => [m.id, m.name]));
  const rows = [...firm.accounts].sort((a, b) => a.capital - b.capital || a.price - b.price);
  if (!rows.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Price Table</CardTitle>
        {coupon && (
          <p className="text-sm text-slate-600">
            With code <span className="font-mono font-semibold">{coupon.code}</span> (
            {formatPercent(coupon.discountPercent as number)} off)
          </p>
        )}
      </CardHeader>
      <CardContent className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Price table">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                Account
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Price
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Per $10K
              </th>
              {coupon && (
                <th scope="col" className="py-2 font-medium">
                  With coupon
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((a) => {
              const per = pricePer10k(a.price, a.capital);
              return (
                <tr key={a.id}>
                  <th scope="row" className="py-2 pr-2 font-medium text-slate-900">
                    {formatFunding(a.capital)}
                    <span className="block text-xs font-normal text-slate-500">
                      {models.get(a.fundingModelId)}
                    </span>
                  </th>
                  <td className="py-2 pr-2">
                    {formatPrice(a.price)}
                    <PerMonth account={a} />
                  </td>
                  <td className="py-2 pr-2">{per == null ? 'N/A' : formatPrice(per)}</td>
                  {coupon && (
                    <td className="py-2 font-semibold text-emerald-700">
                      {formatPrice(applyDiscount(a.price, coupon.discountPercent))}
                      <PerMonth account={a} />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
