import type { ComponentType, ReactNode, SVGProps } from 'react';
import { HttpStatus, PageHead } from '../lib/page-context';

/**
 * The page a visitor sees instead of what they asked for: a missing firm, deal, post or page, or
 * one that could not be loaded. Sets the HTTP status and a noindex head, so crawlers drop it.
 */
export function StatusPanel({
  status,
  title,
  text,
  canonicalPath,
  icon: Icon,
  eyebrow,
  children,
}: {
  status: number;
  title: string;
  text: string;
  canonicalPath: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  /** A short line above the title, such as the status code. */
  eyebrow?: string;
  /** The ways on: links or buttons. */
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-24">
      <PageHead
        title={`${title} | Prop Firm Club`}
        description={text}
        canonicalPath={canonicalPath}
        noindex
      />
      <HttpStatus code={status} />
      {Icon && <Icon className="mb-4 size-12 text-brand-500" aria-hidden="true" />}
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{eyebrow}</p>}
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </section>
  );
}
