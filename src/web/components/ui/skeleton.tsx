import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A grey placeholder block shown while data loads; hidden from assistive technology. `rounded`
 * matches the corners of what it stands for (`xl` for cards and logos).
 */
export function Skeleton({
  className,
  rounded = 'md',
  ...props
}: ComponentProps<'div'> & { rounded?: 'md' | 'xl' }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse bg-slate-200', rounded === 'xl' ? 'rounded-xl' : 'rounded-md', className)}
      {...props}
    />
  );
}
