import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import BookmarkPlus from '~icons/lucide/bookmark-plus';
import type { CurrentUser } from '../../../domain/accounts';
import { Button } from '../../components/ui/button';
import { lazyComponent } from '../../lib/lazy-page';
import { type ChallengeState, challengeSearch } from './state';

// The name form shows once "Save search" is pressed: its code is not part of the finder's first load.
const SaveSearchForm = lazyComponent(() => import('./save-search-form').then((m) => m.SaveSearchForm));

/**
 * Save this view (filters, sort, pass rate, months) under a name: alerts by email when an option
 * newly matches or gets cheaper. Signed-in traders with a verified email only (the server checks).
 */
export function SaveSearch({ state, user }: { state: ChallengeState; user: CurrentUser | null | undefined }) {
  const [open, setOpen] = useState(false);
  if (user === undefined) return null;
  if (user === null) {
    const next = `/challenges${challengeSearch(state)}`;
    return (
      <Button variant="outline" size="sm" asChild>
        <Link to={`/auth?next=${encodeURIComponent(next)}`}>
          <BookmarkPlus aria-hidden="true" /> Sign in to save this search
        </Link>
      </Button>
    );
  }
  if (!user.emailVerified)
    return <p className="text-sm text-slate-600">Verify your email to save searches and get price alerts.</p>;
  if (!open)
    return (
      <Button
        variant="outline"
        size="sm"
        onPointerEnter={() => void SaveSearchForm.preload()}
        onClick={() => setOpen(true)}
      >
        <BookmarkPlus aria-hidden="true" /> Save search
      </Button>
    );
  return (
    <Suspense fallback={null}>
      <SaveSearchForm state={state} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
