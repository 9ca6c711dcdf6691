import { Link, useLocation } from 'wouter';
import Compass from '~icons/lucide/compass';
import { HttpStatus, PageHead } from '../lib/page-context';

export default function NotFoundPage() {
  const [pathname] = useLocation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageHead
        title="Page Not Found | Prop Firm Club"
        description="The page you are looking for does not exist or has moved."
        canonicalPath={pathname}
        noindex
      />
      <HttpStatus code={404} />
      <Compass className="mb-4 h-12 w-12 text-brand-500" aria-hidden />
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-6 flex gap-3">
        <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          Go Home
        </Link>
        <Link
          to="/firms"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50"
        >
          Browse All Firms
        </Link>
      </div>
    </section>
  );
}
