import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { type ToastOptions, toast } from '../../components/ui/use-toast';
import type { Errors } from './fields';
import type { RefusalOptions } from './use-zod-form';

/** What saving uses of a `useZodForm` form. */
export interface SavingForm<V> {
  setValues: (values: V) => void;
  setErrors: (errors: Errors) => void;
  showServerError: (error: unknown, options?: RefusalOptions) => void;
}

export interface SaveFormOptions<V, R extends { version: number }> {
  form: SavingForm<V>;
  /** The record the form edits, as loaded; null for a new one. */
  record: R | null;
  /** Sends the values: over `version` for a record, as a new record otherwise. */
  request: (values: V, version: number) => Promise<R>;
  /** The form's values from a saved or reloaded record. */
  toValues: (record: R) => V;
  /** The success toast's title and description. */
  savedToast: (saved: R) => Omit<ToastOptions, 'variant'>;
  /** A new record's own address, opened in the form's place once it is created. */
  pathOf: (saved: R) => string;
  /** The record's newest version on the server, loaded from the Conflict notice. */
  latest: (record: R) => Promise<R>;
  /** What else the editor keeps of a record whose version the form now holds (saved or reloaded). */
  onLoaded?: (record: R) => void;
  /** Before a refused request's errors show (the post editor leaves its preview for them). */
  onRefused?: () => void;
}

/** The state `saveSteps` reads and moves, held by `useSaveForm` in React. */
export interface SaveState {
  queryClient: QueryClient;
  navigate: (to: string, options: { replace: boolean }) => void;
  version: number;
  setVersion: (version: number) => void;
  setConflict: (conflict: boolean) => void;
}

/** The save step apart from React state, so a test drives it with a real QueryClient. */
export function saveSteps<V, R extends { version: number }>(
  { form, record, request, toValues, savedToast, pathOf, latest, onLoaded, onRefused }: SaveFormOptions<V, R>,
  { queryClient, navigate, version, setVersion, setConflict }: SaveState,
) {
  /** A record's version becomes the form's: its values and version, no conflict or error left. */
  const loaded = (current: R) => {
    form.setValues(toValues(current));
    setVersion(current.version);
    setConflict(false);
    form.setErrors({});
    onLoaded?.(current);
  };
  /** A refused request: a stale version shows the Conflict notice, field messages their fields. */
  const refused = (error: unknown) => {
    onRefused?.();
    form.showServerError(error, { onConflict: () => setConflict(true) });
  };
  return {
    refused,
    reload: async () => {
      if (record) loaded(await latest(record));
    },
    mutation: {
      mutationFn: (values: V) => request(values, version),
      onSuccess: async (saved: R) => {
        form.setErrors({});
        setConflict(false);
        // Every cached answer may show the record: public pages, lists, the overview.
        await queryClient.invalidateQueries({
          predicate: (q) => !String(q.queryKey[0]).startsWith('/api/auth/'),
        });
        toast({ ...savedToast(saved), variant: 'success' });
        if (record) loaded(saved);
        else navigate(pathOf(saved), { replace: true });
      },
      onError: refused,
    },
  };
}

/**
 * An admin editor's save over the version its record was loaded at: `save.mutate(values)`; on
 * success every cached answer but the session is refreshed, a toast says so, and the form holds
 * the saved record (or the new record's page opens); a stale version (409) sets `conflict` for
 * `ConflictNotice`, whose `reload` loads the newest; other refusals show on their fields.
 */
export function useSaveForm<V, R extends { version: number }>(options: SaveFormOptions<V, R>) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [version, setVersion] = useState(options.record?.version ?? 0);
  const [conflict, setConflict] = useState(false);
  const { mutation, reload, refused } = saveSteps(options, {
    queryClient,
    navigate,
    version,
    setVersion,
    setConflict,
  });
  const save = useMutation(mutation);
  return { save, version, conflict, reload, refused };
}
