import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type InboxMessage, MESSAGE_STATUSES, type MessageStatus } from '../../../domain/admin-inbox';
import { formatDate } from '../../../domain/format';
import { FilterButtons } from '../../components/filter-buttons';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { adminMessagesQuery } from './queries';

const STATUS_LABELS: Record<MessageStatus | 'all', string> = {
  new: 'New',
  answered: 'Answered',
  closed: 'Closed',
  all: 'All',
};
const STATUS_BADGE: Record<MessageStatus, 'warning' | 'success' | 'neutral'> = {
  new: 'warning',
  answered: 'success',
  closed: 'neutral',
};

/** /admin/messages: the contact form's messages by status, each answered by email or closed here. */
export function Inbox() {
  const [params, setParams] = useUrlSearchParams();
  const status = (['all', ...MESSAGE_STATUSES] as const).find((s) => s === params.get('status')) ?? 'new';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({ ...adminMessagesQuery(status, page), placeholderData: keepPreviousData });
  const go = (next: { status?: string; page?: number }) =>
    setParams(new URLSearchParams({ status: next.status ?? status, page: String(next.page ?? 1) }));
  const data = query.data;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <FilterButtons
        label="Message status"
        options={(['new', 'answered', 'closed', 'all'] as const).map((s) => [
          s,
          `${STATUS_LABELS[s]}${data && s !== 'all' ? ` (${data.counts[s]})` : ''}`,
        ])}
        value={status}
        onChange={(s) => go({ status: s })}
      />
      <PagedList
        query={query}
        rows={(d) => d.messages}
        loading="Loading messages"
        empty={`No ${status === 'all' ? '' : `${STATUS_LABELS[status].toLowerCase()} `}messages.`}
        onPage={(p) => go({ page: p })}
        card={(message) => <MessageCard key={message.id} message={message} />}
      />
    </div>
  );
}

function MessageCard({ message }: { message: InboxMessage }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const done = async (title: string) => {
    toast({ title, description: message.email });
    await queryClient.invalidateQueries({
      predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/'),
    });
  };
  const send = useMutation({
    mutationFn: () => apiJson('POST', `/api/admin/messages/${message.id}/reply`, { body: reply }),
    onSuccess: async () => {
      setReply('');
      await done('Reply sent');
    },
    onError: (err) =>
      toast({ title: 'Reply not sent', description: serverMessage(err), variant: 'destructive' }),
  });
  const mark = useMutation({
    mutationFn: (status: MessageStatus) =>
      apiJson('PUT', `/api/admin/messages/${message.id}/status`, { status }),
    onSuccess: (_d, status) => done(status === 'closed' ? 'Message closed' : 'Message reopened'),
    onError: (err) =>
      toast({ title: 'Not changed', description: serverMessage(err), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <Card data-testid={`message-${message.id}`}>
      <CardContent className="grid gap-3 pt-6 text-sm text-slate-700">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold text-slate-900">{message.topic}</h2>
          <Badge variant={STATUS_BADGE[message.status]}>{STATUS_LABELS[message.status]}</Badge>
        </div>
        <p>
          {message.name} ·{' '}
          <a href={`mailto:${message.email}`} className="break-all text-brand-700 underline">
            {message.email}
          </a>{' '}
          · {formatDate(message.createdAt)}
        </p>
        <p className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-slate-800">
          {message.message}
        </p>
        {message.replies.map((r) => (
          <div key={r.id} className="border-l-4 border-brand-200 pl-3">
            <p className="text-xs text-slate-500">
              Reply by {r.adminEmail} · {formatDate(r.createdAt)}
            </p>
            <p className="whitespace-pre-wrap break-words">{r.body}</p>
          </div>
        ))}
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor={`${id}-reply`}>Reply by email</Label>
          <Textarea
            id={`${id}-reply`}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            rows={4}
            maxLength={5000}
            required
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={send.isPending || reply.trim().length < 2}>
              {send.isPending ? 'Sending' : 'Send reply'}
            </Button>
            {message.status === 'closed' ? (
              <Button type="button" size="sm" variant="outline" onClick={() => mark.mutate('new')}>
                Reopen
              </Button>
            ) : (
              <Button type="button" size="sm" variant="outline" onClick={() => mark.mutate('closed')}>
                Close
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
