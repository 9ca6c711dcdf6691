import { Link } from 'wouter';
import Calendar from '~icons/lucide/calendar';
import Gift from '~icons/lucide/gift';
import Trophy from '~icons/lucide/trophy';
import Users from '~icons/lucide/users';
import { formatGiveawayDate, giveawayBadge } from '../../../domain/giveaway-rules';
import type { Giveaway } from '../../../domain/giveaways';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';

/** The giveaway's picture, falling back to the sponsor's logo, then an icon (spec section 2). */
export function GiveawayImage({ giveaway, className }: { giveaway: Giveaway; className?: string }) {
  const src = giveaway.giveawayImage || giveaway.propFirm?.logo;
  if (src) {
    return (
      <img
        src={src}
        alt=""
        className={className ?? 'h-40 w-full bg-slate-50 object-contain p-4'}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <div
      className={`flex items-center justify-center bg-brand-50 text-brand-600 ${className ?? 'h-40 w-full'}`}
    >
      <Gift className="size-12" aria-hidden />
    </div>
  );
}

export function GiveawayStatusBadge({ giveaway, now }: { giveaway: Giveaway; now: number }) {
  const label = giveawayBadge(giveaway, now);
  return (
    <Badge variant={label === 'Active' ? 'success' : label === 'Ended' ? 'neutral' : 'outline'}>
      {label}
    </Badge>
  );
}

export function GiveawayCard({ giveaway, now }: { giveaway: Giveaway; now: number }) {
  const href = `/giveaways/${giveaway.slug}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <GiveawayImage giveaway={giveaway} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-semibold text-slate-900">
            <Link to={href} className="hover:text-brand-700">
              {giveaway.title}
            </Link>
          </h3>
          <GiveawayStatusBadge giveaway={giveaway} now={now} />
        </div>
        {giveaway.description ? (
          <div
            className="line-clamp-3 space-y-2 text-sm text-slate-600 [&_a]:text-brand-700 [&_a]:underline"
            // Sanitised by the server on write and on read.
            dangerouslySetInnerHTML={{ __html: giveaway.description }}
          />
        ) : null}
        <Link to={href} className="text-sm font-medium text-brand-700 hover:underline">
          Learn More
        </Link>
        {giveaway.prizeDescription || giveaway.prizeValue ? (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <Trophy className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {giveaway.prizeDescription}
              {giveaway.prizeValue ? <strong className="ml-1">({giveaway.prizeValue})</strong> : null}
            </span>
          </p>
        ) : null}
        {giveaway.propFirm ? (
          <p className="text-sm text-slate-600">
            Sponsored by{' '}
            <Link
              to={`/firm/${giveaway.propFirm.slug}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {giveaway.propFirm.name}
            </Link>
          </p>
        ) : null}
        <div className="mt-auto space-y-1 text-sm text-slate-600">
          <p className="flex items-center gap-2">
            <Users className="size-4" aria-hidden />
            {giveaway.entryCount} {giveaway.entryCount === 1 ? 'entry' : 'entries'}
          </p>
          <p className="flex items-center gap-2">
            <Calendar className="size-4" aria-hidden />
            Ends {formatGiveawayDate(giveaway.endDate)}
          </p>
        </div>
        <Button asChild className="mt-2 w-full">
          <Link to={href}>View Details & Enter</Link>
        </Button>
      </div>
    </article>
  );
}
