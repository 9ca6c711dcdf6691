import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DigestSend } from '../../../domain/admin-subscribers';
import { formatDate } from '../../../domain/format';
import { QueryFailure } from '../../components/query-failure';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { DIGEST_SENDS, digestPreviewQuery, digestSendsQuery } from './queries';

const STATUS_BADGE = { sending: 'info', sent: 'success', failed: 'danger' } as const;

const timeOf = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 16)} UTC`;

/**
 * /admin/newsletter: the next weekly deals email as subscribers will get it, sending it now, and the
 * record of every send (followed every two seconds while one runs).
 */
export function DigestAdmin() {
  const queryClient = useQueryClient();
  const preview = useQuery(digestPreviewQuery());
  const sends = useQuery({
    ...digestSendsQuery(),
    refetchInterval: (query) => (query.state.data?.some((s) => s.status === 'sending') ? 2000 : false),
  });
  const [confirming, setConfirming] = useState(false);
  const send = useMutation({
    mutationFn: () => apiJson<DigestSend>('POST', DIGEST_SENDS),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: 'Sending the deals email', description: 'Its progress shows in the list of sends.' });
      await queryClient.invalidateQueries({ queryKey: [DIGEST_SENDS] });
    },
    onError: (err) => {
      setConfirming(false);
      toast({ title: 'Not sent', description: serverMessage(err), variant: 'destructive' });
    },
  });
  const running = sends.data?.some((s) => s.status === 'sending') ?? false;
  const recipients = preview.data?.recipients ?? 0;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <section aria-labelledby="digest-next" className="grid gap-3">
        <h2 id="digest-next" className="text-lg font-semibold text-slate-900">
          The next email
        </h2>
        {preview.isError ? <QueryFailure error={preview.error} retry={() => preview.refetch()} /> : null}
        {preview.isPending ? <p className="text-sm text-slate-600">Loading the preview</p> : null}
        {preview.data ? (
          <>
            <p className="text-sm text-slate-700 wrap-anywhere">
              <span className="font-semibold text-slate-900">Subject:</span> {preview.data.subject}
            </p>
            <p className="text-sm text-slate-700">
              {preview.data.couponCount} active {preview.data.couponCount === 1 ? 'deal' : 'deals'} · goes to{' '}
              {recipients.toLocaleString('en-US')} confirmed {recipients === 1 ? 'subscriber' : 'subscribers'}
            </p>
            <iframe
              title="Preview of the deals email"
              srcDoc={preview.data.html}
              sandbox=""
              className="h-96 w-full rounded-lg border border-slate-200 bg-white"
            />
            <div>
              <Button onClick={() => setConfirming(true)} disabled={running || recipients === 0}>
                Send now
              </Button>
              {running ? <p className="mt-2 text-sm text-slate-600">A send is running.</p> : null}
            </div>
          </>
        ) : null}
      </section>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle className="text-lg font-semibold">Send the deals email now?</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">
            It goes to {recipients.toLocaleString('en-US')} confirmed{' '}
            {recipients === 1 ? 'subscriber' : 'subscribers'} at once, besides Monday's scheduled email.
          </DialogDescription>
          <DialogFooter className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button disabled={send.isPending} onClick={() => send.mutate()}>
              {send.isPending ? 'Starting...' : 'Send to everyone'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <section aria-labelledby="digest-sends" className="grid gap-3">
        <h2 id="digest-sends" className="text-lg font-semibold text-slate-900">
          Sends
        </h2>
        {sends.isError ? <QueryFailure error={sends.error} retry={() => sends.refetch()} /> : null}
        {sends.data?.length === 0 ? <p className="text-sm text-slate-600">Nothing sent yet.</p> : null}
        {sends.data?.map((s) => (
          <Card key={s.id} data-testid={`send-${s.id}`}>
            <CardContent className="grid gap-1 pt-6 text-sm text-slate-700 wrap-anywhere">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {timeOf(s.startedAt)}
                <Badge variant={STATUS_BADGE[s.status]}>{s.status}</Badge>
              </p>
              <p>
                {s.trigger === 'admin' ? `Sent now by ${s.triggeredBy ?? 'an admin'}` : 'Weekly schedule'}
                {s.subject ? ` · ${s.subject}` : ''}
              </p>
              <p>
                {s.sent.toLocaleString('en-US')} of {s.recipients.toLocaleString('en-US')} delivered
                {s.failed ? `, ${s.failed.toLocaleString('en-US')} failed` : ''}
                {s.finishedAt ? ` · finished ${timeOf(s.finishedAt)}` : ''}
              </p>
              {s.error ? <p className="text-red-800">{s.error}</p> : null}
            </CardContent>
          </Card>
        ))}
      </section>
    </div>
  );
}
