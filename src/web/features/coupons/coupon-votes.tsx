import { useState } from 'react';
import ThumbsDown from '~icons/lucide/thumbs-down';
import ThumbsUp from '~icons/lucide/thumbs-up';
import { formatSuccessRate } from '../../../domain/coupon-rules';
import type { Coupon } from '../../../domain/coupons';
import { formatDate } from '../../../domain/format';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api';
import { useVoteOnCoupon } from './queries';

/** 'Did this code work?' with yes/no votes, the success rate from 5 votes, and last verified. */
export function CouponVotes({ coupon }: { coupon: Coupon }) {
  const vote = useVoteOnCoupon(coupon.id);
  const [votes, setVotes] = useState(coupon.votes);
  const [answered, setAnswered] = useState<boolean | null>(null);
  const rate = formatSuccessRate(votes);

  function send(worked: boolean) {
    vote.mutate(worked, {
      onSuccess: (result) => {
        setVotes(result.votes);
        setAnswered(worked);
      },
      onError: (error) =>
        toast({
          title: 'Vote Failed',
          description: serverMessage(error) || 'Please try again.',
          variant: 'destructive',
        }),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
      <span>{answered === null ? 'Did this code work?' : 'Thanks for your feedback!'}</span>
      <span className="inline-flex gap-1">
        <button
          type="button"
          onClick={() => send(true)}
          disabled={vote.isPending}
          aria-pressed={answered === true}
          aria-label="Yes, the code worked"
          className="inline-flex size-7 items-center justify-center rounded-md border border-slate-200 hover:bg-emerald-50 aria-pressed:bg-emerald-100"
        >
          <ThumbsUp className="size-3.5" aria-hidden />
        </button>
        <button
          type="button"
          onClick={() => send(false)}
          disabled={vote.isPending}
          aria-pressed={answered === false}
          aria-label="No, the code did not work"
          className="inline-flex size-7 items-center justify-center rounded-md border border-slate-200 hover:bg-red-50 aria-pressed:bg-red-100"
        >
          <ThumbsDown className="size-3.5" aria-hidden />
        </button>
      </span>
      {rate ? <span>{rate} success rate</span> : null}
      {coupon.lastVerifiedAt ? <span>Verified {formatDate(coupon.lastVerifiedAt)}</span> : null}
    </div>
  );
}
