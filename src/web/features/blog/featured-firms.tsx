import { Link } from 'wouter';
import ExternalLink from '~icons/lucide/external-link';
import type { BlogFirm } from '../../../domain/blog';
import { makeInitials } from '../../../domain/coupon-rules';
import { Button } from '../../components/ui/button';
import { outboundLinkProps } from '../../lib/analytics';
import { HtmlContent } from './html-content';

/** The template's 'Featured Prop Firms' cards, each with its optional note. */
export function FeaturedFirms({ firms, notes }: { firms: BlogFirm[]; notes: Record<string, string> }) {
  if (firms.length === 0) return null;
  return (
    <section aria-labelledby="featured-firms" className="my-10">
      <h2 id="featured-firms" className="text-2xl font-bold text-slate-900">
        Featured Prop Firms
      </h2>
      <ol className="mt-4 space-y-4">
        {firms.map((firm, i) => (
          <li key={firm.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-center gap-4">
              <span className="text-lg font-bold text-slate-400">{i + 1}</span>
              {firm.logo ? (
                <img
                  src={firm.logo}
                  alt={`${firm.name} logo`}
                  className="size-12 rounded-lg border border-slate-200 object-contain"
                />
              ) : (
                <span
                  className="flex size-12 items-center justify-center rounded-lg bg-brand-100 font-bold text-brand-700"
                  aria-hidden
                >
                  {makeInitials(firm.name)}
                </span>
              )}
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold text-slate-900">{firm.name}</h3>
                {firm.shortDescription ? (
                  <p className="text-sm text-slate-600">{firm.shortDescription}</p>
                ) : null}
              </div>
            </div>
            {notes[String(firm.id)] ? (
              <HtmlContent
                html={notes[String(firm.id)]}
                compact
                className="mt-3 rounded-lg bg-slate-50 p-3"
              />
            ) : null}
            <div className="mt-4 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" asChild>
                <Link to={`/firm/${firm.slug}`}>Read review</Link>
              </Button>
              {firm.affiliateUrl ? (
                <Button size="sm" asChild>
                  <a
                    href={`/outbound/${encodeURIComponent(firm.slug)}`}
                    target="_blank"
                    rel="sponsored noopener"
                    {...outboundLinkProps}
                  >
                    Visit {firm.name} <ExternalLink aria-hidden />
                  </a>
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
