import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import TrashIcon from '~icons/lucide/trash-2';
import { type AccountDeletion, DeleteUserPayloadSchema } from '../../../domain/account-deletion';
import type { AdminUser } from '../../../domain/admin-users';
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
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';

/**
 * /admin/users: "Delete user", with the reason the audit log keeps (decision 0070). The server
 * refuses admins (revoke first) and the admin's own account; the button is not offered for them.
 */
export function DeleteUserDialog({ user, onDeleted }: { user: AdminUser; onDeleted: () => Promise<void> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const remove = useMutation({
    mutationFn: (payload: { reason: string }) =>
      apiJson<AccountDeletion>('DELETE', `/api/admin/users/${encodeURIComponent(user.id)}`, payload),
    onSuccess: async (result) => {
      setOpen(false);
      const { reviews, openGiveawayEntries } = result.removed;
      toast({
        title: 'User deleted',
        description: `${user.email}: ${reviews} reviews and ${openGiveawayEntries} open giveaway entries removed; their records are kept without a name.`,
        variant: 'success',
      });
      await onDeleted();
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = DeleteUserPayloadSchema.safeParse({ reason });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) remove.mutate(parsed.data);
    else remove.reset();
  };
  const reasonId = `${id}-reason`;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) remove.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive">
          <TrashIcon aria-hidden="true" /> Delete user
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {user.email}?</DialogTitle>
          <DialogDescription>
            Their reviews, follows, saved searches, newsletter subscription, sessions, private images and open
            giveaway entries are removed at once. Points history, decided claims and payout reports, cash-outs
            and entries of committed giveaways stay, under "Former member". It cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label={`Delete ${user.email}`}>
          {remove.error ? (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {serverMessage(remove.error)}
            </p>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={reasonId}>Reason (kept in the audit log)</Label>
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
              disabled={remove.isPending}
              aria-busy={remove.isPending}
            >
              {remove.isPending ? 'Deleting...' : 'Delete user for good'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
