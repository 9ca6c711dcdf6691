import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDate } from '../../../domain/format';
import type { AdminAward } from '../../../domain/points';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { apiJson, serverMessage } from '../../lib/api';
import { adminAwardsQuery } from './queries';

/** The weekly review awards, newest week first; an award can be revoked with a reason. */
export function AdminReviewAwards() {
  const { data, isPending, isError } = useQuery(adminAwardsQuery());
  return (
    <div className="grid gap-4">
      {isPending ? <p className="text-sm text-slate-600">Loading awards</p> : null}
      {isError ? <p className="text-sm text-red-700">The awards could not be loaded.</p> : null}
      {data?.length === 0 ? <p className="text-sm text-slate-600">No awards yet.</p> : null}
      {data?.map((award) => (
        <AwardCard key={award.id} award={award} />
      ))}
    </div>
  );
}

function AwardCard({ award }: { award: AdminAward }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const revoke = useMutation({
    mutationFn: () => apiJson('POST', `/api/admin/review-awards/${award.id}/revoke`, { reason }),
    onSuccess: async () => {
      toast({ title: 'Award revoked', description: `${award.author}: ${award.points} points taken back` });
      await queryClient.invalidateQueries({ queryKey: adminAwardsQuery().queryKey });
    },
    onError: (err) =>
      toast({ title: 'Revoke failed', description: serverMessage(err), variant: 'destructive' }),
  });
  return (
    <Card>
      <CardContent className="grid gap-2 pt-6 text-sm text-slate-700">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          #{award.rank} · {award.points} points
          {award.revokedAt ? (
            <Badge variant="danger">Revoked</Badge>
          ) : (
            <Badge variant="success">Awarded</Badge>
          )}
        </p>
        <p>
          "{award.reviewTitle}" on {award.firmName}, by {award.author} ({award.userEmail})
        </p>
        <p className="text-xs text-slate-500">
          Week of {formatDate(award.weekStart)} · score {award.score}
        </p>
        {award.revokedAt ? (
          <p className="text-red-800">
            Revoked {formatDate(award.revokedAt)}: {award.revokeReason}
          </p>
        ) : (
          <form
            className="mt-2 grid gap-2 sm:flex sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              revoke.mutate();
            }}
          >
            <div className="grid flex-1 gap-1.5">
              <Label htmlFor={`${id}-reason`}>Reason for revoking (recorded in the ledger)</Label>
              <Input
                id={`${id}-reason`}
                value={reason}
                minLength={3}
                maxLength={500}
                required
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            <Button type="submit" variant="destructive" disabled={revoke.isPending}>
              Revoke
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
