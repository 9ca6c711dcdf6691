import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import ChevronDown from '~icons/lucide/chevron-down';
import Menu from '~icons/lucide/menu';
import ShieldCheck from '~icons/lucide/shield-check';
import TrendingUp from '~icons/lucide/trending-up';
import UserRound from '~icons/lucide/user-round';
import { currentUserQuery } from '../features/accounts/queries';
import { cn } from '../lib/cn';
import { useSiteConfig } from '../lib/site-config';
import type { NavItem } from './mobile-nav';
import { isActivePath, NavLink } from './nav-link';
import { Badge } from './ui/badge';
import { Button } from './ui/button';

const primaryLinks: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/firms', label: 'All Prop Firms' },
  { to: '/challenges', label: 'Challenges' },
  { to: '/blog', label: 'News' },
  { to: '/coupons', label: 'Coupon Codes' },
];

const moreLinks: NavItem[] = [
  { to: '/giveaways', label: 'Giveaways' },
  { to: '/earn-points', label: 'Earn Points' },
];

/** Pages where the site's `showAdminLink` flag decides whether admins see the Admin link. */
const flaggedAdminPaths = new Set(['/', '/firms', '/blog']);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/**
 * The desktop 'More' menu as a WAI-ARIA disclosure: a button that shows a list of links. It closes
 * on Escape (focus returns to the button), on a click or focus outside it, and when a link is chosen.
 */
function MoreMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const active = moreLinks.some((l) => isActivePath(pathname, l.to));

  useEffect(() => {
    if (!open) return;
    // A click or focus anywhere outside the menu closes it.
    const onOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant={active ? 'selected' : 'ghost'}
        size="nav"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        More
        <ChevronDown aria-hidden="true" />
      </Button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1.5 min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
      >
        {moreLinks.map((link) => {
          const current = isActivePath(pathname, link.to);
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={current ? 'page' : undefined}
                onClick={() => setOpen(false)}
                className={cn(
                  'flex items-center rounded-md px-2.5 py-2 text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500',
                  current && 'font-semibold text-brand-700',
                )}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// The slide-out panel's code loads on first open: most visits never open it.
const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));

export function SiteNav() {
  const [pathname] = useLocation();
  const config = useSiteConfig();
  const { data: user } = useQuery(currentUserQuery);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const showAdmin = Boolean(user?.isAdmin) && (config.showAdminLink || !flaggedAdminPaths.has(pathname));
  const points = user ? user.points.toLocaleString('en-US') : '';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-sm"
          >
            <TrendingUp className="size-5" />
          </span>
          <span className="text-lg tracking-tight">Prop Firm Club</span>
        </Link>

        <ul className="ml-4 hidden items-center gap-1 lg:flex">
          {primaryLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <MoreMenu pathname={pathname} />
          </li>
        </ul>

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {showAdmin && (
            <NavLink to="/admin" className={linkClass}>
              <span className="flex items-center gap-1.5">
                <ShieldCheck className="size-4" aria-hidden="true" />
                Admin
              </span>
            </NavLink>
          )}
          {user ? (
            <NavLink to="/profile" className={linkClass}>
              <span className="flex items-center gap-2">
                <UserRound className="size-4" aria-hidden="true" />
                Profile
                <Badge variant="secondary">
                  {points}
                  <span className="sr-only"> points</span>
                </Badge>
              </span>
            </NavLink>
          ) : (
            <Button asChild size="sm">
              <Link to="/auth">Log In / Sign Up</Link>
            </Button>
          )}
        </div>

        <Button
          ref={menuButtonRef}
          variant="ghost"
          size="icon"
          className="ml-auto lg:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuRequested(true);
            setMenuOpen(true);
          }}
        >
          <Menu className="size-6" aria-hidden="true" />
        </Button>
        {menuRequested ? (
          <Suspense fallback={null}>
            <MobileNav
              open={menuOpen}
              onOpenChange={setMenuOpen}
              links={[...primaryLinks, ...moreLinks]}
              user={user}
              showAdmin={showAdmin}
              openerRef={menuButtonRef}
            />
          </Suspense>
        ) : null}
      </nav>
    </header>
  );
}
