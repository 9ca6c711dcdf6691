import { Link } from 'wouter';
import MinusIcon from '~icons/lucide/minus';
import TrendingDownIcon from '~icons/lucide/trending-down';
import TrendingUpIcon from '~icons/lucide/trending-up';
import type { FirmConsoleOverview } from '../../../domain/change-requests';
import { countOf, formatDate } from '../../../domain/format';
import { DENIAL_REASON_LABELS, type DenialReason } from '../../../domain/payout-rules';
import { type Column, DataTable } from '../../components/data-table';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

type Figure = FirmConsoleOverview['figures']['pageViews'];
type Coupon = FirmConsoleOverview['coupons'][number];

const whole = (n: number) => n.toLocaleString('en-US');

/** A figure against the 30 days before: 'up 12%', 'down 5%', 'no change', 'up from 0'. */
export function describeChange({ value, previous }: Figure): { text: string; trend: 'up' | 'down' | 'same' } {
  if (value === previous) return { text: 'no change', trend: 'same' };
  if (previous === 0) return { text: 'up from 0', trend: 'up' };
  const percent = Math.round((Math.abs(value - previous) / previous) * 100);
  return value > previous
    ? { text: `up ${percent}%`, trend: 'up' }
    : { text: `down ${percent}%`, trend: 'down' };
}

const TREND_ICONS = { up: TrendingUpIcon, down: TrendingDownIcon, same: MinusIcon };

function FigureItem({ label, figure }: { label: string; figure: Figure }) {
  const change = describeChange(figure);
  const Icon = TREND_ICONS[change.trend];
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{whole(figure.value)}</dd>
      <dd
        className={
          change.trend === 'up'
            ? 'flex items-center gap-1 text-sm text-emerald-700'
            : change.trend === 'down'
              ? 'flex items-center gap-1 text-sm text-red-700'
              : 'flex items-center gap-1 text-sm text-slate-600'
        }
      >
        <Icon className="size-4" aria-hidden="true" />
        {change.text}
        {figure.previous === 0 ? '' : ` (from ${whole(figure.previous)})`}
      </dd>
    </div>
  );
}

const day = (value: string) => formatDate(value.length === 10 ? `${value}T00:00:00Z` : value);

/** Page views, clicks out and coupon copies: the last 30 days against the 30 before. */
export function ConsoleFigures({ figures }: { figures: FirmConsoleOverview['figures'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Last 30 days</CardTitle>
        <CardDescription>
          {day(figures.from)} to {day(figures.to)}, against the 30 days before.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          <FigureItem label="Page views" figure={figures.pageViews} />
          <FigureItem label="Clicks out" figure={figures.outboundClicks} />
          <FigureItem label="Coupon copies" figure={figures.couponCopies} />
        </dl>
      </CardContent>
    </Card>
  );
}

const money = (cents: number) => {
  const digits = cents % 100 === 0 ? 0 : 2;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
};

const denialReason = (reason: string) => DENIAL_REASON_LABELS[reason as DenialReason] ?? reason;

/**
 * Published reviews and verified denied payout reports without the firm's reply, each linking to
 * its place on the firm page (where the reply form is), and the replies held or hidden.
 */
export function WaitingForReply({ slug, overview }: { slug: string; overview: FirmConsoleOverview }) {
  const { reviews, payoutReports } = overview.unanswered;
  const path = `/firm/${encodeURIComponent(slug)}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Waiting for a reply</CardTitle>
        <CardDescription>
          {countOf(reviews.length, 'review')} and {countOf(payoutReports.length, 'denied payout report')}{' '}
          without your reply. Each link opens it on your firm's page, where you reply.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {overview.repliesWaiting > 0 ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
            {overview.repliesWaiting === 1
              ? 'One of your replies is'
              : `${whole(overview.repliesWaiting)} of your replies are`}{' '}
            held for a check or hidden by our moderators. You see each under its review or report.
          </p>
        ) : null}
        {reviews.length ? (
          <ul className="grid divide-y divide-slate-100 rounded-lg border border-slate-200">
            {reviews.map((review) => (
              <li key={review.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{review.rating}/5</span> {review.title}{' '}
                  <span className="text-slate-600">
                    by {review.author}, {formatDate(review.createdAt)}
                  </span>
                </span>
                <Link
                  to={`${path}?tab=reviews#review-${review.id}`}
                  className="font-medium text-brand-700 underline"
                >
                  Reply to this review
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {payoutReports.length ? (
          <ul className="grid divide-y divide-slate-100 rounded-lg border border-slate-200">
            {payoutReports.map((report) => (
              <li key={report.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
                <span className="min-w-0 break-words">
                  <Badge variant="danger">Denied</Badge>{' '}
                  {[
                    report.amountCents != null ? money(report.amountCents) : null,
                    report.reason ? denialReason(report.reason) : null,
                    formatDate(report.createdAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <Link
                  to={`${path}?tab=payouts#payout-report-${report.id}`}
                  className="font-medium text-brand-700 underline"
                >
                  Reply to this report
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {reviews.length === 0 && payoutReports.length === 0 ? (
          <p className="text-slate-600">Nothing waits for a reply.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

const couponColumns: Column<Coupon>[] = [
  { header: 'Code', cell: (c) => <span className="font-mono font-medium">{c.code}</span> },
  { header: 'Offer', cell: (c) => c.title ?? '', phone: 'plain' },
  {
    header: 'Discount',
    cell: (c) => (c.discountPercent != null ? `${c.discountPercent}%` : ''),
    phone: 'labelled',
  },
  { header: 'Last day', cell: (c) => (c.expiryDate ? day(c.expiryDate) : 'No end'), phone: 'labelled' },
  {
    header: 'Status',
    cell: (c) =>
      c.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>,
  },
  { header: 'Uses', cell: (c) => whole(c.usageCount), phone: 'labelled', align: 'end' },
];

/** The firm's coupons as the site lists them (read-only: Prop Firm Club keeps them). */
export function ConsoleCoupons({ coupons }: { coupons: FirmConsoleOverview['coupons'] }) {
  return (
    <section aria-labelledby="console-coupons" className="grid gap-3">
      <h2 id="console-coupons" className="text-lg font-semibold text-slate-900">
        Your coupons
      </h2>
      {coupons.length ? (
        <DataTable label="Your coupons" columns={couponColumns} rows={coupons} rowKey={(c) => c.id} />
      ) : (
        <p className="text-sm text-slate-600">
          No coupons listed.{' '}
          <Link to="/contact" className="text-brand-700 underline">
            Write to us
          </Link>{' '}
          to add one.
        </p>
      )}
    </section>
  );
}
