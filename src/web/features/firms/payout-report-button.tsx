import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import HandCoins from '~icons/lucide/hand-coins';
import type { CurrentUser } from '../../../domain/accounts';
import type { FirmDetails } from '../../../domain/firms';
import { Button } from '../../components/ui/button';
import { lazyComponent } from '../../lib/lazy-page';

// The form and its checks (the server's zod schema) load when the dialog is first opened.
const PayoutReportDialog = lazyComponent(() =>
  import('./payout-report-form').then((m) => m.PayoutReportDialog),
);

/**
 * 'Report a payout' for a verified trader; a way to log in for a visitor, and what to do first for
 * an account whose email is not verified yet.
 */
export function ReportPayoutButton({
  firm,
  user,
}: {
  firm: FirmDetails;
  user: CurrentUser | null | undefined;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing the dialog by mistake keeps what was typed.
  const [opened, setOpened] = useState(false);
  if (!user) {
    return (
      <Button asChild variant="outline">
        <Link to={`/auth?next=${encodeURIComponent(`/firm/${firm.slug}?tab=payouts`)}`}>
          Log in to report a payout
        </Link>
      </Button>
    );
  }
  if (user.representativeOf.some((f) => f.firmId === firm.id)) {
    return (
      <p className="max-w-xs text-sm text-slate-600" role="note">
        You represent {firm.name}, so you cannot report a payout from it.
      </p>
    );
  }
  if (!user.emailVerified) {
    return (
      <p className="max-w-xs rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
        Verify your email to report a payout. Check your inbox for the verification email.
      </p>
    );
  }
  return (
    <>
      <Button
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <HandCoins aria-hidden="true" /> Report a payout
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <PayoutReportDialog firm={firm} user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
