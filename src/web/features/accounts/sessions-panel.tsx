import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import MonitorSmartphone from '~icons/lucide/monitor-smartphone';
import type { SignedInSession } from '../../../domain/accounts';
import { formatDate } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { signedInSessionsQuery } from './queries';

function useSignOutDevices() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: signedInSessionsQuery.queryKey });
  const onError = (error: unknown) =>
    toast({ title: 'Could not sign out', description: serverMessage(error), variant: 'destructive' });
  const one = useMutation({
    mutationFn: (id: string) => apiJson('POST', '/api/auth/revoke-session', { id }),
    onSuccess: () => toast({ title: 'Device signed out', variant: 'success' }),
    onError,
    onSettled: refresh,
  });
  const others = useMutation({
    mutationFn: () => apiJson('POST', '/api/auth/revoke-other-sessions', {}),
    onSuccess: () => toast({ title: 'Signed out of all other devices', variant: 'success' }),
    onError,
    onSettled: refresh,
  });
  return { one, others };
}

function SessionRow({
  session,
  onSignOut,
  pending,
}: {
  session: SignedInSession;
  onSignOut: () => void;
  pending: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {session.browser} on {session.system}
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </p>
        <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
          <span>Signed in {formatDate(session.createdAt)}</span>
          <span>Last active {formatDate(session.lastActiveAt)}</span>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={onSignOut}
          disabled={pending}
          aria-label={`Sign out ${session.browser} on ${session.system}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The profile's list of signed-in browsers: each but this one can be signed out from here. */
export function SessionsPanel() {
  const { data: sessions, isPending, isError } = useQuery(signedInSessionsQuery);
  const { one, others } = useSignOutDevices();
  const hasOthers = sessions?.some((s) => !s.current) ?? false;
  return (
    <Card id="sessions" className="scroll-mt-24">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MonitorSmartphone aria-hidden="true" className="size-5 text-brand-600" />
          Signed-in devices
        </CardTitle>
        <CardDescription>
          The browsers where you are signed in. If you don't recognise one, sign it out and change your
          password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <p className="text-sm text-slate-600">Loading your devices…</p>
        ) : isError ? (
          <p className="text-sm text-red-700">Your devices could not be loaded. Please reload the page.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Signed-in devices">
            {sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={one.isPending && one.variables === session.id}
                onSignOut={() => one.mutate(session.id)}
              />
            ))}
          </ul>
        )}
        {hasOthers ? (
          <Button
            className="justify-self-start"
            variant="outline"
            onClick={() => others.mutate()}
            disabled={others.isPending}
          >
            Sign out of all other devices
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
