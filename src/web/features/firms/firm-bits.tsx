import { Building2, Star } from 'lucide-react';
import { Link } from 'react-router';
import { normalizeTrustRating, roundStars, trustRatingLabel } from '../../../domain/firm-rules';
import { cn } from '../../lib/cn';

const TRUST_STYLES = {
  approved: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  caution: 'bg-amber-100 text-amber-900 ring-amber-200',
  avoid: 'bg-red-100 text-red-800 ring-red-200',
  'not tested': 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

/** The coloured trust badge; every badge explains itself through /methodology. */
export function TrustBadge({ rating, className }: { rating: string | null | undefined; className?: string }) {
  const value = normalizeTrustRating(rating);
  return (
    <Link
      to="/methodology"
      title="How we rate firms"
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset hover:underline',
        TRUST_STYLES[value],
        className,
      )}
    >
      {trustRatingLabel(rating)}
      <span className="sr-only"> trust rating, how we rate</span>
    </Link>
  );
}

export function StarRating({ average, size = 'sm' }: { average: number; size?: 'sm' | 'lg' }) {
  const full = roundStars(average);
  return (
    <span className="inline-flex items-center" role="img" aria-label={`${full} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(
            size === 'lg' ? 'size-5' : 'size-4',
            n <= full ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200',
          )}
        />
      ))}
    </span>
  );
}

export function FirmLogo({
  src,
  name,
  size = 'md',
}: {
  src: string | null;
  name: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'size-20' : size === 'sm' ? 'size-10' : 'size-14';
  if (!src) {
    return (
      <span
        className={cn(box, 'flex shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600')}
        aria-hidden="true"
      >
        <Building2 className="size-1/2" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={`${name} logo`}
      className={cn(box, 'shrink-0 rounded-xl border border-slate-200 bg-white object-contain p-1')}
      loading="lazy"
      decoding="async"
    />
  );
}
