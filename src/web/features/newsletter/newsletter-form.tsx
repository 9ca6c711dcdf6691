import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import CheckCircle2 from '~icons/lucide/check-circle-2';
import type { SubscribeResult } from '../../../domain/newsletter';
import { looksLikeEmail } from '../../../domain/newsletter-rules';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorMessage, errorStatus, serverMessage } from '../../lib/api';
import { cn } from '../../lib/cn';

/** Idle, submitting ('Subscribing', inputs disabled) and subscribed, per spec sections 4, 5 and 8. */
export function NewsletterForm({
  source,
  tags = [],
  buttonLabel = 'Subscribe',
  tone = 'light',
}: {
  source: string;
  tags?: string[];
  buttonLabel?: string;
  tone?: 'light' | 'dark';
}) {
  const [email, setEmail] = useState('');
  const [subscribed, setSubscribed] = useState(false);
  const inputId = useId();
  const mutation = useMutation({
    mutationFn: (address: string) =>
      apiJson<SubscribeResult>('POST', '/api/newsletter/subscribe', { email: address, source, tags }),
    onSuccess: (result) => {
      if (result.message.toLowerCase().includes('already subscribed')) {
        toast({ title: 'Already Subscribed!', description: result.message, variant: 'info' });
        return;
      }
      setSubscribed(true);
      toast({ title: 'Check your inbox', description: result.message, variant: 'success' });
    },
    onError: (error) => {
      const message = errorMessage(error);
      if (message.toLowerCase().includes('already subscribed')) {
        toast({ title: 'Already Subscribed!', description: serverMessage(error), variant: 'info' });
      } else if (errorStatus(error) === 422) {
        toast({
          title: 'Invalid Email',
          description: 'Please check your email address and try again.',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Subscription Failed',
          description: serverMessage(error) || 'Failed to subscribe. Please try again.',
          variant: 'destructive',
        });
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      toast({
        title: 'Invalid Email',
        description: 'Please enter a valid email address.',
        variant: 'destructive',
      });
      return;
    }
    mutation.mutate(email.trim());
  }

  if (subscribed) {
    return (
      <p
        role="status"
        className={cn(
          'flex items-center justify-center gap-2 font-semibold',
          tone === 'dark' ? 'text-white' : 'text-emerald-700',
        )}
      >
        <CheckCircle2 className="size-5" aria-hidden /> Successfully subscribed!
      </p>
    );
  }

  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-2 sm:flex-row" noValidate>
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <Input
        id={inputId}
        type="email"
        autoComplete="email"
        placeholder="Enter your email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={mutation.isPending}
        className="flex-1 bg-white text-slate-900"
      />
      <Button
        type="submit"
        disabled={email.trim() === '' || mutation.isPending}
        variant={tone === 'dark' ? 'inverse' : 'default'}
        className={tone === 'dark' ? 'hover:bg-brand-50' : undefined}
      >
        {mutation.isPending ? 'Subscribing' : buttonLabel}
      </Button>
    </form>
  );
}
