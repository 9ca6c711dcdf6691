import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import Loader2 from '~icons/lucide/loader-2';
import Search from '~icons/lucide/search';
import { SEARCH_MIN_LENGTH } from '../../../domain/firm-rules';
import type { SearchResultFirm } from '../../../domain/firms';
import { sendActivity, withSessionId } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { FirmLogo } from './firm-bits';
import { firmSearchQuery } from './queries';

const TYPING_PAUSE_MS = 200;
const SEARCH_ANALYTICS_DEBOUNCE_MS = 1000;

const hasPage = (firm: SearchResultFirm) => firm.status === 'listed';
const hasWebsite = (firm: SearchResultFirm) => Boolean(firm.affiliateUrl || firm.websiteUrl);
const outboundPath = (firm: SearchResultFirm) => `/outbound/${encodeURIComponent(firm.slug)}`;

/**
 * The hero's firm search: a combobox whose listbox opens from 2 characters, closes on an outside
 * click or a choice, and is driven from the input with the arrow keys, Enter and Escape.
 */
export function FirmSearchBox() {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const enabled = query.length >= SEARCH_MIN_LENGTH;
  const search = useQuery({ ...firmSearchQuery(query), enabled });
  const results = enabled ? (search.data ?? []) : [];
  const showList = open && text.trim().length >= SEARCH_MIN_LENGTH;

  // Search analytics (spec section 7): one event per settled query, a second after typing stops.
  const resultsCount = search.data?.length;
  useEffect(() => {
    if (!enabled || resultsCount === undefined) return;
    const timer = setTimeout(
      () =>
        sendActivity('/api/analytics/search', {
          activityType: 'search',
          searchQuery: query,
          resultsCount,
          context: 'home_hero',
        }),
      SEARCH_ANALYTICS_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [enabled, query, resultsCount]);

  function choose(firm: SearchResultFirm, action: 'details' | 'website') {
    setOpen(false);
    setActive(-1);
    if (action === 'details' && hasPage(firm)) navigate(`/firm/${firm.slug}`);
    else if (hasWebsite(firm)) window.open(withSessionId(outboundPath(firm)), '_blank', 'noopener');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!results.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === 'Enter' && showList && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active], 'details');
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  function onOptionClick(event: MouseEvent<HTMLElement>, firm: SearchResultFirm) {
    const action = (event.target as HTMLElement).closest<HTMLElement>('[data-action]')?.dataset.action;
    choose(firm, action === 'website' ? 'website' : 'details');
  }

  return (
    <div ref={root} className="relative w-full max-w-2xl">
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search prop firms
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input
        id={`${listId}-input`}
        type="text"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="Search prop firms by name..."
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-14 w-full rounded-xl border border-slate-300 bg-white pr-12 pl-12 text-base text-slate-900 shadow-lg placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40"
      />
      {showList && search.isFetching && (
        <Loader2
          className="absolute top-1/2 right-4 size-5 -translate-y-1/2 animate-spin text-slate-500"
          aria-hidden="true"
        />
      )}
      {showList && results.length === 0 && !search.isFetching && enabled && (
        <p className="absolute z-40 mt-2 w-full rounded-xl border border-slate-200 bg-white p-4 text-left text-sm text-slate-600 shadow-xl">
          No firms match "{query}".
        </p>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label="Matching firms"
        hidden={!showList || results.length === 0}
        className="absolute z-40 mt-2 max-h-[400px] w-full overflow-y-auto rounded-xl border border-slate-200 bg-white text-left shadow-xl"
      >
        {showList &&
          results.map((firm, i) => (
            // Keyboard use goes through the input (aria-activedescendant), so the option only needs the click.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
            <div
              key={firm.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              onMouseEnter={() => setActive(i)}
              onClick={(e) => onOptionClick(e, firm)}
              className={cn(
                'flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-100 px-4 py-3 last:border-b-0',
                i === active && 'bg-brand-50',
              )}
            >
              <FirmLogo src={firm.logoUrl} name={firm.name} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{firm.name}</span>
                {(firm.assetClass || firm.description) && (
                  <span className="block truncate text-xs text-slate-600">
                    {firm.assetClass ?? firm.description}
                  </span>
                )}
              </span>
              {/* Below sm the actions take their own line under the name (indented past the logo). */}
              <span className="flex shrink-0 gap-2 text-xs font-semibold max-sm:basis-full max-sm:pl-13">
                {hasPage(firm) && (
                  <span data-action="details" className="rounded-md bg-brand-600 px-2.5 py-1.5 text-white">
                    View Details
                  </span>
                )}
                {hasWebsite(firm) && (
                  <span
                    data-action="website"
                    className="rounded-md border border-slate-300 px-2.5 py-1.5 text-slate-800"
                  >
                    View Website
                  </span>
                )}
              </span>
            </div>
          ))}
      </div>
    </div>
  );
}
