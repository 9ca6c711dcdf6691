import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminGiveawayCreate,
  AdminGiveawayPatch,
  EnterGiveawayResult,
  Giveaway,
  GiveawayEntryPage,
  MyGiveawayEntry,
} from '../../../domain/giveaways';
import { apiJson, errorStatus, getQueryFn } from '../../lib/api';

export const giveawaysQuery = () => queryOptions<Giveaway[]>({ queryKey: ['/api/giveaways'] });

/** A 404 is not retried, and a 404 prefetched by the server stays one while hydrating. */
export const giveawayQuery = (slug: string) =>
  queryOptions<Giveaway>({
    queryKey: ['/api/giveaways', slug],
    retry: (failures, error) => errorStatus(error) !== 404 && failures < 1,
    retryOnMount: false,
  });

/** One page of the entry list; `after` is the last ticket of the page before (0 for the first). */
export const giveawayEntriesQuery = (slug: string, after = 0) =>
  queryOptions<GiveawayEntryPage>({
    queryKey: ['/api/giveaways', slug, after > 0 ? `entries?after=${after}` : 'entries'],
    retry: (failures, error) => errorStatus(error) !== 404 && failures < 1,
  });

/** The visitor's own ticket; null when signed out or not entered (a 401 is no error here). */
export const myGiveawayEntryQuery = (slug: string) =>
  queryOptions<MyGiveawayEntry | null>({
    queryKey: ['/api/giveaways', slug, 'my-entry'],
    queryFn: getQueryFn<MyGiveawayEntry | null>({ on401: 'returnNull' }),
    retry: false,
  });

/** Spec section 7: on success the detail and the entries are refreshed. */
export function useEnterGiveaway(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (socialMediaHandle: string) =>
      apiJson<EnterGiveawayResult>('POST', `/api/giveaways/${encodeURIComponent(slug)}/enter`, {
        completedActions: {},
        ...(socialMediaHandle.trim() ? { socialMediaHandle: socialMediaHandle.trim() } : {}),
      }),
    onSuccess: (result) => {
      const mine: MyGiveawayEntry = {
        userEntry: {
          ticketNumber: result.ticketNumber,
          entryHash: result.entryHash,
          createdAt: new Date().toISOString(),
        },
      };
      client.setQueryData<MyGiveawayEntry | null>(myGiveawayEntryQuery(slug).queryKey, mine);
      return Promise.all([
        client.invalidateQueries({ queryKey: ['/api/giveaways', slug] }),
        client.invalidateQueries({ queryKey: ['/api/giveaways'], exact: true }),
      ]);
    },
  });
}

// ---------------------------------------------------------------- admin

export const adminGiveawaysQuery = () => queryOptions<Giveaway[]>({ queryKey: ['/api/admin/giveaways'] });

/** Every admin write refreshes the admin list and the public giveaway queries. */
function useAdminMutation<V>(request: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['/api/admin/giveaways'] }),
        client.invalidateQueries({ queryKey: ['/api/giveaways'] }),
      ]),
  });
}

export const useCreateGiveaway = () =>
  useAdminMutation((payload: AdminGiveawayCreate) =>
    apiJson<Giveaway>('POST', '/api/admin/giveaways', payload),
  );

export const useUpdateGiveaway = () =>
  useAdminMutation(({ id, patch }: { id: number; patch: AdminGiveawayPatch }) =>
    apiJson<Giveaway>('PATCH', `/api/admin/giveaways/${id}`, patch),
  );

export const useCloseGiveaway = () =>
  useAdminMutation((id: number) => apiJson<Giveaway>('POST', `/api/admin/giveaways/${id}/close`));

export const useDrawGiveaway = () =>
  useAdminMutation(({ id, clientSeed }: { id: number; clientSeed: string }) =>
    apiJson<Giveaway>('POST', `/api/admin/giveaways/${id}/draw`, { clientSeed }),
  );

export const useDeleteGiveaway = () =>
  useAdminMutation((id: number) => apiJson<null>('DELETE', `/api/admin/giveaways/${id}`));

/** Uploads a picture; the answer's url goes into the giveaway's image field. */
export const uploadGiveawayImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiJson<{ url: string; width: number; height: number }>('POST', '/api/admin/giveaways/images', form);
};
