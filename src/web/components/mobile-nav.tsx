import type { RefObject } from 'react';
import { Link } from 'wouter';
import ShieldCheck from '~icons/lucide/shield-check';
import UserRound from '~icons/lucide/user-round';
import type { CurrentUser } from '../../domain/accounts';
import { cn } from '../lib/cn';
import { NavLink } from './nav-link';
import { Badge } from './ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './ui/sheet';

export interface NavItem {
  to: string;
  label: string;
}

interface MobileNavProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: NavItem[];
  user: CurrentUser | null | undefined;
  showAdmin: boolean;
  /** The button that opens the panel: focus goes back to it on close, the panel having no Trigger. */
  openerRef: RefObject<HTMLButtonElement | null>;
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2 rounded-md px-3 py-3 text-base font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-100',
  );

/** The slide-out panel that holds the navigation below the lg breakpoint (spec section 2). */
export function MobileNav({ open, onOpenChange, links, user, showAdmin, openerRef }: MobileNavProps) {
  // Choosing a link closes the panel; the route change itself scrolls to top.
  const close = () => onOpenChange(false);
  const points = user ? user.points.toLocaleString('en-US') : '';
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        className="lg:hidden"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          openerRef.current?.focus();
        }}
      >
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={itemClass} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-1 border-t border-slate-200 pt-4">
            {showAdmin && (
              <NavLink to="/admin" className={itemClass} onClick={close}>
                <ShieldCheck className="size-5" aria-hidden="true" />
                Admin
              </NavLink>
            )}
            {user ? (
              <NavLink to="/profile" className={itemClass} onClick={close}>
                <UserRound className="size-5" aria-hidden="true" />
                Profile
                <Badge variant="secondary">
                  {points}
                  <span className="sr-only"> points</span>
                </Badge>
              </NavLink>
            ) : (
              <Link
                to="/auth"
                onClick={close}
                className="mt-2 flex h-11 items-center justify-center rounded-md bg-brand-600 px-4 text-base font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                Log In / Sign Up
              </Link>
            )}
          </div>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
