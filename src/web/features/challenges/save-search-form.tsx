import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '../../../domain/saved-searches';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { savedSearchesQuery } from './queries';
import { SearchNameForm } from './search-name-form';
import { type ChallengeState, challengeSearch } from './state';

/** The name of the finder's view to save, and its saving (loaded once "Save search" is pressed). */
export function SaveSearchForm({ state, onClose }: { state: ChallengeState; onClose: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (name: string) =>
      apiJson<SavedSearch>('POST', '/api/saved-searches', {
        name,
        query: challengeSearch({ ...state, page: 1 }),
      }),
    onSuccess: (saved) => {
      onClose();
      queryClient.invalidateQueries({ queryKey: savedSearchesQuery().queryKey });
      toast({
        title: `Saved "${saved.name}"`,
        description:
          'We will email you when an option newly matches it or gets cheaper. See it on your profile.',
      });
    },
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
  return (
    <SearchNameForm
      label="Name"
      labelShown
      placeholder="e.g. Cheap $100K 2-step"
      pending={save.isPending}
      onSave={(name) => save.mutate(name)}
      onCancel={onClose}
    />
  );
}
