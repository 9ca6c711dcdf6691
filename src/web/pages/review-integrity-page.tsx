import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { MODERATION_REASONS } from '../../domain/moderation-rules';
import { PageHeader } from '../components/page-header';
import { integrityReportQuery } from '../features/firms/queries';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

export const loader: PageLoader = () => [integrityReportQuery()];

const share = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 1000) / 10}%` : '0%');
const reasonLabel = (reason: string) =>
  MODERATION_REASONS[reason as keyof typeof MODERATION_REASONS] ?? reason;

export default function ReviewIntegrityPage() {
  const { data, isError } = useQuery(integrityReportQuery());
  return (
    <>
      <PageHead
        title="Review Integrity Report | Prop Firm Club"
        description="How Prop Firm Club polices its reviews: reviews received, published, held and removed each year, and why."
        canonicalPath={'/review-integrity'}
      />
      <PageHeader
        title="Review Integrity Report"
        intro="How we police reviews, in figures computed live from our records. Manual copies of reviews from other sites are left out."
      />
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6">
        <p className="text-slate-700">
          The rules behind these figures are on our{' '}
          <Link to="/methodology" className="font-medium text-brand-700 underline">
            methodology page
          </Link>
          .
        </p>
        {isError ? <p className="text-red-700">The report could not be loaded.</p> : null}
        {data?.years.length === 0 ? <p className="text-slate-600">No reviews yet.</p> : null}
        {data?.years.map((y) => (
          <section
            key={y.year}
            aria-labelledby={`year-${y.year}`}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id={`year-${y.year}`} className="text-2xl font-bold text-slate-900">
              {y.year}
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
              {(
                [
                  ['Reviews received', y.received.toLocaleString('en-US')],
                  ['Published', y.published.toLocaleString('en-US')],
                  ['Waiting for a check', y.held.toLocaleString('en-US')],
                  ['Removed', `${y.removed.toLocaleString('en-US')} (${share(y.removed, y.received)})`],
                  ['Held by the automatic checks', y.heldByChecks.toLocaleString('en-US')],
                  ['Reports by readers', y.reports.toLocaleString('en-US')],
                  [
                    'Median time to a decision',
                    y.medianHoursToDecision == null ? 'No decision yet' : `${y.medianHoursToDecision} hours`,
                  ],
                  [
                    'Removals after the checks',
                    `${share(y.removedAfterChecks, y.removed)} (${y.removedAfterChecks} of ${y.removed})`,
                  ],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <h3 className="mt-6 font-semibold text-slate-900">Removed, by reason</h3>
            {y.removedByReason.length ? (
              <ul className="mt-2 grid gap-1 text-slate-700">
                {y.removedByReason.map((r) => (
                  <li key={r.reason}>
                    {reasonLabel(r.reason)}: {r.count.toLocaleString('en-US')}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-600">No review was removed.</p>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
