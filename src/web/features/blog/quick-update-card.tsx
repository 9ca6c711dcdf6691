import { useState } from 'react';
import type { QuickUpdate } from '../../../domain/blog';
import { QUICK_UPDATE_PREVIEW_CHARS } from '../../../domain/blog-rules';
import { formatDate } from '../../../domain/format';

/** Content longer than 150 characters is truncated with a Read more / Show less toggle. */
export function QuickUpdateCard({ update }: { update: QuickUpdate }) {
  const [open, setOpen] = useState(false);
  const long = update.content.length > QUICK_UPDATE_PREVIEW_CHARS;
  const text =
    long && !open ? `${update.content.slice(0, QUICK_UPDATE_PREVIEW_CHARS).trimEnd()}...` : update.content;
  return (
    <article className="flex h-full flex-col gap-2 rounded-xl border-l-4 border-brand-500 bg-white p-5 shadow-sm">
      <p className="text-xs font-medium text-slate-600">{formatDate(update.createdAt)}</p>
      <h3 className="font-semibold text-slate-900">{update.title}</h3>
      <p className="whitespace-pre-line text-sm text-slate-700">{text}</p>
      {long ? (
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          className="self-start text-sm font-semibold text-brand-700 hover:underline"
        >
          {open ? 'Show less' : 'Read more'}
        </button>
      ) : null}
    </article>
  );
}
