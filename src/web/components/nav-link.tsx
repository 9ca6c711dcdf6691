import type { ComponentProps } from 'react';
import { Link, useLocation } from 'wouter';

/** Whether a link to `to` leads to the current page: its path or a path below it (`/` only itself). */
export function isActivePath(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

interface NavLinkProps extends Omit<ComponentProps<'a'>, 'href' | 'className'> {
  to: string;
  className: (state: { isActive: boolean }) => string;
}

/** A navigation link that, when it leads to the current page, carries `aria-current="page"` and the active class. */
export function NavLink({ to, className, ...props }: NavLinkProps) {
  const [pathname] = useLocation();
  const isActive = isActivePath(pathname, to);
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
      {...props}
    />
  );
}
