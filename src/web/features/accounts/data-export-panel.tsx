import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Download from '~icons/lucide/download';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson, apiRequest, serverMessage } from '../../lib/api';
import { needsFreshSignIn, PasswordPrompt } from './password-prompt';

const EXPORT_PATH = '/api/profile/export';

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
      if (needsFreshSignIn(error)) setAsking(true);
    },
  });
  const confirm = useMutation({
    mutationFn: (password: string) => apiJson('POST', `${EXPORT_PATH}/confirm`, { password }),
    onSuccess: () => {
      setAsking(false);
      download.mutate();
    },
  });
  const busy = download.isPending || confirm.isPending;
  const failure = download.error && !needsFreshSignIn(download.error) ? download.error : null;

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
          <PasswordPrompt
            id="export-password"
            label="Confirm your password"
            error={confirm.error}
            pending={busy}
            submitLabel={confirm.isPending ? 'Checking...' : 'Confirm and download'}
            onConfirm={(password) => confirm.mutate(password)}
            onCancel={() => {
              setAsking(false);
              confirm.reset();
              download.reset();
            }}
          >
            For your security, enter your password again to download your data.
          </PasswordPrompt>
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
