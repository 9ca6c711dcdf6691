import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { DeleteAccountPayloadSchema } from '../../../domain/accounts';
import { ReasonDialog } from '../../components/reason-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { currentUserQuery } from './queries';

/**
 * /profile's danger zone: deleting the account at once, confirmed with the password (decision
 * 0070). What goes and what stays is said here in plain words, as on the privacy page.
 */
export function DeleteAccountPanel() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (
    <Card tone="danger">
      <CardHeader>
        <p className="text-xs font-semibold uppercase tracking-wide text-red-700">Danger zone</p>
        <CardTitle as="h2">Delete account</CardTitle>
        <CardDescription>Deletes your account at once. It cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm text-slate-700">
        <div>
          <h3 className="font-semibold text-slate-900">What goes</h3>
          <p>
            Your name, email address and username; your reviews (with their votes and reports); follows, saved
            searches and the newsletter; every signed-in device; your receipt and payout evidence images;
            entries in giveaways still open; cashback claims and payout reports not yet decided; and the
            points you have not cashed out.
          </p>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">What stays, without your name</h3>
          <p>
            Points history, and cashback claims and payout reports our team already decided, because our books
            must add up. Your entry in a giveaway whose entry list is already fixed, so anyone can still check
            the draw. Cash-outs you already asked for are still paid.
          </p>
        </div>
        <p>
          You can sign up again with the same email address later, as a new account.{' '}
          <Link to="/privacy-policy#deleting-your-account" className="font-medium underline">
            More in our privacy policy
          </Link>
          .
        </p>
        <ReasonDialog
          trigger="Delete my account"
          triggerSize="md"
          triggerClassName="justify-self-start"
          title="Delete your account?"
          description="This cannot be undone. Your password confirms that it is you."
          field="password"
          reasonLabel="Password"
          submitLabel="Delete Account"
          pendingLabel="Deleting..."
          schema={DeleteAccountPayloadSchema}
          request={(password) => apiJson('POST', '/api/auth/delete-user', { password })}
          onDone={() => {
            // Signed out: nothing of the account stays in the page's cache.
            queryClient.clear();
            queryClient.setQueryData(currentUserQuery.queryKey, null);
            toast({
              title: 'Account deleted',
              description: 'Your account is gone and you are signed out everywhere.',
              variant: 'success',
            });
            navigate('/');
          }}
        />
      </CardContent>
    </Card>
  );
}
