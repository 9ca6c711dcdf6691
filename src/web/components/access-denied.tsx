import { Link } from 'wouter';
import ShieldX from '~icons/lucide/shield-x';
import { HttpStatus, PageHead } from '../lib/page-context';

export function AccessDenied() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageHead
        title="Access Denied | Prop Firm Club"
        description="You don't have permission to view this page."
        canonicalPath="/"
        noindex
      />
      <HttpStatus code={403} />
      <ShieldX className="mb-4 h-12 w-12 text-red-500" aria-hidden />
      <h1 className="text-3xl font-bold">Access Denied</h1>
      <p className="mt-3 text-slate-600">
        You don't have permission to access this page. It is only available to administrators.
      </p>
      <Link
        to="/"
        className="mt-6 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Go Home
      </Link>
    </section>
  );
}
