import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import CheckCircle2 from '~icons/lucide/check-circle-2';
import Download from '~icons/lucide/download';
import XCircle from '~icons/lucide/x-circle';
import type { VerificationReport } from '../../../domain/giveaway-verify';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { Textarea } from '../../components/ui/textarea';
import { giveawaysQuery } from './queries';
import {
  runVerification,
  SHOWN_TEXT_MAX,
  type VerifyOutcome,
  type VerifyProgress,
  type VerifyRequest,
} from './verify-check';
import type { VerifyWorkerMessage } from './verify-worker';

type State =
  | { kind: 'idle' }
  | { kind: 'working'; progress: VerifyProgress | null }
  | { kind: 'error'; message: string }
  | { kind: 'done'; title: string; report: VerificationReport };

const downloadUrl = (slug: string) => `/api/giveaways/${encodeURIComponent(slug)}/verification`;

/**
 * Checks a record in this browser, in a worker (Web Crypto only, no server involved after the
 * download) so that a long entry list neither freezes the page nor hides how far the check has got.
 * Resolves with the outcome; `stop` ends a check that is no longer wanted.
 */
function startCheck(
  request: VerifyRequest,
  onProgress: (progress: VerifyProgress) => void,
): { outcome: Promise<VerifyOutcome>; stop: () => void } {
  if (typeof Worker === 'undefined') {
    return { outcome: runVerification(request, onProgress), stop: () => {} };
  }
  const worker = new Worker(new URL('./verify-worker.ts', import.meta.url), { type: 'module' });
  const outcome = new Promise<VerifyOutcome>((resolve) => {
    worker.addEventListener('message', (event: MessageEvent<VerifyWorkerMessage>) => {
      if (event.data.type === 'progress') onProgress(event.data.progress);
      else {
        resolve(event.data.outcome);
        worker.terminate();
      }
    });
    worker.addEventListener('error', () => {
      resolve({
        kind: 'error',
        message: 'The check could not run in this browser. Use the offline script instead.',
      });
      worker.terminate();
    });
  });
  worker.postMessage(request);
  return { outcome, stop: () => worker.terminate() };
}

function Progress({ progress }: { progress: VerifyProgress | null }) {
  const hashes = progress?.phase === 'hashes' ? progress : null;
  const text = !progress
    ? 'Checking…'
    : progress.phase === 'download'
      ? 'Downloading the record…'
      : progress.phase === 'read'
        ? 'Reading the record…'
        : `Recomputing entry hashes: ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`;
  const percent = hashes && hashes.total > 0 ? Math.round((hashes.done / hashes.total) * 100) : null;
  return (
    <div className="space-y-2" data-testid="verification-progress">
      <p role="status" className="text-slate-600">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label="Verification progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-[width] ${percent === null ? 'w-1/4 animate-pulse' : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function Report({ state }: { state: State }) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'working') return <Progress progress={state.progress} />;
  if (state.kind === 'error') {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        {state.message}
      </p>
    );
  }
  const { report, title } = state;
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
          ? `Verified: ${title} was drawn fairly`
          : `Not verified: ${title} fails ${report.checks.filter((c) => !c.ok).length} check(s)`}
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
  // The latest completed giveaway until another is picked: the server renders it chosen, so a
  // choice made before hydration is reported over it (decision 0042). Kept in state from the first
  // render: a giveaway completed while the page is open must not change what is being checked.
  const [picked, setPicked] = useState(initialSlug ?? completed[0]?.slug ?? '');
  // Without the list at first render (a page opened before it loaded), the latest once it comes.
  const slug = picked || (completed[0]?.slug ?? '');
  const [pasted, setPasted] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const selectId = useId();
  const pasteId = useId();
  const fileId = useId();

  const check = useRef<{ stop: () => void } | null>(null);
  useEffect(() => () => check.current?.stop(), []);

  const verify = async (request: VerifyRequest) => {
    check.current?.stop();
    setState({ kind: 'working', progress: null });
    const started = startCheck(request, (progress) => setState({ kind: 'working', progress }));
    check.current = started;
    const outcome = await started.outcome;
    if (check.current !== started) return; // a newer check replaced this one
    check.current = null;
    if (outcome.kind === 'error') {
      setState(outcome);
      return;
    }
    if (outcome.text !== null) setPasted(outcome.text);
    setState({ kind: 'done', title: outcome.title, report: outcome.report });
  };

  const verifySlug = () => (slug ? verify({ source: 'url', url: downloadUrl(slug) }) : undefined);
  const verifyText = (text: string) => verify({ source: 'text', text });

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    // A file of many entries is checked without filling the paste box (megabytes of text there
    // would hold up the page).
    setPasted(text.length <= SHOWN_TEXT_MAX ? text : '');
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
              onChange={(e) => setPicked(e.target.value)}
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
