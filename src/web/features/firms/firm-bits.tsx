import { Link } from 'wouter';
import Building2 from '~icons/lucide/building-2';
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

/** Shown for a firm with a representative; says on /methodology what claiming means. */
export function ClaimedBadge({ className }: { className?: string }) {
  return (
    <Link
      to="/methodology#claimed-profiles"
      title="What a claimed profile means"
      className={cn(
        'inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-800 ring-1 ring-indigo-200 ring-inset hover:underline',
        className,
      )}
    >
      Claimed profile
      <span className="sr-only">: what this means</span>
    </Link>
  );
}

/**
 * Five stars, `average` of them filled (rounded to whole stars), as one element: the stylesheet
 * cuts the stars out of its two colours (`.stars` in styles.css). Five drawn stars were a sixth of
 * a firm card's elements and half its attributes, in every list of ratings the server renders.
 */
export function StarRating({ average, size = 'sm' }: { average: number; size?: 'sm' | 'lg' }) {
  const full = roundStars(average);
  return (
    <span
      role="img"
      aria-label={`${full} out of 5 stars`}
      className={`stars stars-${full} ${size === 'lg' ? 'h-5 w-25' : 'h-4 w-20'}`}
    />
  );
}

/**
 * The firm's logo, or a building for a firm without one: drawn here, or, with `iconId`, taken from
 * a symbol the list around it draws once (a card list of firms without logos repeated its paths).
 */
export function FirmLogo({
  src,
  name,
  size = 'md',
  iconId,
}: {
  src: string | null;
  name: string;
  size?: 'sm' | 'md' | 'lg';
  iconId?: string;
}) {
  const box = size === 'lg' ? 'size-20' : size === 'sm' ? 'size-10' : 'size-14';
  if (!src) {
    return (
      <span
        className={cn(box, 'flex shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600')}
        aria-hidden="true"
      >
        {iconId ? (
          <svg aria-hidden="true" className="size-1/2">
            <use href={`#${iconId}`} />
          </svg>
        ) : (
          <Building2 className="size-1/2" />
        )}
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
