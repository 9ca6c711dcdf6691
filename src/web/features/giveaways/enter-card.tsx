import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import CheckCircle2 from '~icons/lucide/check-circle-2';
import Clock from '~icons/lucide/clock';
import LogIn from '~icons/lucide/log-in';
import MailWarning from '~icons/lucide/mail-warning';
import type { CurrentUser } from '../../../domain/accounts';
import { isGiveawayOpen, SOCIAL_HANDLE_MAX } from '../../../domain/giveaway-rules';
import type { Giveaway } from '../../../domain/giveaways';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorStatus, serverMessage } from '../../lib/api';
import { myGiveawayEntryQuery, useEnterGiveaway } from './queries';

/** Spec section 8, giveaway entry: the toast a failed entry shows. */
export function enterErrorToast(error: unknown): { title: string; description: string; logIn?: boolean } {
  const message = serverMessage(error);
  if (errorStatus(error) === 401) {
    return { title: 'Unauthorized', description: 'You are logged out. Logging in again...', logIn: true };
  }
  if (message.includes('Email verification required')) {
    return {
      title: 'Email Verification Required',
      description:
        'Please verify your email address to enter giveaways. Check your inbox for a verification link.',
    };
  }
  return { title: 'Failed to Enter', description: message || 'Unable to enter giveaway. Please try again.' };
}

function Banner({
  tone,
  icon,
  children,
}: {
  tone: 'info' | 'warn' | 'ok' | 'muted';
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  const tones = {
    info: 'border-brand-200 bg-brand-50 text-brand-900',
    warn: 'border-amber-200 bg-amber-50 text-amber-900',
    ok: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    muted: 'border-slate-200 bg-slate-50 text-slate-800',
  };
  return (
    <div role="status" className={`flex items-start gap-3 rounded-xl border p-4 text-sm ${tones[tone]}`}>
      <span className="mt-0.5 shrink-0 [&_svg]:size-5">{icon}</span>
      <div>{children}</div>
    </div>
  );
}

export function EnterCard({
  giveaway,
  user,
  userLoading,
  now,
}: {
  giveaway: Giveaway;
  user: CurrentUser | null | undefined;
  userLoading: boolean;
  now: number;
}) {
  const { data: mine } = useQuery({ ...myGiveawayEntryQuery(giveaway.slug), enabled: Boolean(user) });
  const enter = useEnterGiveaway(giveaway.slug);
  const [handle, setHandle] = useState('');
  const hintId = useId();
  const inputId = useId();
  const open = isGiveawayOpen(giveaway, now) && !giveaway.entriesClosedAt;
  const full = giveaway.maxEntries !== null && giveaway.entryCount >= giveaway.maxEntries;
  const ticket = user ? mine?.userEntry?.ticketNumber : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast({
        title: 'Sign In Required',
        description: 'Please sign in to enter this giveaway.',
        variant: 'destructive',
      });
      return;
    }
    enter.mutate(handle, {
      onSuccess: () =>
        toast({
          title: 'Successfully Entered!',
          description: "You've been entered into the giveaway. Good luck!",
          variant: 'success',
        }),
      onError: (error) => {
        const t = enterErrorToast(error);
        toast({ title: t.title, description: t.description, variant: 'destructive' });
        if (t.logIn) setTimeout(() => window.location.assign('/api/login'), 500);
      },
    });
  };

  return (
    <section
      aria-labelledby="enter-giveaway"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="enter-giveaway" className="text-lg font-semibold text-slate-900">
        Enter Giveaway
      </h2>
      {ticket !== undefined ? (
        <Banner tone="ok" icon={<CheckCircle2 aria-hidden />}>
          <p className="font-semibold">You're entered! Ticket #{ticket}</p>
          <p>Good luck! Your ticket is in the entry list below.</p>
        </Banner>
      ) : !open ? (
        <Banner tone="muted" icon={<Clock aria-hidden />}>
          <p className="font-semibold">This giveaway has ended.</p>
          {giveaway.status !== 'completed' ? (
            <p>Entries are closed; the winners will be drawn soon.</p>
          ) : null}
        </Banner>
      ) : full ? (
        <Banner tone="muted" icon={<Clock aria-hidden />}>
          <p className="font-semibold">This giveaway is full.</p>
        </Banner>
      ) : (
        <>
          {!userLoading && !user ? (
            <Banner tone="info" icon={<LogIn aria-hidden />}>
              <p>
                <strong>Sign in required!</strong> You must be logged in to enter giveaways.{' '}
                <Link to="/auth" className="font-medium underline">
                  Log In / Sign Up
                </Link>
              </p>
            </Banner>
          ) : null}
          {user && !user.emailVerified ? (
            <Banner tone="warn" icon={<MailWarning aria-hidden />}>
              <p className="font-semibold">Email verification required!</p>
              <p>
                Verify your email address to enter. Check your inbox for the verification link, or send a new
                one from your{' '}
                <Link to="/profile" className="font-medium underline">
                  profile
                </Link>
                .
              </p>
            </Banner>
          ) : null}
          <form onSubmit={submit} className="space-y-3">
            <div className="space-y-1">
              <label htmlFor={inputId} className="sr-only">
                @yourusername (required)
              </label>
              <Input
                id={inputId}
                value={handle}
                onChange={(e) => setHandle(e.target.value)}
                placeholder="@yourusername (required)"
                maxLength={SOCIAL_HANDLE_MAX}
                aria-describedby={hintId}
                autoComplete="off"
              />
              <p id={hintId} className="text-xs text-slate-600">
                Required: Provide your social media handle to verify your entry.
              </p>
            </div>
            <Button type="submit" className="w-full" disabled={enter.isPending}>
              {enter.isPending ? 'Entering...' : 'Enter Giveaway'}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
