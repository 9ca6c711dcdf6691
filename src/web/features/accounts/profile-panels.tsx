import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import CheckCircle2 from '~icons/lucide/check-circle-2';
import Coins from '~icons/lucide/coins';
import LogOut from '~icons/lucide/log-out';
import MailWarning from '~icons/lucide/mail-warning';
import { ChangePasswordPayloadSchema, type CurrentUser } from '../../../domain/accounts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { FormError, fieldErrors, fieldValue, PasswordField, weakPasswordError } from './form-field';
import { currentUserQuery, signedInSessionsQuery, useLogout } from './queries';

export function AccountCard({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const resend = useMutation({
    mutationFn: () => apiJson('POST', '/api/auth/send-verification-email'),
    onSuccess: () =>
      toast({
        title: 'Verification email sent',
        description: `Check the inbox of ${user.email} and open the link. It works for 24 hours.`,
        variant: 'success',
      }),
    onError: (error) => {
      const mapped = toastForError(error);
      toast({ ...mapped, description: serverMessage(error) || mapped.description, variant: 'destructive' });
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm font-medium text-slate-500">Name</dt>
          <dd>{user.firstName || 'Not set'}</dd>
          <dt className="text-sm font-medium text-slate-500">Username</dt>
          <dd>{user.username ? `@${user.username}` : 'Not set'}</dd>
          <dt className="text-sm font-medium text-slate-500">Email</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="break-all">{user.email}</span>
            {user.emailVerified ? (
              <Badge variant="success">
                <CheckCircle2 aria-hidden /> Verified
              </Badge>
            ) : (
              <Badge variant="warning">
                <MailWarning aria-hidden /> Not verified
              </Badge>
            )}
          </dd>
        </dl>
        {!user.emailVerified ? (
          <div className="mt-5 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <p>
              Verify your email to write reviews and enter giveaways. Didn't get the email? Check spam, or
              send it again.
            </p>
            <Button
              className="mt-3"
              size="sm"
              variant="outline"
              onClick={() => resend.mutate()}
              disabled={resend.isPending}
              aria-busy={resend.isPending}
            >
              {resend.isPending ? 'Sending...' : 'Resend verification email'}
            </Button>
          </div>
        ) : null}
        <Button
          className="mt-6"
          variant="outline"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          aria-busy={logout.isPending}
        >
          <LogOut aria-hidden /> {logout.isPending ? 'Logging out...' : 'Log Out'}
        </Button>
      </CardContent>
    </Card>
  );
}

export function PointsCard({ points }: { points: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Points</CardTitle>
        <CardDescription>
          Earn points from cashback and from top weekly reviews (50-250 bonus points).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="flex items-center gap-3">
          <Coins className="size-8 text-amber-500" aria-hidden />
          <span className="text-3xl font-bold" data-testid="points-balance">
            {points.toLocaleString('en-US')}
          </span>
          <span className="text-slate-600">points</span>
        </p>
      </CardContent>
    </Card>
  );
}

export function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery);
  const owner = () => ({ email: user?.email, username: user?.username, firstName: user?.firstName });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (body: unknown) => apiJson('POST', '/api/auth/change-password', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: signedInSessionsQuery.queryKey });
      toast({
        title: 'Password changed',
        description: 'Your other sessions have been signed out.',
        variant: 'success',
      });
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = ChangePasswordPayloadSchema.safeParse({
      currentPassword: fieldValue(form, 'current-password'),
      newPassword: fieldValue(form, 'new-password'),
    });
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const weak = weakPasswordError(fieldValue(form, 'new-password'), owner());
    if (weak) next.newPassword ??= weak;
    if (!next.newPassword && fieldValue(form, 'new-password') !== fieldValue(form, 'confirm-password')) {
      next.confirm = 'The passwords do not match.';
    }
    setErrors(next);
    // A submit the client rules stop also clears the last attempt's server error.
    if (parsed.success && !next.newPassword && !next.confirm)
      change.mutate(parsed.data, { onSuccess: () => form.reset() });
    else change.reset();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid max-w-sm gap-4" aria-label="Change password">
          <FormError error={change.error} />
          <PasswordField
            id="current-password"
            label="Current password"
            purpose="current"
            error={errors.currentPassword}
          />
          <PasswordField
            id="new-password"
            label="New password"
            purpose="new"
            error={errors.newPassword}
            owner={owner}
          />
          <PasswordField
            id="confirm-password"
            label="Repeat new password"
            purpose="repeat"
            error={errors.confirm}
          />
          <Button
            type="submit"
            className="justify-self-start"
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {change.isPending ? 'Saving...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
