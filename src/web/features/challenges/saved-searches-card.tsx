import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { countOf, formatPrice } from '../../../domain/format';
import type { SavedSearch } from '../../../domain/saved-searches';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson, apiRequest } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { savedSearchesQuery } from './queries';
import { SearchNameForm } from './search-name-form';

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedSearchesQuery().queryKey });
  const onError = (error: unknown) => toast({ ...toastForError(error), variant: 'destructive' });
  const rename = useMutation({
    mutationFn: (name: string) =>
      apiJson<SavedSearch>('PUT', `/api/saved-searches/${search.id}`, { name, query: search.query }),
    onSuccess: () => {
      setRenaming(false);
      refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/saved-searches/${search.id}`),
    onSuccess: refresh,
    onError,
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="saved-search">
      {renaming ? (
        <SearchNameForm
          label="New name"
          initial={search.name}
          pending={rename.isPending}
          onSave={(name) => rename.mutate(name)}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <div className="min-w-0">
          <Link
            to={`/challenges${search.query ? `?${search.query}` : ''}`}
            className="font-medium break-words text-brand-700 hover:underline"
          >
            {search.name}
          </Link>
          <p className="text-sm text-slate-600">
            {countOf(search.matching, 'option')} now
            {search.lowestTrueCost != null ? `, lowest true cost ${formatPrice(search.lowestTrueCost)}` : ''}
            {search.alerts ? null : (
              <Badge variant="outline" className="ml-2">
                Emails off
              </Badge>
            )}
          </p>
        </div>
      )}
      {renaming ? null : (
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => setRenaming(true)}>
            Rename<span className="sr-only"> {search.name}</span>
          </Button>
          <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Delete<span className="sr-only"> {search.name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** /profile: the trader's saved challenge searches, to open, rename or delete. */
export function SavedSearchesCard() {
  const { data, isPending } = useQuery(savedSearchesQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Saved searches</CardTitle>
        <p className="text-sm text-slate-600">
          At most one email a day per search when an option newly matches it or gets cheaper.
        </p>
      </CardHeader>
      <div className="px-5 pb-5">
        {isPending ? null : !data || data.length === 0 ? (
          <p className="text-sm text-slate-600">
            No saved searches yet. Use Save search on the{' '}
            <Link to="/challenges" className="text-brand-700 underline">
              Challenge Finder
            </Link>
            .
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.map((search) => (
              <SavedSearchRow key={search.id} search={search} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
