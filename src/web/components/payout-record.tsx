import { PAYOUT_TIER_LABELS, type PayoutTier } from '../../domain/payout-rules';
import { cn } from '../lib/cn';

export const PAYOUT_TIER_STYLES: Readonly<Record<PayoutTier, string>> = {
  high: 'bg-emerald-100 text-emerald-800',
  medium: 'bg-sky-100 text-sky-800',
  low: 'bg-amber-100 text-amber-900',
  insufficient: 'bg-slate-100 text-slate-700',
};

/** Days as the payout record states them: whole, or with one decimal (a median of two). */
export function formatPayoutDays(days: number): string {
  const shown = Number.isInteger(days) ? String(days) : days.toFixed(1);
  return `${shown} ${days === 1 ? 'day' : 'days'}`;
}

/** The tier and the median days in words: 'High, median payout in 6 days'. */
export function payoutRecordSummary(tier: PayoutTier | null, medianDays: number | null): string {
  const label = PAYOUT_TIER_LABELS[tier ?? 'insufficient'];
  return medianDays == null ? label : `${label}, median payout in ${formatPayoutDays(medianDays)}`;
}

/** A firm's payout record in a sentence, for a screen reader and a tooltip. */
export const payoutRecordText = (tier: PayoutTier | null, medianDays: number | null) =>
  `Payout record: ${payoutRecordSummary(tier, medianDays)}`;

/**
 * The payout record tier and median days in one compact pill (directory cards, the finder,
 * /compare); the whole sentence is its accessible name.
 */
export function PayoutRecordBadge({
  tier,
  medianDays,
  className,
}: {
  tier: PayoutTier | null;
  medianDays: number | null;
  className?: string;
}) {
  const shown = tier ?? 'insufficient';
  const text = payoutRecordText(tier, medianDays);
  return (
    <span
      title={text}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        PAYOUT_TIER_STYLES[shown],
        className,
      )}
    >
      <span className="sr-only">{text}</span>
      <span aria-hidden="true">
        Payouts: {PAYOUT_TIER_LABELS[shown]}
        {medianDays != null ? <span className="font-normal"> · {formatPayoutDays(medianDays)}</span> : null}
      </span>
    </span>
  );
}
