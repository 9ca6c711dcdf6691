import AlertTriangle from '~icons/lucide/alert-triangle';

/** The crash screen of spec section 2. 'Go Home' is a full navigation so a broken tree is left behind. */
export function CrashScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <AlertTriangle className="mb-4 h-12 w-12 text-amber-500" aria-hidden />
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-slate-600">
        We apologize for the inconvenience. An unexpected error occurred while loading this page.
      </p>
      <div className="mt-6 flex gap-3">
        <button
          type="button"
          onClick={onRetry}
          className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Try Again
        </button>
        <a
          href="/"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50"
        >
          Go Home
        </a>
      </div>
    </section>
  );
}
