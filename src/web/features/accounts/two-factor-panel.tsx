import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import ShieldCheck from '~icons/lucide/shield-check';
import type { CurrentUser } from '../../../domain/accounts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { FormError, fieldValue, PasswordField } from './form-field';
import { currentUserQuery } from './queries';
import { CodeField } from './two-factor-step';

interface Enabled {
  totpURI: string;
  backupCodes: string[];
}

/** The otpauth:// URI as a QR code; the generator loads with this step, not with the profile page. */
function QrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSvg(renderSVG(uri, { border: 2 }));
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div
      role="img"
      aria-label="QR code to scan with your authenticator app"
      className="size-48 rounded-md border border-slate-200 bg-white p-1"
      // The SVG is drawn by uqr from the URI: shapes only, no markup of anyone's.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        Save these backup codes somewhere safe. Each one signs you in once if you lose your authenticator.
        They are shown only now.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code} className="rounded border border-slate-200 bg-slate-50 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button className="justify-self-start" variant="outline" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}

/** Turning two-factor on: the password, then the QR code (or key) to add, then a first code. */
function TurnOn() {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Enabled>();
  const [codes, setCodes] = useState<string[]>();
  const enable = useMutation({
    mutationFn: (password: string) => apiJson<Enabled>('POST', '/api/auth/two-factor/enable', { password }),
    onSuccess: setSetup,
  });
  const verify = useMutation({
    mutationFn: (code: string) => apiJson('POST', '/api/auth/two-factor/verify-totp', { code }),
    onSuccess: () => setCodes(setup?.backupCodes),
  });
  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    toast({ title: 'Two-factor sign-in is on', variant: 'success' });
  };

  if (codes) return <BackupCodes codes={codes} onDone={finish} />;
  if (setup) {
    const key = new URL(setup.totpURI).searchParams.get('secret') ?? '';
    return (
      <div className="grid gap-4">
        <p className="text-sm text-slate-700">
          Scan this code with your authenticator app, or type the key into it. Then enter the 6-digit code it
          shows.
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <QrCode uri={setup.totpURI} />
          <p className="grid gap-1 text-sm">
            <span className="font-medium text-slate-500">Key</span>
            <code className="break-all font-mono" data-testid="two-factor-key">
              {key}
            </code>
          </p>
        </div>
        <form
          noValidate
          className="grid max-w-sm gap-4"
          aria-label="Confirm two-factor sign-in"
          onSubmit={(e) => {
            e.preventDefault();
            verify.mutate(fieldValue(e.currentTarget, 'two-factor-first-code').trim());
          }}
        >
          <FormError error={verify.error} />
          <CodeField id="two-factor-first-code" />
          <Button
            type="submit"
            className="justify-self-start"
            disabled={verify.isPending}
            aria-busy={verify.isPending}
          >
            {verify.isPending ? 'Checking...' : 'Turn on'}
          </Button>
        </form>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="grid max-w-sm gap-4"
      aria-label="Turn on two-factor sign-in"
      onSubmit={(e) => {
        e.preventDefault();
        enable.mutate(fieldValue(e.currentTarget, 'two-factor-password'));
      }}
    >
      <FormError error={enable.error} />
      <PasswordField id="two-factor-password" label="Password" purpose="current" />
      <Button
        type="submit"
        className="justify-self-start"
        disabled={enable.isPending}
        aria-busy={enable.isPending}
      >
        {enable.isPending ? 'Checking...' : 'Set up two-factor sign-in'}
      </Button>
    </form>
  );
}

/** With two-factor on: new backup codes, or turning it off; both ask for the password. */
function Manage() {
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[]>();
  const change = useMutation({
    mutationFn: ({ action, password }: { action: 'codes' | 'off'; password: string }) =>
      apiJson<{ backupCodes?: string[] }>(
        'POST',
        action === 'codes' ? '/api/auth/two-factor/generate-backup-codes' : '/api/auth/two-factor/disable',
        { password },
      ),
    onSuccess: (result) => {
      if (result.backupCodes) return setCodes(result.backupCodes);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      toast({ title: 'Two-factor sign-in is off', variant: 'success' });
    },
  });
  if (codes) return <BackupCodes codes={codes} onDone={() => setCodes(undefined)} />;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = e.currentTarget;
    change.mutate(
      {
        action: submitter?.value === 'off' ? 'off' : 'codes',
        password: fieldValue(form, 'two-factor-password'),
      },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form noValidate className="grid max-w-sm gap-4" aria-label="Manage two-factor sign-in" onSubmit={submit}>
      <FormError error={change.error} />
      <PasswordField id="two-factor-password" label="Password" purpose="current" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" value="codes" variant="outline" disabled={change.isPending}>
          Make new backup codes
        </Button>
        <Button type="submit" value="off" variant="destructive" disabled={change.isPending}>
          Turn off
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorPanel({ user }: { user: CurrentUser }) {
  return (
    <Card id="two-factor">
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
          Two-factor sign-in
          {user.twoFactorEnabled ? (
            <Badge variant="success">
              <ShieldCheck aria-hidden /> On
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          After your password, signing in asks for a code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent>{user.twoFactorEnabled ? <Manage /> : <TurnOn />}</CardContent>
    </Card>
  );
}
