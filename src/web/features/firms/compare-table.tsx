import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import Plus from '~icons/lucide/plus';
import X from '~icons/lucide/x';
import { drawdownTypeLabel } from '../../../domain/challenge-rules';
import {
  formatDailyDrawdown,
  formatPricingType,
  SEARCH_MIN_LENGTH,
  showsPayoutFrequency,
  trustRatingLabel,
  yesNo,
} from '../../../domain/firm-rules';
import type { FirmDetails, FundingModel } from '../../../domain/firms';
import { formatFunding, formatPercent, formatPrice } from '../../../domain/format';
import { payoutRecordSummary } from '../../components/payout-record';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { cn } from '../../lib/cn';
import { MAX_COMPARED_FIRMS } from './compare-slugs';
import { valuesDiffer } from './display';
import { ClaimedBadge, FirmLogo, TrustBadge } from './firm-bits';
import { firmDetailsQuery, firmPlatformsQuery, firmSearchQuery } from './queries';

type Cell = string | null;

const pct = (n: number | null | undefined) => (n != null && n > 0 ? formatPercent(n) : null);

function modelRows(firm: FirmDetails, model: FundingModel | undefined, platforms: string | null) {
  const accounts = model ? firm.accounts.filter((a) => a.fundingModelId === model.id) : [];
  const prices = accounts
    .sort((a, b) => a.capital - b.capital)
    .map(
      (a) =>
        `${formatFunding(a.capital)}: ${formatPrice(a.price)}${a.pricingType === 'monthly' ? formatPricingType(a.pricingType) : ''}`,
    )
    .join('\n');
  const targets = model
    ? [model.profitTargetPhase1, model.profitTargetPhase2, model.profitTargetPhase3]
        .map((t, i) => (t != null && t > 0 ? `Phase ${i + 1}: ${formatPercent(t)}` : null))
        .filter(Boolean)
        .join('\n')
    : '';
  const row: Record<string, Cell> = {
    'Trust rating': trustRatingLabel(firm.trustRating),
    'Payout record': payoutRecordSummary(firm.payoutTier, firm.payoutMedianDays),
    'Price per account size': prices || null,
    'Profit targets': targets || null,
    'Daily drawdown': model ? formatDailyDrawdown(model.dailyDrawdown) : null,
    'Maximum drawdown': model ? pct(model.maximumDrawdown) : null,
    'Drawdown type': drawdownTypeLabel(model?.drawdownType),
    'Profit split': model ? pct(model.profitSplit) : null,
    'Payout frequency': model && showsPayoutFrequency(model.payoutFrequency) ? model.payoutFrequency : null,
    'Minimum trading days':
      model && (model.minimumTradingDays ?? 0) > 0 ? String(model.minimumTradingDays) : null,
    'Consistency rule': model
      ? model.consistencyRule && (model.consistencyPercentage ?? 0) > 0
        ? `Yes (${formatPercent(model.consistencyPercentage as number)})`
        : yesNo(model.consistencyRule)
      : null,
    'News trading': model?.newsTrading?.trim() || null,
    'Weekend holding': model ? yesNo(model.weekendHolding) : null,
    Platforms: platforms,
  };
  return row;
}

const ROW_LABELS = [
  'Trust rating',
  'Payout record',
  'Price per account size',
  'Profit targets',
  'Daily drawdown',
  'Maximum drawdown',
  'Drawdown type',
  'Profit split',
  'Payout frequency',
  'Minimum trading days',
  'Consistency rule',
  'News trading',
  'Weekend holding',
  'Platforms',
] as const;

const TYPING_PAUSE_MS = 200;

/**
 * Adds a firm by name through the fuzzy search (typos welcome), so the page never downloads the
 * whole directory to fill a list.
 */
