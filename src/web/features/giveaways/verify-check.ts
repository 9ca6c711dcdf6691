// The verifier's work, off React: download or parse a record, validate it and repeat the draw,
// telling its progress. The verify worker (verify-worker.ts) runs it off the main thread; the page
// runs it itself only where a browser has no workers.
import {
  GiveawayVerificationSchema,
  type VerificationReport,
  verifyGiveaway,
} from '../../../domain/giveaway-verify';

export type VerifyRequest = { source: 'url'; url: string } | { source: 'text'; text: string };

export type VerifyProgress =
  | { phase: 'download' }
  | { phase: 'read' }
  | { phase: 'hashes'; done: number; total: number };

export type VerifyOutcome =
  | { kind: 'error'; message: string }
  | {
      kind: 'done';
      title: string;
      report: VerificationReport;
      /** The record's text for the paste box, pretty-printed; null when too long to show there. */
      text: string | null;
    };

/** Longest record put in the paste box after a download: a longer one is only checked, not shown. */
export const SHOWN_TEXT_MAX = 200_000;

async function download(url: string): Promise<{ text: string } | { message: string }> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const text = await res.text();
  if (res.ok) return { text };
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return { message: parsed.message };
  } catch {
    // not JSON
  }
  return { message: 'The giveaway could not be loaded.' };
}

export async function runVerification(
  request: VerifyRequest,
  onProgress: (progress: VerifyProgress) => void,
): Promise<VerifyOutcome> {
  if (!globalThis.crypto?.subtle) {
    return {
      kind: 'error',
      message:
        'This browser has no Web Crypto here (it needs https or localhost). Use the offline script instead.',
    };
  }
  let text: string;
  if (request.source === 'url') {
    onProgress({ phase: 'download' });
    const loaded = await download(request.url).catch(() => ({
      message: 'The giveaway could not be loaded.',
    }));
    if ('message' in loaded) return { kind: 'error', message: loaded.message };
    text = loaded.text;
  } else {
    text = request.text;
  }
  onProgress({ phase: 'read' });
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return { kind: 'error', message: 'The text is not valid JSON.' };
  }
  const parsed = GiveawayVerificationSchema.safeParse(record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: 'error',
      message: `This is not a giveaway verification file: ${issue?.path.join('.') || 'record'} ${issue?.message ?? ''}`,
    };
  }
  const report = await verifyGiveaway(parsed.data, ({ done, total }) =>
    onProgress({ phase: 'hashes', done, total }),
  );
  const shown =
    request.source === 'url' && text.length <= SHOWN_TEXT_MAX ? JSON.stringify(record, null, 2) : null;
  return { kind: 'done', title: parsed.data.giveaway.title, report, text: shown };
}
