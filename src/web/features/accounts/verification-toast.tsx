import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type ToastOptions, toast } from '../../components/ui/use-toast';
import { currentUserQuery } from './queries';

const FAILURES: Record<string, ToastOptions> = {
  invalid: {
    title: 'Verification link invalid',
    description:
      'This verification link is not valid. Use the newest link we sent you, or request a new one from your profile.',
    variant: 'destructive',
  },
  expired: {
    title: 'Verification link expired',
    description: 'This verification link has expired. Log in and request a new one from your profile.',
    variant: 'destructive',
  },
  error: {
    title: 'Verification failed',
    description: "We couldn't verify your email. Please try again, or request a new link from your profile.",
    variant: 'destructive',
  },
};

/** Shows the result of an email verification link (`?verified=true`, `?verification=...`), then clears it. */
export function VerificationResultToast() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const verified = params.get('verified');
    const failure = params.get('verification');
    if (verified === null && failure === null) return;
    if (verified === 'true') {
      toast({
        title: 'Email Verified!',
        description: 'Your email address is confirmed. You can now write reviews and enter giveaways.',
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    } else if (failure && FAILURES[failure]) {
      toast(FAILURES[failure]);
    }
    params.delete('verified');
    params.delete('verification');
    const rest = params.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}${window.location.hash}`, { replace: true });
  }, [search, pathname, navigate, queryClient]);

  return null;
}
