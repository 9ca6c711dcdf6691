import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../domain/format';
import {
  type AdminReview,
  type ModerationPayload,
  ModerationPayloadSchema,
} from '../../../domain/moderation';
import {
  AUTO_CHECKS,
  MODERATION_REASONS,
  type ModerationReason,
  REPORT_REASONS,
} from '../../../domain/moderation-rules';
import { FilterButtons } from '../../components/filter-buttons';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { ManualReviewForm } from './manual-review';
import { adminReviewsQuery } from './queries';
import { ReasonFields } from './reason-fields';
import { useZodForm } from './use-zod-form';

const VIEWS = [
  ['queue', 'To moderate'],
  ['held', 'Held by the checks'],
  ['reported', 'Reported'],
  ['hidden', 'Hidden'],
  ['manual', 'Added by editors'],
  ['all', 'All'],
] as const;
type View = (typeof VIEWS)[number][0];

const STATUS_BADGE = { published: 'success', held: 'warning', hidden: 'neutral', deleted: 'danger' } as const;

const label = (map: Record<string, string>, key: string) => map[key] ?? key;

/** /admin/reviews: held and reported reviews first; publish, hide or delete each with a reason. */
export function ReviewModeration() {
  const [params, setParams] = useUrlSearchParams();
  const view: View = VIEWS.find(([v]) => v === params.get('view'))?.[0] ?? 'queue';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({ ...adminReviewsQuery(view, page), placeholderData: keepPreviousData });
  const go = (next: { view?: View; page?: number }) =>
    setParams(new URLSearchParams({ view: next.view ?? view, page: String(next.page ?? 1) }));
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <Button size="sm" variant="outline" aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
          {adding ? 'Close the manual review form' : 'Add a manual review'}
        </Button>
      </div>
      {adding ? (
        <ManualReviewForm
          onAdded={() => {
            setAdding(false);
            go({ view: 'manual' });
          }}
        />
      ) : null}
      <FilterButtons label="Reviews to show" options={VIEWS} value={view} onChange={(v) => go({ view: v })} />
      <PagedList
        query={query}
        rows={(d) => d.reviews}
        loading="Loading reviews"
        empty={view === 'queue' ? 'Nothing to moderate.' : 'No reviews here.'}
        onPage={(p) => go({ page: p })}
        card={(review) => <ReviewToModerate key={review.id} review={review} />}
      />
    </div>
  );
}

type Decision = { action: ModerationPayload['action']; reason: ModerationReason | ''; note: string };

function ReviewToModerate({ review }: { review: AdminReview }) {
  const queryClient = useQueryClient();
  const form = useZodForm({
    schema: ModerationPayloadSchema,
    initial: (): Decision => ({ action: 'hide', reason: '', note: '' }),
    toPayload: (d: Decision) => ({
      action: d.action,
      reason: d.reason || undefined,
      note: d.note || undefined,
    }),
    prefix: `moderate-${review.id}`,
  });
  const decide = useMutation({
    mutationFn: (payload: ModerationPayload) =>
      apiJson('POST', `/api/admin/reviews/${review.id}/moderate`, payload),
    onSuccess: async (_d, { action }) => {
      toast({
        title:
          action === 'publish' ? 'Review published' : action === 'hide' ? 'Review hidden' : 'Review deleted',
        description: `${review.firm.name}: ${review.title}`,
      });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
    },
    onError: (err) => form.showServerError(err, { title: 'Not changed' }),
  });
  const remove = (action: 'hide' | 'delete') => {
    const payload = form.check({ patch: { action } });
    if (!payload) return;
    if (
      action === 'delete' &&
      !window.confirm('Delete this review for good? Its copy stays in the audit log.')
    )
      return;
    decide.mutate(payload);
  };
  const openReports = review.reports.filter((r) => r.open);
  return (
    <Card data-testid={`moderate-review-${review.id}`}>
      <CardContent className="grid min-w-0 gap-2 pt-6 text-sm text-slate-700 wrap-anywhere">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold text-slate-900 wrap-anywhere">{review.title}</h2>
          <Badge variant={STATUS_BADGE[review.status]}>{review.status}</Badge>
          <span className="text-amber-800">{review.rating} of 5 stars</span>
        </div>
        <p>
          <Link
            href={`/firm/${review.firm.slug}?tab=reviews`}
            className="font-medium text-brand-700 underline"
          >
            {review.firm.name}
          </Link>{' '}
          ·{' '}
          {review.isManual
            ? `${review.authorName ?? 'Unnamed'}, from ${review.source ?? 'no source'} (added by an editor)`
            : review.author
              ? `${review.author.username ?? review.author.email} (${review.author.email}), member since ${formatDate(review.author.createdAt)}`
              : 'deleted account'}{' '}
          · {formatDate(review.createdAt)}
        </p>
        <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-800 wrap-anywhere">
          {review.comment}
        </p>
        {review.autoChecks.length ? (
          <p className="flex flex-wrap gap-2">
            {review.autoChecks.map((c) => (
              <span
                key={c}
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
              >
                {label(AUTO_CHECKS, c)}
              </span>
            ))}
          </p>
        ) : null}
        {openReports.length ? (
          <ul className="list-disc pl-5" aria-label="Open reports">
            {openReports.map((r) => (
              <li key={`${r.createdAt}-${r.reason}`}>
                {label(REPORT_REASONS, r.reason)}
                {r.note ? `: ${r.note}` : ''} ({formatDate(r.createdAt)})
              </li>
            ))}
          </ul>
        ) : null}
        {review.moderationReason ? (
          <p className="text-slate-600">
            {review.status === 'hidden' ? 'Hidden' : 'Decided'}:{' '}
            {label(MODERATION_REASONS, review.moderationReason)}
            {review.moderationNote ? ` (${review.moderationNote})` : ''} by {review.moderatedBy}
          </p>
        ) : null}
        <form
          noValidate
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            remove('hide');
          }}
        >
          {review.status !== 'published' ? (
            <Button
              type="button"
              size="sm"
              onClick={() => decide.mutate({ action: 'publish' })}
              disabled={decide.isPending}
            >
              Publish
            </Button>
          ) : null}
          <ReasonFields form={form} reasons={MODERATION_REASONS} />
          {review.status !== 'hidden' ? (
            <Button type="submit" size="sm" variant="outline" disabled={decide.isPending}>
              Hide
            </Button>
          ) : null}
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={decide.isPending || !form.values.reason}
            onClick={() => remove('delete')}
          >
            Delete
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
