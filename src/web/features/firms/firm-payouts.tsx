import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../domain/accounts';
import type { FirmDetails } from '../../../domain/firms';
import { formatDate, formatPrice } from '../../../domain/format';
import {
  DENIAL_REASON_LABELS,
  EVIDENCE_GRADE_LABELS,
  PAYOUT_TIER_LABELS,
} from '../../../domain/payout-rules';
import type { FirmPayoutRecord, PublicPayoutReport } from '../../../domain/payouts';
import type { WithheldReply } from '../../../domain/replies';
import { PagedList } from '../../components/paged-list';
import { formatPayoutDays, PAYOUT_TIER_STYLES } from '../../components/payout-record';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { lazyComponent } from '../../lib/lazy-page';
import { FirmReply } from './firm-reply';
import { formatMonth, PayoutMonthTable } from './payout-months';
import { ReportPayoutButton } from './payout-report-button';
import { firmPayoutReportsQuery, withheldRepliesQuery } from './queries';

// Drawn in the browser only, after the tab shows: recharts stays out of the page's own code.
const PayoutChart = lazyComponent(() => import('./payout-chart').then((m) => m.PayoutChart));

const count = (n: number) => n.toLocaleString('en-US');
const percent = (share: number) => `${Math.round(share * 100)}%`;
const days = (n: number | null) => (n == null ? 'N/A' : formatPayoutDays(n));
const money = (n: number | null) => (n == null ? 'N/A' : formatPrice(n));

