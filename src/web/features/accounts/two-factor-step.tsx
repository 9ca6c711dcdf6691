import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { apiJson } from '../../lib/api';
import { FormError, FormField, fieldValue } from './form-field';

export function CodeField({
  id,
  label = 'Code from your authenticator app',
}: {
  id: string;
  label?: string;
}) {
  return (
    <FormField
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
    />
  );
}

/** The second step of a password sign-in to an account with two-factor on: a code, or a backup code. */
export function TwoFactorStep({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [backup, setBackup] = useState(false);
  const verify = useMutation({
    mutationFn: (code: string) =>
      apiJson(
        'POST',
        backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp',
        { code },
      ),
    onSuccess: onSignedIn,
  });
  return (
    <form
      noValidate
      className="grid gap-4"
      aria-label="Two-factor sign-in"
      onSubmit={(e) => {
        e.preventDefault();
        verify.mutate(fieldValue(e.currentTarget, 'two-factor-code').trim());
      }}
    >
      <p className="text-sm text-slate-700">
        {backup
          ? 'Enter one of the backup codes you saved. Each one works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <FormError error={verify.error} />
      {backup ? (
        <FormField id="two-factor-code" label="Backup code" autoComplete="off" maxLength={32} required />
      ) : (
        <CodeField id="two-factor-code" />
      )}
      <Button type="submit" disabled={verify.isPending} aria-busy={verify.isPending}>
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <Button
        type="button"
        variant="link"
        size="flush"
        className="justify-self-start"
        onClick={() => {
          setBackup(!backup);
          verify.reset();
        }}
      >
        {backup ? 'Use your authenticator app instead' : 'Use a backup code instead'}
      </Button>
    </form>
  );
}
