import { Link } from 'wouter';
import ExternalLink from '~icons/lucide/external-link';
import TrendingUp from '~icons/lucide/trending-up';
import Users from '~icons/lucide/users';

const COMMUNITY_URL = 'https://community.propfirmclub.example';
const SOCIAL_URL = 'https://x.com/propfirmclub';

const columns: { heading: string; links: { to: string; label: string }[] }[] = [
  {
    heading: 'Directory',
    links: [
      { to: '/', label: 'Home' },
      { to: '/firms', label: 'All Prop Firms' },
      { to: '/blog', label: 'News' },
      { to: '/coupons', label: 'Coupon Codes' },
      { to: '/earn-points', label: 'Earn Points' },
    ],
  },
  {
    heading: 'Community',
    links: [
      { to: '/giveaways', label: 'Giveaways' },
      { to: '/verify-giveaway', label: 'Verification Tool' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/affiliate-disclosure', label: 'Affiliate Disclosure' },
      { to: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
];

const linkClass =
  'rounded-sm text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 lg:grid-cols-5">
          <div className="col-span-2 sm:col-span-3 lg:col-span-2">
            <Link
              to="/"
              className="inline-flex items-center gap-2 rounded-md font-bold text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-700"
              >
                <TrendingUp className="size-5" />
              </span>
              <span className="text-lg">Prop Firm Club</span>
            </Link>
            <p className="mt-4 max-w-sm text-sm">
              Independent reviews, trust ratings, coupon codes and giveaways for traders looking for a funded
              account.
            </p>
            <p className="mt-4 flex items-center gap-2 text-sm font-semibold text-white">
              <Users className="size-4" aria-hidden="true" />
              Join 10,000+ traders
            </p>
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
              <li>
                <a
                  href={COMMUNITY_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} inline-flex items-center gap-1`}
                >
                  Community
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
              <li>
                <a
                  href={SOCIAL_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} inline-flex items-center gap-1`}
                >
                  Follow us on X
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            </ul>
          </div>
          {columns.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2 className="text-sm font-semibold tracking-wide text-white">{column.heading}</h2>
              <ul className="mt-3 flex flex-col gap-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="mt-10 space-y-3 border-t border-slate-800 pt-6 text-xs leading-relaxed text-slate-400">
          <p>
            Affiliate disclosure: some links on this site are affiliate links, and we may earn a commission
            when you buy through them, at no extra cost to you. Read our{' '}
            <Link to="/affiliate-disclosure" className="text-slate-200 underline hover:text-white">
              affiliate disclosure
            </Link>
            .
          </p>
          <p>
            Risk disclaimer: trading leveraged products such as forex, futures, CFDs and crypto carries a high
            level of risk and may not be suitable for all investors; you can lose more than your initial
            deposit. The content on this site is for information only and is not financial advice. Past
            performance is not indicative of future results. Do your own research before buying any evaluation
            or funded account.
          </p>
          <p className="pt-2 text-slate-400">© 2024 Prop Firm Club. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
