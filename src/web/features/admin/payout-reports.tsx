import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { countOf, formatDate, formatPrice } from '../../../domain/format';
import {
  DENIAL_REASON_LABELS,
  EVIDENCE_GRADE_LABELS,
  PAYOUT_FLAG_LABELS,
  PAYOUT_NETWORK_LABELS,
  PAYOUT_PROCESSOR_LABELS,
  PAYOUT_QUEUE_FILTERS,
  PAYOUT_REPORT_STATUS_LABELS,
  type PayoutQueueFilter,
} from '../../../domain/payout-rules';
import type { AdminPayoutReport } from '../../../domain/payouts';
import { FilterButtons } from '../../components/filter-buttons';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { useListParams } from './list-params';
import { PayoutReportDecisions } from './payout-report-decisions';
import { adminPayoutReportsQuery } from './queries';

const VIEWS = PAYOUT_QUEUE_FILTERS.map(
  (f) => [f, f === 'flagged' ? 'Flagged' : PAYOUT_REPORT_STATUS_LABELS[f]] as const,
);
const STATUS_BADGE = { pending: 'warning', verified: 'success', rejected: 'danger' } as const;
const day = (value: string) => formatDate(`${value}T00:00:00Z`);

/** An image as a thumbnail that opens larger in a dialog (admin-only URLs). */
function EvidenceImage({ url, n, reportId }: { url: string; n: number; reportId: number }) {
  const alt = `Evidence ${n} of report #${reportId}`;
  return (
    <Dialog>
      <DialogTrigger className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-500">
        <img
          src={url}
          alt={alt}
          loading="lazy"
          className="size-24 rounded-md border border-slate-200 object-cover"
        />
      </DialogTrigger>
      <DialogContent className="sm:max-w-4xl">
        <DialogTitle>{alt}</DialogTitle>
        <img src={url} alt={alt} className="max-h-[75dvh] w-full object-contain" />
        <a href={url} target="_blank" rel="noreferrer" className="text-sm text-brand-700 underline">
          Open it on its own
        </a>
      </DialogContent>
    </Dialog>
  );
}

/** What was reported: amount, method and dates, or the denial and its reason. */
function reportSummary(r: AdminPayoutReport): string {
  const account = [r.fundingModel, r.accountSize ? `$${r.accountSize.toLocaleString('en-US')} account` : null]
    .filter(Boolean)
    .join(', ');
  const what =
    r.kind === 'paid'
      ? `${r.amount != null ? formatPrice(r.amount) : 'Paid'}${r.method ? ` by ${r.method}` : ''}, requested ${
          r.requestedOn ? day(r.requestedOn) : 'N/A'
        }, received ${r.receivedOn ? day(r.receivedOn) : 'N/A'}`
      : `Denied ${r.deniedOn ? day(r.deniedOn) : ''}: ${r.denialReason ? DENIAL_REASON_LABELS[r.denialReason] : 'no reason'}`;
  return account ? `${what} (${account})` : what;
}

function Reporter({ report }: { report: AdminPayoutReport }) {
  const { reporter } = report;
  const others = reporter.otherReports;
  return (
    <p>
      By {reporter.username ? `@${reporter.username}` : 'no username'} ({reporter.email}), account{' '}
      {countOf(reporter.accountAgeDays, 'day')} old, {reporter.points.toLocaleString('en-US')} points; other
      reports: {others.total} ({others.verified} verified, {others.rejected} rejected, {others.pending}{' '}
      pending). Shown as {report.showUsername && reporter.username ? `@${reporter.username}` : 'Anonymous'}.
    </p>
  );
}

