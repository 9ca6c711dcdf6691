import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import KeyRound from '~icons/lucide/key-round';
import { formatDate } from '../../../domain/format';
import { PASSKEY_NAME_MAX, type Passkey, PasskeyNameSchema } from '../../../domain/passkeys';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { FormError, FormField, fieldValue } from './form-field';
import { ceremonyError, loadWebAuthn, supportsPasskeys } from './passkey-sign-in';
import { needsFreshSignIn, PasswordPrompt } from './password-prompt';
import { currentUserQuery, signedInSessionsQuery } from './queries';

/** The signed-in user's passkeys, for the profile's "Passkeys" card. */
export const passkeysQuery = queryOptions<Passkey[]>({ queryKey: ['/api/auth/passkeys'] });

type RegistrationOptions = Parameters<
  Awaited<ReturnType<typeof loadWebAuthn>>['startRegistration']
>[0]['optionsJSON'];

/** Naming a new passkey, then the browser's prompt; a stale sign-in is sent to sign in again. */
function AddPasskey() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [nameError, setNameError] = useState<string>();
  const add = useMutation({
    mutationFn: async (name: string) => {
      if (!supportsPasskeys()) throw new Error('This browser cannot create passkeys.');
      const [{ startRegistration }, optionsJSON] = await Promise.all([
        loadWebAuthn(),
        apiJson<RegistrationOptions>('GET', '/api/auth/passkey/generate-register-options'),
      ]);
      let response: Awaited<ReturnType<typeof startRegistration>>;
      try {
        response = await startRegistration({ optionsJSON });
      } catch (error) {
        throw ceremonyError(error, 'Adding the passkey');
      }
      return apiJson<Passkey>('POST', '/api/auth/passkey/verify-registration', { name, response });
    },
    onSuccess: (passkey) => {
      void queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: signedInSessionsQuery.queryKey });
      toast({
        title: `Passkey "${passkey.name}" added`,
        description: 'Every other device has been signed out.',
        variant: 'success',
      });
    },
  });
  const signInAgain = useMutation({
    mutationFn: () => apiJson('POST', '/api/auth/logout'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      navigate(`/auth?next=${encodeURIComponent('/profile')}`);
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = PasskeyNameSchema.safeParse(fieldValue(form, 'passkey-name'));
    setNameError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) add.mutate(parsed.data, { onSuccess: () => form.reset() });
    else add.reset();
  };
  if (needsFreshSignIn(add.error)) {
    return (
      <div className="grid gap-3" role="alert">
        <p className="text-sm text-slate-700">{serverMessage(add.error)}</p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => signInAgain.mutate()} disabled={signInAgain.isPending}>
            Sign in again
          </Button>
          <Button variant="outline" onClick={() => add.reset()}>
            Not now
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="grid max-w-sm gap-4" aria-label="Add a passkey">
      <FormError error={add.error} />
      <FormField
        id="passkey-name"
        label="Name"
        placeholder="Work laptop"
        maxLength={PASSKEY_NAME_MAX}
        hint="So you can tell your passkeys apart."
        error={nameError}
      />
      <Button type="submit" className="justify-self-start" disabled={add.isPending} aria-busy={add.isPending}>
        <KeyRound aria-hidden="true" />
        {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
      </Button>
    </form>
  );
}

/** One passkey: removing it asks for the password when the sign-in is more than 10 minutes old. */
function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const queryClient = useQueryClient();
  // Once asked, the password stays asked for: a wrong one keeps the prompt with its error.
  const [askPassword, setAskPassword] = useState(false);
  const remove = useMutation({
    mutationFn: (password?: string) =>
      apiJson('POST', '/api/auth/passkey/delete-passkey', {
        id: passkey.id,
        ...(password ? { password } : {}),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
      toast({ title: `Passkey "${passkey.name}" removed`, variant: 'success' });
    },
    onError: (error) => {
      if (needsFreshSignIn(error)) setAskPassword(true);
    },
  });
  return (
    <li className="grid gap-3 py-3" data-testid="passkey-row">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {passkey.name}
            {passkey.synced ? <Badge variant="neutral">Synced</Badge> : null}
          </p>
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
            <span>Added {formatDate(passkey.createdAt)}</span>
            <span>{passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Not used yet'}</span>
          </p>
        </div>
        {askPassword ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => remove.mutate(undefined)}
            disabled={remove.isPending}
            aria-label={`Remove passkey ${passkey.name}`}
          >
            Remove
          </Button>
        )}
      </div>
      {askPassword ? (
        <PasswordPrompt
          id={`passkey-password-${passkey.id}`}
          label={`Confirm removing passkey ${passkey.name}`}
          error={remove.error}
          pending={remove.isPending}
          submitLabel="Remove passkey"
          destructive
          size="sm"
          onConfirm={(password) => remove.mutate(password)}
          onCancel={() => {
            setAskPassword(false);
            remove.reset();
          }}
        >
          You signed in more than 10 minutes ago: enter your password to remove this passkey.
        </PasswordPrompt>
      ) : (
        <FormError error={remove.error} />
      )}
    </li>
  );
}

/** The profile's passkeys: sign in with a fingerprint, face or device PIN instead of the password. */
export function PasskeysPanel() {
  const { data: passkeys, isPending, isError } = useQuery(passkeysQuery);
  return (
    <Card id="passkeys" className="scroll-mt-24">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-brand-600" />
          Passkeys
        </CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or device PIN instead of your password. A passkey counts as
          two-factor sign-in, so no code is asked after it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <p className="text-sm text-slate-600">Loading your passkeys…</p>
        ) : isError ? (
          <p className="text-sm text-red-700">Your passkeys could not be loaded. Please reload the page.</p>
        ) : passkeys.length ? (
          <ul className="divide-y divide-slate-200" aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">You have no passkeys yet.</p>
        )}
        <AddPasskey />
      </CardContent>
    </Card>
  );
}
