import TrashIcon from '~icons/lucide/trash-2';
import { type AccountDeletion, DeleteUserPayloadSchema } from '../../../domain/account-deletion';
import type { AdminUser } from '../../../domain/admin-users';
import { ReasonDialog } from '../../components/reason-dialog';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';

/**
 * /admin/users: "Delete user", with the reason the audit log keeps (decision 0070). The server
 * refuses admins (revoke first) and the admin's own account; the button is not offered for them.
 */
export function DeleteUserDialog({ user, onDeleted }: { user: AdminUser; onDeleted: () => Promise<void> }) {
  return (
    <ReasonDialog
      trigger={
        <>
          <TrashIcon aria-hidden="true" /> Delete user
        </>
      }
      title={`Delete ${user.email}?`}
      description={
        'Their reviews, follows, saved searches, newsletter subscription, sessions, private images and open ' +
        'giveaway entries are removed at once. Points history, decided claims and payout reports, cash-outs ' +
        'and entries of committed giveaways stay, under "Former member". It cannot be undone.'
      }
      reasonLabel="Reason (kept in the audit log)"
      submitLabel="Delete user for good"
      pendingLabel="Deleting..."
      schema={DeleteUserPayloadSchema}
      request={(reason) =>
        apiJson<AccountDeletion>('DELETE', `/api/admin/users/${encodeURIComponent(user.id)}`, { reason })
      }
      onDone={async (result) => {
        const { reviews, openGiveawayEntries } = result.removed;
        toast({
          title: 'User deleted',
          description: `${user.email}: ${reviews} reviews and ${openGiveawayEntries} open giveaway entries removed; their records are kept without a name.`,
          variant: 'success',
        });
        await onDeleted();
      }}
    />
  );
}
