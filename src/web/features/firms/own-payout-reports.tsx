import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../domain/accounts';
import { SEARCH_MIN_LENGTH } from '../../../domain/firm-rules';
import { formatDate, formatPrice } from '../../../domain/format';
import { DENIAL_REASON_LABELS, EVIDENCE_GRADE_LABELS } from '../../../domain/payout-rules';
import type { OwnPayoutReport } from '../../../domain/payouts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { lazyComponent } from '../../lib/lazy-page';
import { firmDetailsQuery, firmSearchQuery, ownPayoutReportsQuery } from './queries';

const PayoutReportForm = lazyComponent(() => import('./payout-report-form').then((m) => m.PayoutReportForm));

const day = (value: string) => formatDate(`${value}T00:00:00Z`);

/** Where a report stands: waiting, verified with its grade, rejected or revoked with the reason. */
function ReportState({ report }: { report: OwnPayoutReport }) {
  if (report.status === 'verified') {
    return (
      <Badge variant="success">
        Verified{report.grade ? `: ${EVIDENCE_GRADE_LABELS[report.grade]}` : ''}
      </Badge>
    );
  }
  if (report.status === 'rejected') {
    return <Badge variant="danger">{report.revoked ? 'Verification revoked' : 'Rejected'}</Badge>;
  }
  return <Badge variant="warning">Pending</Badge>;
}

function OwnReport({ report }: { report: OwnPayoutReport }) {
  const what =
    report.kind === 'paid'
      ? `${report.amount != null ? formatPrice(report.amount) : 'Paid'}${report.method ? ` by ${report.method}` : ''}${
          report.receivedOn ? `, received ${day(report.receivedOn)}` : ''
        }`
      : `Denied${report.denialReason ? `: ${DENIAL_REASON_LABELS[report.denialReason]}` : ''}${
          report.deniedOn ? `, ${day(report.deniedOn)}` : ''
        }`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="own-payout-report">
      <div className="min-w-0">
        <Link href={`/firm/${report.firm.slug}?tab=payouts`} className="font-medium text-brand-700 underline">
          {report.firm.name}
        </Link>
        <p className="text-sm text-slate-700">{what}</p>
        <p className="text-xs text-slate-600">
          Sent {formatDate(report.createdAt)}
          {report.points > 0 ? ` · earned ${report.points.toLocaleString('en-US')} points` : ''}
          {report.imageUrls.map((url, i) => (
            <span key={url}>
              {' · '}
              <a href={url} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                Image {i + 1}
              </a>
            </span>
          ))}
        </p>
        {report.status === 'rejected' && report.rejectionReason ? (
          <p className="text-sm text-red-800 wrap-anywhere">Reason: {report.rejectionReason}</p>
        ) : null}
      </div>
      <ReportState report={report} />
    </li>
  );
}

/** Choose the firm by name (the fuzzy search, as /compare adds firms). */
function FirmPicker({ onPick }: { onPick: (slug: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const results = (useQuery(firmSearchQuery(query)).data ?? []).filter((f) => f.status === 'listed');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Which firm paid or denied you?</Label>
      <Input
        id={id}
        type="search"
        autoComplete="off"
        placeholder="Type a firm name..."
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {query.length >= SEARCH_MIN_LENGTH ? (
        results.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Firms found">
            {results.slice(0, 6).map((f) => (
              <li key={f.slug}>
                <Button type="button" size="sm" variant="outline" onClick={() => onPick(f.slug)}>
                  {f.name}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No listed firm matches "{query}".</p>
        )
      ) : null}
    </div>
  );
}

/** Report from /profile: choose the firm, then the same form as on its Payouts tab. */
function ReportFromProfile({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const [slug, setSlug] = useState<string | null>(null);
  const firm = useQuery({ ...firmDetailsQuery(slug ?? ''), enabled: Boolean(slug) });
  if (!slug) return <FirmPicker onPick={setSlug} />;
  if (!firm.data) return <Skeleton className="h-64" />;
  return (
    <div className="grid gap-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Reporting a payout from <strong>{firm.data.name}</strong>
        <Button type="button" size="sm" variant="ghost" onClick={() => setSlug(null)}>
          Choose another firm
        </Button>
      </p>
      <Suspense fallback={<Skeleton className="h-64" />}>
        <PayoutReportForm firm={firm.data} user={user} onSent={onDone} onCancel={onDone} />
      </Suspense>
    </div>
  );
}

/** /profile: the trader's payout reports, where each stands, and a way to send one. */
export function OwnPayoutReports({ user }: { user: CurrentUser }) {
  const { data, isPending, isError } = useQuery(ownPayoutReportsQuery());
  const [reporting, setReporting] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Payout reports</CardTitle>
        <CardDescription>
          Paid or denied by a firm? Every report our team verifies builds that firm's payout record, and a
          verified payout earns you points.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!user.emailVerified ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
            Verify your email to report a payout. Check your inbox for the verification email.
          </p>
        ) : reporting ? (
          <ReportFromProfile user={user} onDone={() => setReporting(false)} />
        ) : (
          <Button className="w-fit" onClick={() => setReporting(true)}>
            Report a payout
          </Button>
        )}
        {isPending ? <p className="text-sm text-slate-600">Loading your payout reports</p> : null}
        {isError ? <p className="text-sm text-red-700">Your payout reports could not be loaded.</p> : null}
        {data?.length === 0 ? (
          <p className="text-sm text-slate-600">You have not reported a payout yet.</p>
        ) : null}
        {data?.length ? (
          <ul className="divide-y divide-slate-200" data-testid="own-payout-reports">
            {data.map((report) => (
              <OwnReport key={report.id} report={report} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
