import { useState } from 'react';
import { formatDate } from '../../../domain/format';
import type { PublicReply, WithheldReply } from '../../../domain/replies';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ReplyForm } from './reply-form';
import { type ReplyTo, useDeleteReply } from './reply-hooks';

/** The firm's published reply under a review or a payout report. */
export function ReplyBox({ firmName, reply }: { firmName: string; reply: PublicReply }) {
  return (
    <div className="mt-3 rounded-lg border-l-4 border-brand-500 bg-slate-50 p-3" data-testid="firm-reply">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
          Response from {firmName}
          <Badge variant="info">Firm representative</Badge>
        </p>
        <p className="text-xs text-slate-600">
          <time dateTime={reply.createdAt}>{formatDate(reply.createdAt)}</time>
          {reply.edited ? (
            <>
              {' · edited '}
              <time dateTime={reply.updatedAt}>{formatDate(reply.updatedAt)}</time>
            </>
          ) : null}
        </p>
      </div>
      <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{reply.body}</p>
    </div>
  );
}

/** What the firm's representative sees of a reply that does not show: waiting for a check, or hidden and why. */
function WithheldNote({ withheld }: { withheld: WithheldReply }) {
  return (
    <div className="mt-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3 text-sm">
      <p className={withheld.status === 'hidden' ? 'font-medium text-red-800' : 'font-medium text-amber-800'}>
        {withheld.status === 'hidden'
          ? `Our moderators hid your reply${withheld.hideReason ? `: ${withheld.hideReason}` : ''}. It cannot be edited or deleted.`
          : 'Your reply is waiting for a check by our moderators before it shows.'}
      </p>
      <p className="mt-1 whitespace-pre-line text-slate-700">{withheld.body}</p>
    </div>
  );
}

/** The delete button, asking once more before it deletes. */
function DeleteReply({ to }: { to: ReplyTo }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteReply(to);
  if (!asking) {
    return (
      <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
        Delete reply
      </Button>
    );
  }
  return (
    <span
      className="flex flex-wrap items-center gap-2 text-sm text-slate-700"
      role="group"
      aria-label="Delete reply"
    >
      Delete this reply?
      <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
        {remove.isPending ? 'Deleting…' : 'Yes, delete'}
      </Button>
      <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </span>
  );
}

/**
 * Under a review or a denied payout report: the firm's published reply for everyone, and for the
 * firm's representatives their reply that does not show yet, with Reply, Edit reply and Delete reply.
 */
export function FirmReply({
  to,
  reply,
  representative,
  withheld,
}: {
  to: ReplyTo;
  reply: PublicReply | null;
  representative: boolean;
  withheld?: WithheldReply;
}) {
  const [editing, setEditing] = useState(false);
  const shown = reply ? <ReplyBox firmName={to.firm.name} reply={reply} /> : null;
  if (!representative) return shown;
  const waiting = reply ? undefined : withheld;
  const current = reply?.body ?? waiting?.body ?? '';
  return (
    <div>
      {shown}
      {waiting ? <WithheldNote withheld={waiting} /> : null}
      {editing ? (
        <ReplyForm to={to} initial={current} onDone={() => setEditing(false)} />
      ) : waiting?.status === 'hidden' ? null : (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {current ? 'Edit reply' : 'Reply'}
          </Button>
          {current ? <DeleteReply to={to} /> : null}
        </div>
      )}
    </div>
  );
}