function Reference({ report }: { report: AdminPayoutReport }) {
  if (report.network && report.transactionReference) {
    return (
      <p className="wrap-anywhere">
        {PAYOUT_NETWORK_LABELS[report.network]} transaction:{' '}
        <span className="font-mono" data-testid="payout-reference">
          {report.transactionReference}
        </span>
      </p>
    );
  }
  if (report.processor && report.processorReference) {
    return (
      <p className="wrap-anywhere">
        {PAYOUT_PROCESSOR_LABELS[report.processor]} reference:{' '}
        <span className="font-mono" data-testid="payout-reference">
          {report.processorReference}
        </span>
      </p>
    );
  }
  return <p className="text-slate-600">No payment reference.</p>;
}

function ReportToCheck({ report }: { report: AdminPayoutReport }) {
  return (
    <Card data-testid={`payout-report-${report.id}`}>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 pt-6 text-sm text-slate-700 wrap-anywhere">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold text-slate-900">
            #{report.id}{' '}
            <Link href={`/firm/${report.firm.slug}?tab=payouts`} className="text-brand-700 underline">
              {report.firm.name}
            </Link>
          </h2>
          <Badge variant={STATUS_BADGE[report.status]}>
            {report.revoked ? 'Revoked' : PAYOUT_REPORT_STATUS_LABELS[report.status]}
          </Badge>
          {report.grade ? <Badge variant="outline">{EVIDENCE_GRADE_LABELS[report.grade]}</Badge> : null}
        </div>
        <p className="font-medium text-slate-900">{reportSummary(report)}</p>
        <Reporter report={report} />
        <Reference report={report} />
        {report.comment ? (
          <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-800">{report.comment}</p>
        ) : null}
        {report.flags.length ? (
          <ul className="grid gap-1" aria-label="Flags">
            {report.flags.map((flag) => (
              <li
                key={`${flag.kind}-${flag.relatedReportId ?? ''}`}
                className="rounded-md bg-amber-100 px-2 py-1 text-amber-950"
                data-testid="payout-flag"
              >
                <strong>{PAYOUT_FLAG_LABELS[flag.kind]}</strong>
                {flag.detail ? `: ${flag.detail}` : ''}
                {flag.relatedReportId && !flag.detail.includes(`#${flag.relatedReportId}`)
                  ? ` (matches report #${flag.relatedReportId})`
                  : ''}
              </li>
            ))}
          </ul>
        ) : null}
        {report.imageUrls.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Evidence images">
            {report.imageUrls.map((url, i) => (
              <li key={url}>
                <EvidenceImage url={url} n={i + 1} reportId={report.id} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">No images.</p>
        )}
        <p className="text-xs text-slate-600">
          Sent {formatDate(report.createdAt)}
          {report.decidedAt
            ? ` · decided ${formatDate(report.decidedAt)}${report.decidedBy ? ` by ${report.decidedBy}` : ''}`
            : ''}
          {report.points ? ` · ${report.points.toLocaleString('en-US')} points credited` : ''}
        </p>
        {report.rejectionReason ? <p className="text-red-800">Reason: {report.rejectionReason}</p> : null}
        <PayoutReportDecisions report={report} />
      </CardContent>
    </Card>
  );
}

/** /admin/payout-reports: the queue of payout reports, one view at a time, each with its evidence and decisions. */
export function PayoutReportQueue() {
  const { params, page, update, setPage } = useListParams({ replace: false });
  const filter: PayoutQueueFilter = VIEWS.find(([v]) => v === params.get('filter'))?.[0] ?? 'pending';
  const query = useQuery({ ...adminPayoutReportsQuery({ filter, page }), placeholderData: keepPreviousData });
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <FilterButtons
        label="Reports to show"
        options={VIEWS}
        value={filter}
        onChange={(v) => update({ filter: v === 'pending' ? null : v, page: null })}
      />
      <PagedList
        query={query}
        rows={(d) => d.reports}
        loading="Loading payout reports"
        empty={filter === 'pending' ? 'No report waits for a check.' : `No ${filter} reports.`}
        onPage={setPage}
        card={(report) => <ReportToCheck key={report.id} report={report} />}
      />
    </div>
  );
}
