import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import BellIcon from '~icons/lucide/bell';
import BellOffIcon from '~icons/lucide/bell-off';
import RssIcon from '~icons/lucide/rss';
import type { CurrentUser } from '../../../domain/accounts';
import type { FirmDetails } from '../../../domain/firms';
import { formatDate } from '../../../domain/format';
import type { FollowState, RuleChange } from '../../../domain/rule-changes';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { firmFollowQuery, firmRuleChangesQuery, followedFirmsQuery } from './queries';

const SHOWN = 6;

/** Changes grouped by day, newest day first (the API answers newest first). */
function byDay(changes: RuleChange[]): { day: string; changes: RuleChange[] }[] {
  const days: { day: string; changes: RuleChange[] }[] = [];
  for (const change of changes) {
    const day = formatDate(change.createdAt);
    const last = days[days.length - 1];
    if (last?.day === day) last.changes.push(change);
    else days.push({ day, changes: [change] });
  }
  return days;
}

function FollowButton({ firm, user }: { firm: Pick<FirmDetails, 'slug' | 'name'>; user: CurrentUser }) {
  const queryClient = useQueryClient();
  const query = firmFollowQuery(firm.slug);
  const { data } = useQuery(query);
  const following = data?.following ?? false;
  const toggle = useMutation({
    mutationFn: () =>
      apiJson<FollowState>(
        following ? 'DELETE' : 'PUT',
        `/api/firms/${encodeURIComponent(firm.slug)}/follow`,
      ),
    onSuccess: (state) => {
      queryClient.setQueryData(query.queryKey, state);
      queryClient.invalidateQueries({ queryKey: followedFirmsQuery().queryKey });
      toast({
        title: state.following ? `Following ${firm.name}` : `Stopped following ${firm.name}`,
        description: state.following
          ? `We will email ${user.email} when its rules or prices change.`
          : 'You will not get emails about its rule changes.',
        variant: 'success',
      });
    },
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
  return (
    <Button
      variant={following ? 'outline' : 'default'}
      size="sm"
      aria-pressed={following}
      disabled={!data || toggle.isPending}
      onClick={() => toggle.mutate()}
    >
      {following ? <BellOffIcon aria-hidden="true" /> : <BellIcon aria-hidden="true" />}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}

/**
 * The firm's 'Rule changes' timeline: every admin change to its funding rules, prices and account
 * sizes, newest first, with Follow (an email per change) and the Atom feed.
 */
export function RuleChanges({ firm, user }: { firm: FirmDetails; user: CurrentUser | null | undefined }) {
  const { data, isPending, isError } = useQuery(firmRuleChangesQuery(firm.slug));
  const [showAll, setShowAll] = useState(false);
  const changes = data ?? [];
  const shown = showAll ? changes : changes.slice(0, SHOWN);
  return (
    <Card id="rule-changes" className="scroll-mt-24">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">Rule changes</CardTitle>
          {user ? (
            <FollowButton firm={firm} user={user} />
          ) : (
            <Button asChild variant="outline" size="sm">
              <Link to={`/auth?next=${encodeURIComponent(`/firm/${firm.slug}`)}`}>
                <BellIcon aria-hidden="true" /> Log in to follow
              </Link>
            </Button>
          )}
        </div>
      </CardHeader>
      <div className="px-5 pb-5">
        {isPending ? (
          <p className="text-sm text-slate-500">Loading changes...</p>
        ) : isError ? (
          <p className="text-sm text-slate-600">The changes could not be loaded.</p>
        ) : changes.length === 0 ? (
          <p className="text-sm text-slate-600">No rule changes recorded yet.</p>
        ) : (
          <ol className="relative grid gap-4 border-l border-slate-200 pl-4">
            {byDay(shown).map((group) => (
              <li key={group.day}>
                <span
                  className="absolute -left-[5px] mt-1.5 size-2.5 rounded-full bg-brand-500"
                  aria-hidden="true"
                />
                <p className="text-xs font-semibold text-slate-500">
                  <time dateTime={group.changes[0].createdAt}>{group.day}</time>
                </p>
                <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                  {group.changes.map((change) => (
                    <li key={change.id} className="break-words">
                      {change.text}
                      {change.reportedByFirm ? (
                        <span className="block text-xs text-slate-600">
                          Reported by the firm, checked by Prop Firm Club on {formatDate(change.createdAt)}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {changes.length > SHOWN ? (
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              aria-expanded={showAll}
              onClick={() => setShowAll((v) => !v)}
            >
              {showAll ? 'Show fewer' : `Show all ${changes.length} changes`}
            </button>
          ) : null}
          <a
            href={`/firm/${encodeURIComponent(firm.slug)}/rule-changes.xml`}
            className="inline-flex items-center gap-1 text-slate-600 hover:text-brand-700"
          >
            <RssIcon className="size-4" aria-hidden="true" /> Feed
          </a>
        </div>
      </div>
    </Card>
  );
}

/** The firms a trader follows, with a way to stop following each. */
export function FollowedFirms() {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(followedFirmsQuery());
  const unfollow = useMutation({
    mutationFn: (slug: string) =>
      apiJson<FollowState>('DELETE', `/api/firms/${encodeURIComponent(slug)}/follow`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: followedFirmsQuery().queryKey }),
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Firms you follow</CardTitle>
        <p className="text-sm text-slate-600">
          One email each time a firm changes its rules, prices or account sizes.
        </p>
      </CardHeader>
      <div className="px-5 pb-5">
        {isPending ? null : !data || data.length === 0 ? (
          <p className="text-sm text-slate-600">
            You follow no firm yet. Use Follow in a firm's Rule changes to get its changes by email.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.map((firm) => (
              <li key={firm.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  to={`/firm/${firm.slug}`}
                  className="font-medium break-words text-brand-700 hover:underline"
                >
                  {firm.name}
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={unfollow.isPending}
                  onClick={() => unfollow.mutate(firm.slug)}
                >
                  Unfollow<span className="sr-only"> {firm.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
