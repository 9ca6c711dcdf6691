import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import CheckCircle2 from '~icons/lucide/check-circle-2';
import Download from '~icons/lucide/download';
import XCircle from '~icons/lucide/x-circle';
import {
  type GiveawayVerification,
  GiveawayVerificationSchema,
  type VerificationReport,
  verifyGiveaway,
} from '../../../domain/giveaway-verify';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { Textarea } from '../../components/ui/textarea';
import { apiJson, serverMessage } from '../../lib/api';
import { giveawaysQuery } from './queries';

type State =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; record: GiveawayVerification; report: VerificationReport };

const downloadUrl = (slug: string) => `/api/giveaways/${encodeURIComponent(slug)}/verification`;

/** Checks a record in this browser: Web Crypto only, no server involved after the download. */
async function check(record: unknown): Promise<State> {
  if (!globalThis.crypto?.subtle) {
    return {
      kind: 'error',
      message:
        'This browser has no Web Crypto here (it needs https or localhost). Use the offline script instead.',
    };
  }
  const parsed = GiveawayVerificationSchema.safeParse(record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: 'error',
      message: `This is not a giveaway verification file: ${issue?.path.join('.') || 'record'} ${issue?.message ?? ''}`,
    };
  }
  return { kind: 'done', record: parsed.data, report: await verifyGiveaway(parsed.data) };
}

function Report({ state }: { state: State }) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'working')
    return (
      <p role="status" className="text-slate-600">
        Checking…
      </p>
    );
  if (state.kind === 'error') {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        {state.message}
      </p>
    );
  }
  const { report, record } = state;
  return (
    <section aria-labelledby="verification-result" className="space-y-3" data-testid="verification-report">
      <h2
        id="verification-result"
        className={`flex items-center gap-2 rounded-xl p-4 text-lg font-semibold ${
          report.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'
        }`}
        data-verdict={report.ok ? 'verified' : 'failed'}
      >
        {report.ok ? (
          <CheckCircle2 className="size-6" aria-hidden />
        ) : (
          <XCircle className="size-6" aria-hidden />
        )}
        {report.ok
          ? `Verified: ${record.giveaway.title} was drawn fairly`
          : `Not verified: ${record.giveaway.title} fails ${report.checks.filter((c) => !c.ok).length} check(s)`}
      </h2>
      <ul className="space-y-2">
        {report.checks.map((c) => (
          <li
            key={c.id}
            data-check={c.id}
            data-ok={c.ok}
            className={`flex items-start gap-3 rounded-xl border p-3 ${
              c.ok ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'
            }`}
          >
            {c.ok ? (
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-label="passed" />
            ) : (
              <XCircle className="mt-0.5 size-5 shrink-0 text-red-600" aria-label="failed" />
            )}
            <div className="min-w-0">
              <p className={`font-medium ${c.ok ? 'text-emerald-900' : 'text-red-900'}`}>{c.label}</p>
              <p className="font-mono text-xs break-all text-slate-700">{c.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function GiveawayVerifier({ initialSlug }: { initialSlug: string | null }) {
  const { data: giveaways } = useQuery(giveawaysQuery());
  const completed = (giveaways ?? []).filter((g) => g.status === 'completed');
  const [slug, setSlug] = useState(initialSlug ?? '');
  const [pasted, setPasted] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const selectId = useId();
  const pasteId = useId();
  const fileId = useId();

  useEffect(() => {
    if (!slug && completed.length > 0) setSlug(completed[0].slug);
  }, [slug, completed]);

  const verifySlug = async () => {
    if (!slug) return;
    setState({ kind: 'working' });
    try {
      const record = await apiJson<unknown>('GET', downloadUrl(slug));
      setPasted(JSON.stringify(record, null, 2));
      setState(await check(record));
    } catch (error) {
      setState({ kind: 'error', message: serverMessage(error) || 'The giveaway could not be loaded.' });
    }
  };

  const verifyText = async (text: string) => {
    setState({ kind: 'working' });
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      setState({ kind: 'error', message: 'The text is not valid JSON.' });
      return;
    }
    setState(await check(record));
  };

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setPasted(text);
    await verifyText(text);
  };

  return (
    <div className="space-y-8">
      <section
        aria-labelledby="pick-giveaway"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="pick-giveaway" className="text-lg font-semibold text-slate-900">
          1. Pick a completed giveaway
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1">
            <Label htmlFor={selectId}>Giveaway</Label>
            <NativeSelect
              id={selectId}
              value={slug}
              onChange={(e) => setSlug(e.target.value)}
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
            >
              {completed.length === 0 && !slug ? <option value="">No completed giveaways yet</option> : null}
              {slug && !completed.some((g) => g.slug === slug) ? <option value={slug}>{slug}</option> : null}
              {completed.map((g) => (
                <option key={g.slug} value={g.slug}>
                  {g.title}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button onClick={verifySlug} disabled={!slug || state.kind === 'working'}>
            Verify in this browser
          </Button>
          {slug ? (
            <Button variant="outline" asChild>
              <a href={downloadUrl(slug)} download={`giveaway-${slug}.json`}>
                <Download aria-hidden /> Download JSON
              </a>
            </Button>
          ) : null}
        </div>
      </section>

      <section
        aria-labelledby="check-file"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="check-file" className="text-lg font-semibold text-slate-900">
          2. Or check a downloaded file
        </h2>
        <div className="space-y-1">
          <Label htmlFor={fileId}>JSON file</Label>
          <input
            id={fileId}
            type="file"
            accept="application/json,.json"
            onChange={pickFile}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={pasteId}>Or paste the JSON</Label>
          <Textarea
            id={pasteId}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            rows={8}
            spellCheck={false}
            className="font-mono text-xs"
          />
        </div>
        <Button
          variant="outline"
          onClick={() => verifyText(pasted)}
          disabled={!pasted.trim() || state.kind === 'working'}
        >
          Verify pasted JSON
        </Button>
      </section>

      <Report state={state} />
    </div>
  );
}
