import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../domain/format';
import type { AdminReply } from '../../../domain/replies';
import { REPLY_AUTO_CHECKS } from '../../../domain/reply-rules';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { adminHeldRepliesQuery } from './queries';

const checkLabel = (check: string) => REPLY_AUTO_CHECKS[check as keyof typeof REPLY_AUTO_CHECKS] ?? check;

function HeldReply({ reply }: { reply: AdminReply }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'publish' | 'hide') =>
      apiJson('POST', `/api/admin/replies/${reply.id}/${action}`, action === 'hide' ? { reason } : undefined),
    onSuccess: async (_d, action) => {
      toast({
        title: action === 'publish' ? 'Reply published' : 'Reply hidden',
        description: reply.firm.name,
      });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
    },
    onError: (error) =>
      toast({ title: 'Not changed', description: serverMessage(error), variant: 'destructive' }),
  });
  const hide = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate('hide');
  };
  const where = reply.target.kind === 'review' ? 'reviews' : 'payouts';
  return (
    <Card data-testid={`moderate-reply-${reply.id}`}>
      <CardContent className="grid min-w-0 gap-2 pt-6 text-sm text-slate-700 wrap-anywhere">
        <p>
          <Link
            href={`/firm/${reply.firm.slug}?tab=${where}`}
            className="font-medium text-brand-700 underline"
          >
            {reply.firm.name}
          </Link>{' '}
          replied to {reply.target.kind === 'review' ? 'the review' : 'the'} “{reply.target.title}”
          {reply.target.rating ? ` (${reply.target.rating} of 5 stars)` : ''} ·{' '}
          {reply.author ? reply.author.email : 'a former representative'} · {formatDate(reply.updatedAt)}
        </p>
        {reply.target.text ? (
          <p className="line-clamp-3 whitespace-pre-wrap text-slate-600">{reply.target.text}</p>
        ) : null}
        <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-800">{reply.body}</p>
        <p className="flex flex-wrap gap-2">
          {reply.autoChecks.map((c) => (
            <span
              key={c}
              className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
            >
              {checkLabel(c)}
            </span>
          ))}
        </p>
        <form noValidate onSubmit={hide} className="mt-2 flex flex-wrap items-end gap-2">
          <Button
            type="button"
            size="sm"
            onClick={() => decide.mutate('publish')}
            disabled={decide.isPending}
          >
            Publish
          </Button>
          <div>
            <Label htmlFor={`${id}-reason`}>Reason to hide (the firm reads it)</Label>
            <Input
              id={`${id}-reason`}
              className="mt-1 h-9 w-72 max-w-full"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" variant="outline" disabled={decide.isPending}>
            Hide
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** /admin/reviews: the firms' replies the checks held, to publish or hide with a reason (while any wait). */
export function HeldReplies() {
  const query = useQuery(adminHeldRepliesQuery());
  // Shown while some wait: most days none does.
  if (!query.data?.total) return null;
  const { replies, total } = query.data;
  return (
    <section aria-labelledby="held-replies" className="grid gap-3">
      <h2 id="held-replies" className="text-lg font-semibold text-slate-900">
        Firm replies held by the checks ({total.toLocaleString('en-US')})
      </h2>
      {replies.map((reply) => (
        <HeldReply key={reply.id} reply={reply} />
      ))}
      {total > replies.length ? (
        <p className="text-sm text-slate-600">
          The longest waiting are shown; the rest follow as these are decided.
        </p>
      ) : null}
    </section>
  );
}
