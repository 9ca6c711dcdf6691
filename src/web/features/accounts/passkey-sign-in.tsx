import { useMutation } from '@tanstack/react-query';
import KeyRound from '~icons/lucide/key-round';
import { Button } from '../../components/ui/button';
import { apiJson } from '../../lib/api';
import { FormError } from './form-field';

type WebAuthnBrowser = typeof import('@simplewebauthn/browser');

/**
 * The WebAuthn helpers load with the first passkey ceremony (a click), never with a page. A failed
 * load (offline) is forgotten, so the next click tries again.
 */
let loading: Promise<WebAuthnBrowser> | undefined;
export function loadWebAuthn(): Promise<WebAuthnBrowser> {
  loading ??= import('@simplewebauthn/browser').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The browser's refusal of a ceremony, in words: the person closed the prompt, or it timed out. */
export function ceremonyError(error: unknown, what: string): Error {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new Error(`${what} was cancelled or timed out. Please try again.`);
  if (name === 'InvalidStateError') return new Error('This device already has a passkey for your account.');
  return error instanceof Error ? error : new Error(String(error));
}

export const supportsPasskeys = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** "Sign in with a passkey": no email needed, and no two-factor code after it. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const signIn = useMutation({
    mutationFn: async () => {
      if (!supportsPasskeys())
        throw new Error('This browser cannot use passkeys. Log in with your password.');
      const [{ startAuthentication }, optionsJSON] = await Promise.all([
        loadWebAuthn(),
        apiJson<Parameters<WebAuthnBrowser['startAuthentication']>[0]['optionsJSON']>(
          'GET',
          '/api/auth/passkey/generate-authenticate-options',
        ),
      ]);
      let response: Awaited<ReturnType<WebAuthnBrowser['startAuthentication']>>;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch (error) {
        throw ceremonyError(error, 'Signing in with a passkey');
      }
      await apiJson('POST', '/api/auth/passkey/verify-authentication', { response });
    },
    onSuccess: onSignedIn,
  });
  return (
    <div className="grid gap-3">
      <FormError error={signIn.error} />
      <Button
        type="button"
        variant="outline"
        onClick={() => signIn.mutate()}
        disabled={signIn.isPending}
        aria-busy={signIn.isPending}
      >
        <KeyRound aria-hidden="true" />
        {signIn.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