function AddFirm({ chosen, onAdd }: { chosen: string[]; onAdd: (slug: string) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery(firmSearchQuery(query));
  const results = (search.data ?? []).filter((f) => f.status === 'listed' && !chosen.includes(f.slug));
  const searching = query.length >= SEARCH_MIN_LENGTH;
  const add = (slug: string) => {
    onAdd(slug);
    setText('');
  };
  return (
    <div className="grid gap-2 sm:max-w-md">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor="compare-add" className="text-sm font-medium text-slate-800">
          Add a firm
        </label>
        <span className="text-sm text-slate-600">
          {chosen.length} of {MAX_COMPARED_FIRMS} firms
        </span>
      </div>
      <Input
        id="compare-add"
        type="search"
        autoComplete="off"
        placeholder="Type a firm name..."
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter adds the best match, once the list shows the matches of what was typed.
          const best = results[0];
          if (e.key !== 'Enter' || !best || query !== text.trim()) return;
          e.preventDefault();
          add(best.slug);
        }}
      />
      {searching && search.data && (
        <ul
          aria-label="Firms to add"
          className="grid gap-1 rounded-md border border-slate-200 bg-white p-1 shadow-sm"
        >
          {results.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600">No listed firm matches "{query}".</li>
          ) : (
            results.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
                  onClick={() => add(f.slug)}
                >
                  <Plus className="size-4 text-brand-600" aria-hidden="true" />
                  <span className="sr-only">Add </span>
                  {f.name}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

export function CompareTable({ slugs, onChange }: { slugs: string[]; onChange: (slugs: string[]) => void }) {
  const details = useQueries({ queries: slugs.map((s) => firmDetailsQuery(s)) });
  const platforms = useQueries({ queries: slugs.map((s) => firmPlatformsQuery(s)) });
  const [chosenModels, setChosenModels] = useState<Record<string, number>>({});

  const columns = slugs.map((slug, i) => {
    const firm = details[i]?.data;
    const model = firm?.fundingModels.find((m) => m.id === chosenModels[slug]) ?? firm?.fundingModels[0];
    const names = platforms[i]?.data?.map((p) => p.name).join(', ') || null;
    return {
      slug,
      firm,
      model,
      failed: details[i]?.isError ?? false,
      rows: firm ? modelRows(firm, model, names) : null,
    };
  });

  // A name that matches no firm takes no slot: adding a firm drops such columns.
  const found = columns.filter((c) => !c.failed).map((c) => c.slug);
  return (
    <div className="grid gap-4">
      {found.length < MAX_COMPARED_FIRMS && (
        <AddFirm chosen={found} onAdd={(slug) => onChange([...found, slug])} />
      )}
      {slugs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          Choose up to four firms to compare them side by side.
        </p>
      ) : (
        <div
          className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
          tabIndex={0}
          role="region"
          aria-label="Firms side by side"
        >
          <table className="w-full min-w-[40rem] table-fixed text-left text-sm">
            <caption className="sr-only">
              Firms compared side by side; highlighted rows differ between firms
            </caption>
            <thead>
              <tr className="align-top">
                <th
                  scope="col"
                  className="sticky left-0 z-10 w-32 bg-slate-50 px-3 py-3 text-xs uppercase tracking-wide text-slate-600 sm:w-44 sm:px-4"
                >
                  Firm
                </th>
                {columns.map((col) => (
                  <th key={col.slug} scope="col" className="px-4 py-3">
                    {col.firm ? (
                      <div className="grid gap-2">
                        <div className="flex items-start justify-between gap-2">
                          <Link
                            to={`/firm/${col.firm.slug}`}
                            className="flex items-center gap-2 font-semibold text-slate-900 hover:text-brand-700"
                          >
                            <FirmLogo src={col.firm.logo} name={col.firm.name} size="sm" />
                            {col.firm.name}
                          </Link>
                          <button
                            type="button"
                            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                            aria-label={`Remove ${col.firm.name}`}
                            onClick={() => onChange(slugs.filter((s) => s !== col.slug))}
                          >
                            <X className="size-4" aria-hidden="true" />
                          </button>
                        </div>
                        <div className="flex flex-wrap gap-1">
                          <TrustBadge rating={col.firm.trustRating} className="w-fit" />
                          {col.firm.claimed && <ClaimedBadge className="w-fit" />}
                        </div>
                        {col.firm.fundingModels.length > 0 && (
                          <>
                            <label htmlFor={`model-${col.slug}`} className="sr-only">
                              Funding model of {col.firm.name}
                            </label>
                            <NativeSelect
                              id={`model-${col.slug}`}
                              className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm font-normal"
                              value={col.model?.id ?? ''}
                              onChange={(e) =>
                                setChosenModels({ ...chosenModels, [col.slug]: Number(e.target.value) })
                              }
                            >
                              {col.firm.fundingModels.map((m) => (
                                <option key={m.id} value={m.id}>
                                  {m.name}
                                </option>
                              ))}
                            </NativeSelect>
                          </>
                        )}
                      </div>
                    ) : col.failed ? (
                      <div className="flex items-center justify-between gap-2 font-normal text-slate-600">
                        "{col.slug}" was not found
                        <button
                          type="button"
                          className="rounded p-1 hover:bg-slate-100"
                          aria-label={`Remove ${col.slug}`}
                          onClick={() => onChange(slugs.filter((s) => s !== col.slug))}
                        >
                          <X className="size-4" aria-hidden="true" />
                        </button>
                      </div>
                    ) : (
                      <span className="font-normal text-slate-500">Loading...</span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ROW_LABELS.map((label) => {
                const values = columns.filter((c) => c.rows).map((c) => c.rows?.[label] ?? null);
                const differs = valuesDiffer(values);
                return (
                  <tr key={label} className={cn('align-top', differs && 'bg-amber-50')}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 bg-slate-50 px-3 py-3 font-medium text-slate-700 sm:px-4"
                    >
                      {label}
                      {differs && <span className="text-xs font-semibold text-amber-800"> (differs)</span>}
                    </th>
                    {columns.map((col) => (
                      <td key={col.slug} className="px-4 py-3 whitespace-pre-line text-slate-900">
                        {col.rows ? (col.rows[label] ?? 'N/A') : ''}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
