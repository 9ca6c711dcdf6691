import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'wouter';
import { StatusPanel } from './status-panel';
import { Button } from './ui/button';

/**
 * What a visitor sees for a page, firm, deal, post or giveaway that is not there: a 404 with a
 * noindex head, what is missing, and the way back to where such things are listed.
 */
export function NotFoundPanel({
  title,
  text,
  canonicalPath,
  back,
  icon,
  eyebrow,
  children,
}: {
  title: string;
  text: string;
  canonicalPath: string;
  /** The main way on: a list of what was asked for, or home. */
  back: { to: string; label: string };
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  eyebrow?: string;
  /** Further ways on, after `back`. */
  children?: ReactNode;
}) {
  return (
    <StatusPanel
      status={404}
      title={title}
      text={text}
      canonicalPath={canonicalPath}
      icon={icon}
      eyebrow={eyebrow}
    >
      <Button asChild>
        <Link to={back.to}>{back.label}</Link>
      </Button>
      {children}
    </StatusPanel>
  );
}