/** The tier, when it last changed, and where the rules are written out. */
function TierCard({
  firm,
  record,
  user,
}: {
  firm: FirmDetails;
  record: FirmPayoutRecord | null;
  user: CurrentUser | null | undefined;
}) {
  const tier = record?.tier ?? 'insufficient';
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4 p-5">
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-slate-600">Payout record</h2>
          <p className="mt-1">
            <span
              className={cn(
                'inline-block rounded-full px-3 py-1 text-lg font-bold',
                PAYOUT_TIER_STYLES[tier],
              )}
              data-testid="payout-tier"
            >
              {PAYOUT_TIER_LABELS[tier]}
            </span>
          </p>
          <p className="mt-2 text-sm text-slate-600">
            {record?.tierChangedAt ? `Since ${formatDate(record.tierChangedAt)}. ` : ''}
            From payouts traders reported and our team checked.{' '}
            <Link to="/methodology#payout-record" className="font-medium text-brand-700 underline">
              How the payout record works
            </Link>
          </p>
        </div>
        <ReportPayoutButton firm={firm} user={user} />
      </div>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The record's figures, each over the firm's verified reports. */
function RecordFigures({ record }: { record: FirmPayoutRecord }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Verified payouts</CardTitle>
        <CardDescription>Days are counted from the payout request to the money received.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Last 90 days" value={count(record.paidLast90Days)} testId="payouts-90-days" />
          <Figure label="In all" value={count(record.paidAll)} testId="payouts-all" />
          <Figure label="Median time" value={days(record.medianDays)} />
          <Figure label="90% paid within" value={days(record.p90Days)} />
          <Figure label="Median amount" value={money(record.medianAmount)} />
          <Figure label="Largest amount" value={money(record.largestAmount)} />
          <Figure label="Denied (verified)" value={count(record.deniedCount)} />
        </dl>
        {record.methodShares.length ? (
          <>
            <h3 className="mt-5 text-sm font-semibold text-slate-900">Payout methods</h3>
            <ul className="mt-2 grid gap-2">
              {record.methodShares.map((m) => (
                <li
                  key={m.method}
                  className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-3 text-sm"
                >
                  <span className="truncate text-slate-800">{m.method}</span>
                  <span className="h-2 rounded-full bg-slate-100" aria-hidden="true">
                    <span
                      className="block h-2 rounded-full bg-brand-600"
                      style={{ width: percent(m.share) }}
                    />
                  </span>
                  <span className="text-slate-700 tabular-nums">
                    {percent(m.share)} ({count(m.count)})
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Verified payouts by month: the chart once the browser has drawn it, the same figures as a table. */
function MonthlyPayouts({ record }: { record: FirmPayoutRecord }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const first = record.monthly[0]?.month;
  const last = record.monthly.at(-1)?.month;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Verified payouts by month</CardTitle>
        {first && last ? (
          <CardDescription>
            {formatMonth(first)} to {formatMonth(last)}, by the month the money was received.
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        <div className="h-56" aria-hidden="true">
          {mounted ? (
            <Suspense fallback={<Skeleton className="h-56" />}>
              <PayoutChart months={record.monthly} />
            </Suspense>
          ) : null}
        </div>
        <PayoutMonthTable months={record.monthly} />
      </CardContent>
    </Card>
  );
}

/** A denied report's reply: the firm's, and for its representatives Reply, Edit reply and Delete reply. */
interface ReportReplies {
  firm: { slug: string; name: string };
  representative: boolean;
  withheld: Map<number, WithheldReply>;
}

function ReportItem({ report, replies }: { report: PublicPayoutReport; replies: ReportReplies }) {
  const paid = report.kind === 'paid';
  return (
    <li
      id={`payout-report-${report.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm wrap-anywhere"
      data-testid="payout-report"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {paid ? (
            <>
              {money(report.amount)}
              {report.method ? <span className="font-normal text-slate-700">by {report.method}</span> : null}
            </>
          ) : (
            <>
              <Badge variant="danger">Denied</Badge>
              {report.denialReason ? (
                <span className="font-normal text-slate-700">
                  {DENIAL_REASON_LABELS[report.denialReason]}
                </span>
              ) : null}
            </>
          )}
        </p>
        <time dateTime={report.date} className="text-xs text-slate-600">
          {formatDate(`${report.date}T00:00:00Z`)}
        </time>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        {paid && report.daysTaken != null ? (
          <span>
            {report.daysTaken === 0
              ? 'Received the same day'
              : `Received in ${formatPayoutDays(report.daysTaken)}`}
          </span>
        ) : null}
        <Badge variant="outline">{EVIDENCE_GRADE_LABELS[report.grade]}</Badge>
        <span>{report.reporter ? `@${report.reporter}` : 'Anonymous'}</span>
      </p>
      {report.comment ? (
        <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{report.comment}</p>
      ) : null}
      {paid ? null : (
        <FirmReply
          to={{ firm: replies.firm, target: 'payout_report', id: report.id }}
          reply={report.reply}
          representative={replies.representative}
          withheld={replies.withheld.get(report.id)}
        />
      )}
    </li>
  );
}

/** The latest verified reports, a page at a time. */
function LatestReports({ firm, user }: { firm: FirmDetails; user: CurrentUser | null | undefined }) {
  const slug = firm.slug;
  const [page, setPage] = useState(1);
  const query = useQuery({ ...firmPayoutReportsQuery(slug, page), placeholderData: keepPreviousData });
  const representative = user?.representativeOf.some((f) => f.firmId === firm.id) ?? false;
  const withheld = useQuery({ ...withheldRepliesQuery(slug), enabled: representative });
  const replies: ReportReplies = {
    firm,
    representative,
    withheld: new Map(
      (withheld.data ?? []).filter((w) => w.target === 'payout_report').map((w) => [w.targetId, w]),
    ),
  };
  return (
    <section aria-labelledby="latest-payouts" className="grid gap-3">
      <h2 id="latest-payouts" className="text-lg font-semibold text-slate-900">
        Latest verified reports
      </h2>
      <PagedList
        query={query}
        rows={(d) => d.reports}
        loading="Loading payout reports"
        empty="No verified payout reports yet."
        onPage={setPage}
      >
        {(reports) => (
          <ul className="grid gap-3">
            {reports.map((r) => (
              <ReportItem key={r.id} report={r} replies={replies} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

/** The firm page's Payouts tab: the payout record from verified reports, and a way to add one. */
export function FirmPayouts({ firm, user }: { firm: FirmDetails; user: CurrentUser | null | undefined }) {
  const record = firm.payoutRecord;
  return (
    <div className="grid min-w-0 gap-4">
      <TierCard firm={firm} record={record} user={user} />
      {record && record.paidAll + record.deniedCount > 0 ? (
        <>
          <RecordFigures record={record} />
          <MonthlyPayouts record={record} />
          <LatestReports firm={firm} user={user} />
        </>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          No payout of {firm.name} has been verified yet. Were you paid, or denied? Your report is the first
          step.
        </p>
      )}
    </div>
  );
}
