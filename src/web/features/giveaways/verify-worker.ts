// A dedicated worker for /verify-giveaway: a record of 100,000 entries is megabytes of JSON and
// 100,000 hashes, which would hold up the page. It answers each request with progress messages
// and then one outcome.
import { runVerification, type VerifyOutcome, type VerifyProgress, type VerifyRequest } from './verify-check';

export type VerifyWorkerMessage =
  | { type: 'progress'; progress: VerifyProgress }
  | { type: 'outcome'; outcome: VerifyOutcome };

const post = (message: VerifyWorkerMessage) => (self as unknown as Worker).postMessage(message);

self.addEventListener('message', (event: MessageEvent<VerifyRequest>) => {
  runVerification(event.data, (progress) => post({ type: 'progress', progress }))
    .catch((error: unknown) => ({
      kind: 'error' as const,
      message: `The check stopped: ${error instanceof Error ? error.message : String(error)}`,
    }))
    .then((outcome) => post({ type: 'outcome', outcome }));
});
