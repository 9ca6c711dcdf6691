import { cn } from '../../lib/cn';

/**
 * HTML from the API, which sanitises every stored HTML field with an allowlist when it is
 * written and again when it is served. `compact` sets small text at its own line height (a note
 * in a card) instead of the article's relaxed line height.
 */
export function HtmlContent({
  html,
  compact = false,
  className,
}: {
  html: string;
  compact?: boolean;
  className?: string;
}) {
  if (!html) return null;
  return (
    <div
      className={cn(
        'space-y-4 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 [&_iframe]:aspect-video [&_iframe]:w-full [&_img]:rounded-lg [&_li]:ml-6 [&_ol]:list-decimal [&_table]:w-full [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:p-2 [&_ul]:list-disc',
        compact ? 'text-sm' : 'leading-relaxed',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
