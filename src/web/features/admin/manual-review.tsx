import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors } from '../../../domain/admin-firms';
import { type ManualReviewPayload, ManualReviewPayloadSchema } from '../../../domain/moderation';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import {
  type Errors,
  errorsFromServer,
  focusFirstError,
  SelectField,
  TextAreaField,
  TextField,
} from './fields';
import { firmChoicesQuery } from './queries';

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
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const add = useMutation({
    mutationFn: (payload: ManualReviewPayload) => apiJson('POST', '/api/admin/reviews', payload),
    onSuccess: async () => {
      setDraft(EMPTY);
      setErrors({});
      toast({ title: 'Review added', description: 'It shows on the firm page now.', variant: 'success' });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
      onAdded();
    },
    onError: (error) => {
      const message = serverMessage(error);
      const found = errorsFromServer(message);
      setErrors(found);
      requestAnimationFrame(() => focusFirstError(found));
      toast({ ...toastForError(error), description: message, variant: 'destructive' });
    },
  });
  return (
    <Card className="p-4 sm:p-6">
      <form
        noValidate
        aria-label="Add a manual review"
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          const result = ManualReviewPayloadSchema.safeParse({
            ...draft,
            propFirmId: Number(draft.propFirmId),
            rating: Number(draft.rating),
            reviewedOn: draft.reviewedOn || undefined,
          });
          if (!result.success) {
            const found = fieldErrors(result.error.issues);
            if (!draft.propFirmId) found.propFirmId = 'Choose the firm';
            setErrors(found);
            requestAnimationFrame(() => focusFirstError(found));
            return;
          }
          add.mutate(result.data);
        }}
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
