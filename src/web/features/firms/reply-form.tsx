import { type FormEvent, useId, useState } from 'react';
import { normalizeReplyBody, REPLY_BODY_MAX, REPLY_BODY_MIN, REPLY_RULES } from '../../../domain/reply-rules';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';
import { type ReplyTo, useSaveReply } from './reply-hooks';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A representative's reply to a review or a denied payout report: the text, the reply rules in one
 * paragraph, and how many characters are left. Saving writes the reply or edits it.
 */
export function ReplyForm({ to, initial, onDone }: { to: ReplyTo; initial: string; onDone: () => void }) {
  const id = useId();
  const [body, setBody] = useState(initial);
  const save = useSaveReply(to, onDone);
  const length = normalizeReplyBody(body).length;
  const tooShort = length < REPLY_BODY_MIN;
  const tooLong = length > REPLY_BODY_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooShort && !tooLong) save.mutate(normalizeReplyBody(body));
  };

  return (
    <form onSubmit={submit} className="mt-3 grid gap-2" aria-label={`Reply as ${to.firm.name}`}>
      <Label htmlFor={`${id}-body`}>Reply as {to.firm.name}</Label>
      <p id={`${id}-rules`} className="text-xs text-slate-600">
        {REPLY_RULES}
      </p>
      <Textarea
        id={`${id}-body`}
        rows={4}
        value={body}
        // A little room over the limit: the count says by how much, and spaces around are trimmed.
        maxLength={REPLY_BODY_MAX + 200}
        aria-describedby={`${id}-rules ${id}-count`}
        aria-invalid={tooLong || undefined}
        onChange={(e) => setBody(e.target.value)}
        disabled={save.isPending}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-count`}
          className={cn('text-xs tabular-nums', tooLong ? 'font-medium text-red-700' : 'text-slate-600')}
          aria-live="polite"
        >
          {count(length)} / {count(REPLY_BODY_MAX)} characters
          {tooShort ? ` (at least ${REPLY_BODY_MIN})` : ''}
        </p>
        <div className="flex gap-2">
          <Button type="button" size="sm" variant="ghost" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={save.isPending || tooShort || tooLong}>
            {save.isPending ? 'Saving…' : initial ? 'Save reply' : 'Publish reply'}
          </Button>
        </div>
      </div>
    </form>
  );
}
