import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { DeleteAccountPayloadSchema } from '../../../domain/accounts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { FormError, fieldValue, PasswordField } from './form-field';
import { currentUserQuery } from './queries';

/**
 * /profile's danger zone: deleting the account at once, confirmed with the password (decision
 * 0070). What goes and what stays is said here in plain words, as on the privacy page.
 */
export function DeleteAccountPanel() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const remove = useMutation({
    mutationFn: (body: unknown) => apiJson('POST', '/api/auth/delete-user', body),
    onSuccess: () => {
      setOpen(false);
      // Signed out: nothing of the account stays in the page's cache.
      queryClient.clear();
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      toast({
        title: 'Account deleted',
        description: 'Your account is gone and you are signed out everywhere.',
        variant: 'success',
      });
      navigate('/');
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = DeleteAccountPayloadSchema.safeParse({
      password: fieldValue(e.currentTarget, 'delete-password'),
    });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    // A submit the client rules stop also clears the last attempt's server error.
    if (parsed.success) remove.mutate(parsed.data);
    else remove.reset();
  };
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
        <Dialog
          open={open}
          onOpenChange={(o) => {
            setOpen(o);
            if (!o) remove.reset();
          }}
        >
          <DialogTrigger asChild>
            <Button variant="destructive" className="justify-self-start">
              Delete my account
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                This cannot be undone. Your password confirms that it is you.
              </DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Confirm account deletion">
              <FormError error={remove.error} />
              <PasswordField id="delete-password" label="Password" purpose="current" error={error} />
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
                  {remove.isPending ? 'Deleting...' : 'Delete Account'}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
