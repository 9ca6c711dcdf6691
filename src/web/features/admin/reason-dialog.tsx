import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { ZodType } from 'zod';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { serverMessage } from '../../lib/api';

/**
 * An admin action that needs a written reason (deleting a user, rejecting a claim, removing a
 * representative): the reason is checked with the server's own schema before it is sent, and the
 * server's refusal shows in the dialog.
 */
export function ReasonDialog<T>({
  trigger,
  title,
  description,
  reasonLabel,
  submitLabel,
  pendingLabel = submitLabel,
  schema,
  request,
  onDone,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  reasonLabel: string;
  submitLabel: string;
  pendingLabel?: string;
  schema: ZodType<{ reason: string }>;
  request: (reason: string) => Promise<T>;
  /** After the server took it: the dialog has closed. */
  onDone: (result: T) => void | Promise<void>;
}) {
  const reasonId = `${useId()}-reason`;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const action = useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      setOpen(false);
      setReason('');
      await onDone(result);
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = schema.safeParse({ reason });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) action.mutate(parsed.data.reason);
    else action.reset();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) action.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label={title}>
          {action.error ? (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {serverMessage(action.error)}
            </p>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={reasonId}>{reasonLabel}</Label>
            <Textarea
              id={reasonId}
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${reasonId}-error` : undefined}
            />
            {error ? (
              <p id={`${reasonId}-error`} className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={action.isPending}
              aria-busy={action.isPending}
            >
              {action.isPending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
