import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';

/** The shared layout of the four legal pages: heading, last-updated date, readable prose. */
export function LegalDocument({
  title,
  intro,
  updated,
  children,
}: {
  title: string;
  intro: string;
  /** ISO date of the last change. */
  updated: string;
  children: ReactNode;
}) {
  const label = new Date(`${updated}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <>
      <PageHeader title={title} intro={intro}>
        <p className="mt-4 text-sm text-slate-600">
          Last updated: <time dateTime={updated}>{label}</time>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-10 leading-relaxed text-slate-700 sm:px-6 [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:pt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:ml-6 [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_td]:align-top [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:p-2 [&_th]:text-left [&_ul]:list-disc [&_ul]:space-y-1">
        {children}
      </div>
    </>
  );
}
