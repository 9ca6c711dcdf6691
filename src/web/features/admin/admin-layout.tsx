import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link, useLocation } from 'wouter';
import AwardIcon from '~icons/lucide/award';
import BadgeCheckIcon from '~icons/lucide/badge-check';
import BuildingIcon from '~icons/lucide/building-2';
import ChartIcon from '~icons/lucide/chart-column';
import ChartLineIcon from '~icons/lucide/chart-line';
import DatabaseIcon from '~icons/lucide/database';
import FilePenIcon from '~icons/lucide/file-pen';
import GiftIcon from '~icons/lucide/gift';
import HandCoinsIcon from '~icons/lucide/hand-coins';
import HistoryIcon from '~icons/lucide/history';
import InboxIcon from '~icons/lucide/inbox';
import DashboardIcon from '~icons/lucide/layout-dashboard';
import MailIcon from '~icons/lucide/mail';
import MegaphoneIcon from '~icons/lucide/megaphone';
import NewspaperIcon from '~icons/lucide/newspaper';
import ReceiptIcon from '~icons/lucide/receipt';
import SendIcon from '~icons/lucide/send';
import StarIcon from '~icons/lucide/star';
import TicketIcon from '~icons/lucide/ticket-percent';
import UserCogIcon from '~icons/lucide/user-cog';
import UsersIcon from '~icons/lucide/users';
import WalletIcon from '~icons/lucide/wallet';
import { cn } from '../../lib/cn';
import { PageHead } from '../../lib/page-context';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/**
 * The admin area's sections, in menu order. Each admin feature adds its page here (Coupons, Posts,
 * Updates, Giveaways, Points, Moderation, Users...) when the page exists: no link leads nowhere.
 */
export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin', label: 'Overview', icon: DashboardIcon },
  { to: '/admin/firms', label: 'Firms', icon: BuildingIcon },
  { to: '/admin/coupons', label: 'Coupons', icon: TicketIcon },
  { to: '/admin/posts', label: 'Posts', icon: NewspaperIcon },
  { to: '/admin/quick-updates', label: 'Quick updates', icon: MegaphoneIcon },
  { to: '/admin/giveaways', label: 'Giveaways', icon: GiftIcon },
  { to: '/admin/cashback-claims', label: 'Cashback claims', icon: ReceiptIcon },
  { to: '/admin/cash-outs', label: 'Cash-outs', icon: WalletIcon },
  { to: '/admin/postbacks', label: 'Postbacks', icon: InboxIcon },
  { to: '/admin/review-awards', label: 'Review awards', icon: AwardIcon },
  { to: '/admin/reviews', label: 'Reviews', icon: StarIcon },
  { to: '/admin/payout-reports', label: 'Payout reports', icon: HandCoinsIcon },
  { to: '/admin/firm-claims', label: 'Firm claims', icon: BadgeCheckIcon },
  { to: '/admin/change-requests', label: 'Change requests', icon: FilePenIcon },
  { to: '/admin/messages', label: 'Messages', icon: MailIcon },
  { to: '/admin/users', label: 'Users', icon: UserCogIcon },
  { to: '/admin/subscribers', label: 'Subscribers', icon: UsersIcon },
  { to: '/admin/newsletter', label: 'Deals email', icon: SendIcon },
  { to: '/admin/audit', label: 'Audit log', icon: HistoryIcon },
  { to: '/admin/data', label: 'Data', icon: DatabaseIcon },
  { to: '/admin/analytics', label: 'Analytics', icon: ChartIcon },
  { to: '/admin/firm-analytics', label: 'Firm analytics', icon: ChartLineIcon },
];

const isCurrent = (pathname: string, to: string) =>
  to === '/admin' ? pathname === '/admin' : pathname === to || pathname.startsWith(`${to}/`);

function AdminNav() {
  const [pathname] = useLocation();
  return (
    <nav aria-label="Admin" className="lg:sticky lg:top-20">
      {/* A row that scrolls sideways on a phone, a column beside the page on a laptop. */}
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
        {ADMIN_NAV.map((item) => {
          const current = isCurrent(pathname, item.to);
          return (
            <li key={item.to} className="shrink-0">
              <Link
                to={item.to}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500',
                  current
                    ? 'bg-brand-50 text-brand-700'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                <item.icon className="size-4 shrink-0" aria-hidden="true" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The frame of every /admin page: the admin navigation, the page's heading and actions, its body. */
export function AdminLayout({
  title,
  description,
  path,
  actions,
  children,
}: {
  title: string;
  description: string;
  /** The page's path, for its canonical URL. */
  path: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8 lg:py-10">
      <PageHead
        title={`${title} | Admin | Prop Firm Club`}
        description={description}
        canonicalPath={path}
        noindex
      />
      <AdminNav />
      <div className="mt-4 min-w-0 lg:mt-0">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        {children}
      </div>
    </div>
  );
}

/** An editor's address with no record behind it (`/admin/posts/abc`): what is missing, and the list. */
export function AdminNotFound({ what, list }: { what: 'firm' | 'coupon' | 'post'; list: string }) {
  return (
    <AdminLayout
      title={`${what[0].toUpperCase()}${what.slice(1)} not found`}
      description={`There is no ${what} at this address.`}
      path={list}
    >
      <Link to={list} className="text-brand-700 underline">
        Back to the {what}s
      </Link>
    </AdminLayout>
  );
}
