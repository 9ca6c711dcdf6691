import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Download from '~icons/lucide/download';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson, apiRequest, errorMessage, errorStatus, serverMessage } from '../../lib/api';
import { FormError, fieldValue, PasswordField } from './form-field';

const EXPORT_PATH = '/api/profile/export';
/** The 403 code the server gives when the sign-in is too old to download without the password. */
const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

/** The `code` of the server's `{ message, code }` in an API error, if it has one. */
function errorCode(error: unknown): string | undefined {
  try {
    const body = JSON.parse(errorMessage(error).replace(/^\d{3}: /, '')) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

const needsPassword = (error: unknown) =>
  errorStatus(error) === 403 && errorCode(error) === REAUTHENTICATION_REQUIRED;

/** The file name the server gave the archive (Content-Disposition), or a plain one. */
function fileNameOf(res: Response): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'propfirmclub-data.zip';
}

/** Asks for the archive and lets the browser save it; answers the file's name. */
async function downloadArchive(): Promise<string> {
  const res = await apiRequest('GET', EXPORT_PATH);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  const name = fileNameOf(res);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * "Download my data" on the profile: one ZIP of everything the site keeps about the account. With
 * a sign-in older than 10 minutes the server asks for the password first; then the download starts.
 */
export function DataExportPanel() {
  const [asking, setAsking] = useState(false);
  const download = useMutation({
    mutationFn: downloadArchive,
    onSuccess: (name) =>
      toast({ title: 'Your data is ready', description: `Saved as ${name}.`, variant: 'success' }),
    onError: (error) => {
      if (needsPassword(error)) setAsking(true);
    },
  });
  const confirm = useMutation({
    mutationFn: (password: string) => apiJson('POST', `${EXPORT_PATH}/confirm`, { password }),
    onSuccess: () => {
      setAsking(false);
      download.mutate();
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    confirm.mutate(fieldValue(e.currentTarget, 'export-password'));
  };
  const busy = download.isPending || confirm.isPending;
  const failure = download.error && !needsPassword(download.error) ? download.error : null;

  return (
    <Card id="your-data" className="scroll-mt-24">
      <CardHeader>
        <CardTitle as="h2">Your data</CardTitle>
        <CardDescription>
          One ZIP file with your profile and settings, reviews, points history, cashback claims, payout
          reports and giveaway entries (as JSON and CSV), and the receipts and evidence images you uploaded.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failure ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {serverMessage(failure) || 'The download did not start. Please try again.'}
          </p>
        ) : null}
        {asking ? (
          <form
            noValidate
            className="grid max-w-sm gap-4"
            aria-label="Confirm your password"
            onSubmit={submit}
          >
            <p className="text-sm text-slate-700">
              For your security, enter your password again to download your data.
            </p>
            <FormError error={confirm.error} />
            <PasswordField id="export-password" label="Password" purpose="current" required />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={busy} aria-busy={confirm.isPending}>
                {confirm.isPending ? 'Checking...' : 'Confirm and download'}
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setAsking(false);
                  confirm.reset();
                  download.reset();
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button
            className="justify-self-start"
            variant="outline"
            onClick={() => download.mutate()}
            disabled={busy}
            aria-busy={download.isPending}
          >
            <Download aria-hidden="true" className="size-4" />
            {download.isPending ? 'Preparing your file...' : 'Download my data'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
