import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../domain/accounts';
import type { OwnFirmClaim } from '../../../domain/firm-claims';
import type { FirmDetails } from '../../../domain/firms';
import { Button } from '../../components/ui/button';
import { lazyComponent } from '../../lib/lazy-page';
import { ownFirmClaimsQuery } from './queries';

// The form and its checks (the server's zod schemas) load when the dialog is first opened.
const ClaimDialog = lazyComponent(() => import('./claim-dialog').then((m) => m.ClaimDialog));

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section
      aria-label="Claim this profile"
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
    >
      {children}
    </section>
  );
}

/** The firm's console: its figures, replies to write and corrections (its representatives and admins). */
function ConsoleLink({ firm }: { firm: FirmDetails }) {
  return (
    <Link
      to={`/firm-console/${encodeURIComponent(firm.slug)}`}
      className="font-medium text-brand-700 underline"
    >
      Firm console
    </Link>
  );
}

/** What the user's newest claim of this firm says, when it still matters. */
function claimNote(claim: OwnFirmClaim | undefined): string | null {
  if (!claim) return null;
  if (claim.state === 'confirmed')
    return 'Your claim is confirmed and waits for our check. We will email you.';
  if (claim.state === 'rejected')
    return `Your last claim was not approved. Reason: ${claim.rejectReason ?? 'none given'}`;
  return null;
}

/**
 * "Work at {firm}? Claim this profile": the claim dialog for a verified user, a way to log in for a
 * visitor; what became of the user's own claim; nothing to claim for the firm's representatives.
 */
export function ClaimProfile({ firm, user }: { firm: FirmDetails; user: CurrentUser | null | undefined }) {
  const claims = useQuery({ ...ownFirmClaimsQuery(), enabled: Boolean(user) });
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing the dialog by mistake keeps what was typed.
  const [opened, setOpened] = useState(false);
  const question = `Work at ${firm.name}?`;
  if (!user) {
    return (
      <Frame>
        <p className="text-slate-700">
          {question}{' '}
          <Link
            to={`/auth?next=${encodeURIComponent(`/firm/${firm.slug}`)}`}
            className="font-medium text-brand-700 underline"
          >
            Claim this profile
          </Link>
        </p>
      </Frame>
    );
  }
  if (user.representativeOf.some((f) => f.firmId === firm.id)) {
    return (
      <Frame>
        <p className="text-slate-700">You represent {firm.name} on Prop Firm Club.</p>
        <p className="mt-2">
          <ConsoleLink firm={firm} />
        </p>
      </Frame>
    );
  }
  const latest = claims.data?.find((c) => c.firm.id === firm.id);
  const note = claimNote(latest);
  const waitingForCode = latest?.state === 'awaiting_code' ? latest : undefined;
  return (
    <Frame>
      {latest?.state === 'confirmed' ? (
        <p className="text-slate-700">{note}</p>
      ) : (
        <>
          <p className="font-medium text-slate-900">{question}</p>
          {note ? <p className="mt-1 text-slate-700">{note}</p> : null}
          {user.emailVerified ? (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              onClick={() => {
                setOpened(true);
                setOpen(true);
              }}
            >
              {waitingForCode ? 'Enter your code' : 'Claim this profile'}
            </Button>
          ) : (
            <p className="mt-1 text-slate-700" role="note">
              Verify your email to claim this profile. Check your inbox for the verification email.
            </p>
          )}
        </>
      )}
      {/* Kept in its place whatever the card says above: confirming the code refreshes the claims,
          and the dialog stays open on its last step instead of vanishing with the button. */}
      {opened ? (
        <Suspense fallback={null}>
          <ClaimDialog firm={firm} waiting={waitingForCode} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
      {user.isAdmin ? (
        <p className="mt-3 border-t border-slate-100 pt-3 text-slate-700">
          Admin: <ConsoleLink firm={firm} />
        </p>
      ) : null}
    </Frame>
  );
}
