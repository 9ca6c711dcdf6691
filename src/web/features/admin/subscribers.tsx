import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AdminSubscriber, SUBSCRIBER_STATUSES } from '../../../domain/admin-subscribers';
import { formatDate } from '../../../domain/format';
import type { Column } from '../../components/data-table';
import { FilterButtons } from '../../components/filter-buttons';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { adminSubscribersQuery } from './queries';

const STATUS_BADGE = { confirmed: 'success', pending: 'warning', unsubscribed: 'neutral' } as const;

/** /admin/subscribers: the newsletter's list, filtered in the address, exported as CSV. */
export function Subscribers() {
  const [params, setParams] = useUrlSearchParams();
  const status = (['all', ...SUBSCRIBER_STATUSES] as const).find((s) => s === params.get('status')) ?? 'all';
  const q = params.get('q') ?? '';
  const tag = params.get('tag') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = new URLSearchParams({ status, q, tag });
  const query = useQuery({ ...adminSubscribersQuery(filter, page), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => apiJson('DELETE', `/api/admin/subscribers/${id}`),
    onSuccess: async () => {
      toast({ title: 'Subscriber removed' });
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/'),
      });
    },
    onError: (err) =>
      toast({ title: 'Not removed', description: serverMessage(err), variant: 'destructive' }),
  });
  const go = (next: Record<string, string>) =>
    setParams(new URLSearchParams({ status, q, tag, ...next, page: next.page ?? '1' }));
  const [text, setText] = useState(q);
  const [tagText, setTagText] = useState(tag);
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text, tag: tagText });
  };
  const data = query.data;
  const columns: Column<AdminSubscriber>[] = [
    { header: 'Email', className: 'break-all', cell: (s) => s.email },
    {
      header: 'Status',
      cell: (s) => (
        <Badge variant={STATUS_BADGE[s.status as keyof typeof STATUS_BADGE] ?? 'outline'}>{s.status}</Badge>
      ),
    },
    { header: 'Tags', phone: 'labelled', cell: (s) => s.tags.join(', ') },
    { header: 'Source', phone: 'labelled', className: 'break-all', cell: (s) => s.source },
    { header: 'Signed up', className: 'whitespace-nowrap', cell: (s) => formatDate(s.createdAt) },
    {
      header: 'Actions',
      quietHeader: true,
      align: 'end',
      cell: (s) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Remove ${s.email}`}
          onClick={() => {
            if (window.confirm(`Remove ${s.email} from the newsletter for good?`)) remove.mutate(s.id);
          }}
        >
          Remove
        </Button>
      ),
    },
  ];
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <FilterButtons
        label="Subscriber status"
        options={(['all', ...SUBSCRIBER_STATUSES] as const).map((s) => [
          s,
          `${s === 'all' ? 'All' : s[0].toUpperCase() + s.slice(1)}${data && s !== 'all' ? ` (${data.counts[s]})` : ''}`,
        ])}
        value={status}
        onChange={(s) => go({ status: s })}
      />
      <form onSubmit={search} className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="subscriber-q">Address contains</Label>
          <Input id="subscriber-q" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} />
        </div>
        <div>
          <Label htmlFor="subscriber-tag">Tag</Label>
          <Input
            id="subscriber-tag"
            value={tagText}
            onChange={(e) => setTagText(e.target.value)}
            maxLength={50}
          />
        </div>
        <Button type="submit" size="sm" variant="outline">
          Filter
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={`/api/admin/subscribers.csv?${filter}`} download>
            Export CSV
          </a>
        </Button>
      </form>
      <PagedList
        query={query}
        rows={(d) => d.subscribers}
        loading="Loading subscribers"
        empty="No subscribers match."
        onPage={(p) => go({ page: String(p) })}
        table={{ label: 'Newsletter subscribers', columns, rowKey: (s) => s.id }}
      />
    </div>
  );
}
