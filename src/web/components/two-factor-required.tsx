import { Link } from 'wouter';
import ShieldAlert from '~icons/lucide/shield-alert';
import { HttpStatus, PageHead } from '../lib/page-context';

/** An admin page for an admin without two-factor sign-in, while the site requires it of staff. */
export function TwoFactorRequired() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageHead
        title="Two-factor sign-in required | Prop Firm Club"
        description="Turn on two-factor sign-in to use the admin tools."
        canonicalPath="/"
        noindex
      />
      <HttpStatus code={403} />
      <ShieldAlert className="mb-4 h-12 w-12 text-amber-500" aria-hidden />
      <h1 className="text-3xl font-bold">Two-factor sign-in required</h1>
      <p className="mt-3 text-slate-600">
        Admin tools need two-factor sign-in on your account. Turn it on in your profile, then come back.
      </p>
      <Link
        to="/profile#two-factor"
        className="mt-6 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Turn on two-factor sign-in
      </Link>
    </section>
  );
}
