import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ManualReviewPayload, ManualReviewPayloadSchema } from '../../../domain/moderation';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { SelectField, TextAreaField, TextField } from './fields';
import { firmChoicesQuery } from './queries';
import { useZodForm } from './use-zod-form';

type Draft = Omit<ManualReviewPayload, 'propFirmId' | 'rating'> & { propFirmId: string; rating: string };

const EMPTY: Draft = { propFirmId: '', rating: '5', title: '', comment: '', authorName: '', source: '' };
const RATINGS = ['5', '4', '3', '2', '1'].map((r) => ({
  value: r,
  label: `${r} star${r === '1' ? '' : 's'}`,
}));

/**
 * Adds a review an editor copied from elsewhere (a trader's email, a forum, another site): it shows
 * with the author's name and 'from {source}', published at once.
 */
export function ManualReviewForm({ onAdded }: { onAdded: () => void }) {
  const queryClient = useQueryClient();
  const firms = useQuery(firmChoicesQuery());
  const form = useZodForm({
    schema: ManualReviewPayloadSchema,
    initial: EMPTY,
    toPayload: (draft: Draft) => ({
      ...draft,
      propFirmId: Number(draft.propFirmId),
      rating: Number(draft.rating),
      reviewedOn: draft.reviewedOn || undefined,
    }),
  });
  const { values: draft, set, errors } = form;
  const add = useMutation({
    mutationFn: (payload: ManualReviewPayload) => apiJson('POST', '/api/admin/reviews', payload),
    onSuccess: async () => {
      form.setValues(EMPTY);
      form.setErrors({});
      toast({ title: 'Review added', description: 'It shows on the firm page now.', variant: 'success' });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
      onAdded();
    },
    onError: (error) => form.showServerError(error),
  });
  return (
    <Card className="p-4 sm:p-6">
      <form
        noValidate
        aria-label="Add a manual review"
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={form.handleSubmit((payload) => add.mutate(payload))}
      >
        <SelectField
          path="propFirmId"
          label="Firm"
          errors={errors}
          value={draft.propFirmId}
          onChange={(propFirmId) => set({ propFirmId })}
          options={[
            { value: '', label: firms.isPending ? 'Loading firms' : 'Choose a firm' },
            ...(firms.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
          ]}
        />
        <SelectField
          path="rating"
          label="Rating"
          errors={errors}
          value={draft.rating}
          onChange={(rating) => set({ rating })}
          options={RATINGS}
        />
        <TextField
          path="authorName"
          label="Author's name"
          errors={errors}
          value={draft.authorName}
          onChange={(v) => set({ authorName: v ?? '' })}
          required
        />
        <TextField
          path="source"
          label="Source"
          hint="Shown as 'from {source}', for example Trustpilot or Email to the editors."
          errors={errors}
          value={draft.source}
          onChange={(v) => set({ source: v ?? '' })}
          required
        />
        <TextField
          path="title"
          label="Title"
          errors={errors}
          value={draft.title}
          onChange={(v) => set({ title: v ?? '' })}
          required
          className="sm:col-span-2"
        />
        <TextAreaField
          path="comment"
          label="Review"
          errors={errors}
          value={draft.comment}
          onChange={(v) => set({ comment: v ?? '' })}
          className="sm:col-span-2"
        />
        <TextField
          path="reviewedOn"
          label="Written on (optional)"
          hint="The date of the original review; today when blank."
          type="date"
          errors={errors}
          value={draft.reviewedOn}
          onChange={(v) => set({ reviewedOn: v ?? undefined })}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add review'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
