import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { CurrentUser, SignedInSession } from '../../../domain/accounts';
import { CURRENT_USER_PATH } from '../../../domain/api-paths';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorMessage, getQueryFn } from '../../lib/api';

/** The signed-in user, or null for an anonymous visitor (401 is not an error here). */
export const currentUserQuery = queryOptions<CurrentUser | null>({
  queryKey: [CURRENT_USER_PATH],
  queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
  staleTime: 5 * 60_000,
  retry: false,
});

/** After log-in or sign-up every cached answer may differ for the new user: start over. */
export function useRefreshAfterSignIn() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.clear();
    await queryClient.fetchQuery(currentUserQuery);
  };
}

/** Spec sections 4 and 8: log out, clear every cached query, toast, go home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiJson<{ success: boolean }>('POST', '/api/auth/logout'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
      navigate('/');
    },
    onError: (error) => {
      toast({
        title: 'Logout failed',
        description: errorMessage(error) || 'Failed to log out',
        variant: 'destructive',
      });
    },
  });
}

/** The signed-in user's sessions, for the profile's "Signed-in devices" panel. */
export const signedInSessionsQuery = queryOptions<SignedInSession[]>({
  queryKey: ['/api/auth/list-sessions'],
});
