import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import ExternalLink from '~icons/lucide/external-link';
import {
  needsReadMore,
  sortUnlistedFirms,
  UNLISTED_READ_MORE_LENGTH,
  unlistedStatusLabel,
} from '../../../domain/firm-rules';
import type { UnlistedFirm } from '../../../domain/firms';
import { truncateText } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { FirmLogo } from './firm-bits';
import { unlistedFirmsQuery } from './queries';

const STATUS_VARIANT = {
  listing_pending: 'info',
  not_yet_listed: 'neutral',
  not_qualified: 'danger',
} as const;

function UnlistedRow({ firm }: { firm: UnlistedFirm }) {
  const [open, setOpen] = useState(false);
  const text = firm.description ?? '';
  const long = needsReadMore(text, UNLISTED_READ_MORE_LENGTH);
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <FirmLogo src={firm.logo} name={firm.name} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900">{firm.name}</h3>
          <Badge variant={STATUS_VARIANT[firm.status as keyof typeof STATUS_VARIANT] ?? 'neutral'}>
            {unlistedStatusLabel(firm.status)}
          </Badge>
          {firm.assetClass && <span className="text-xs text-slate-600">{firm.assetClass}</span>}
        </div>
        {text && (
          <p className="mt-1 text-sm text-slate-600">
            {long && !open ? (
              <span className="ellipsis-after">{truncateText(text, UNLISTED_READ_MORE_LENGTH, '')}</span>
            ) : (
              text
            )}{' '}
            {long && (
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                aria-expanded={open}
                onClick={() => setOpen(!open)}
              >
                {open ? 'Read less' : 'Read more'}
              </button>
            )}
          </p>
        )}
        {firm.link && (
          <a
            href={firm.link}
            target="_blank"
            rel="noopener nofollow"
            className="mt-1 inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
          >
            Website <ExternalLink className="size-3" aria-hidden="true" />
            <span className="sr-only"> of {firm.name} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </li>
  );
}

export function UnlistedFirms() {
  const { data } = useQuery(unlistedFirmsQuery());
  if (!data?.length) return null;
  return (
    <section aria-labelledby="unlisted-heading" className="mx-auto max-w-7xl px-4 pb-12 sm:px-6 lg:px-8">
      <h2 id="unlisted-heading" className="text-2xl font-bold text-slate-900">
        Firms Not Yet Listed
      </h2>
      <p className="mt-1 text-slate-600">Firms we are reviewing or have chosen not to list yet.</p>
      <ul className="mt-4 grid gap-3 md:grid-cols-2">
        {sortUnlistedFirms(data).map((firm) => (
          <UnlistedRow key={firm.id} firm={firm} />
        ))}
      </ul>
    </section>
  );
}
