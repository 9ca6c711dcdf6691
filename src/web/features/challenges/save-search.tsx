import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import BookmarkPlus from '~icons/lucide/bookmark-plus';
import type { CurrentUser } from '../../../domain/accounts';
import type { SavedSearch } from '../../../domain/saved-searches';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { savedSearchesQuery } from './queries';
import { SearchNameForm } from './search-name-form';
import { type ChallengeState, challengeSearch } from './state';

/**
 * Save this view (filters, sort, pass rate, months) under a name: alerts by email when an option
 * newly matches or gets cheaper. Signed-in traders with a verified email only (the server checks).
 */
export function SaveSearch({ state, user }: { state: ChallengeState; user: CurrentUser | null | undefined }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (name: string) =>
      apiJson<SavedSearch>('POST', '/api/saved-searches', {
        name,
        query: challengeSearch({ ...state, page: 1 }),
      }),
    onSuccess: (saved) => {
      setOpen(false);
      queryClient.invalidateQueries({ queryKey: savedSearchesQuery().queryKey });
      toast({
        title: `Saved "${saved.name}"`,
        description:
          'We will email you when an option newly matches it or gets cheaper. See it on your profile.',
      });
    },
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
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
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden="true" /> Save search
      </Button>
    );
  return (
    <SearchNameForm
      label="Name"
      labelShown
      placeholder="e.g. Cheap $100K 2-step"
      pending={save.isPending}
      onSave={(name) => save.mutate(name)}
      onCancel={() => setOpen(false)}
    />
  );
}
