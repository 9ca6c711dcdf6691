import { useId } from 'react';
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

// Lucide's star, drawn once per rating and reused five times: a card list or a reviews tab shows
// hundreds of ratings, and five full icons each made a third of the /firms HTML.
const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';

/** The star's outline, for a list that draws it once for all its ratings (`StarRating`'s `starId`). */
export function StarShape() {
  return <path d={STAR_PATH} />;
}

/**
 * Five stars, `average` of them filled. The star is drawn once inside the rating, or, with
 * `starId`, taken from a symbol the list around it draws once for every rating (`StarShape`).
 */
export function StarRating({
  average,
  size = 'sm',
  starId,
}: {
  average: number;
  size?: 'sm' | 'lg';
  starId?: string;
}) {
  const full = roundStars(average);
  const ownStar = useId();
  const star = starId ?? ownStar;
  return (
    <svg
      role="img"
      aria-label={`${full} out of 5 stars`}
      viewBox="0 0 120 24"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      // Empty stars take the rating's colours; filled ones their own.
      className={cn(
        'inline-block shrink-0 fill-slate-200 text-slate-200',
        size === 'lg' ? 'h-5 w-25' : 'h-4 w-20',
      )}
    >
      {starId ? null : (
        <defs>
          <path id={ownStar} d={STAR_PATH} />
        </defs>
      )}
      {[0, 1, 2, 3, 4].map((i) => (
        <use
          key={i}
          href={`#${star}`}
          x={i * 24}
          width={24}
          height={24}
          className={i < full ? 'fill-amber-400 text-amber-400' : undefined}
        />
      ))}
    </svg>
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
