import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useValueTypedBeforeHydration } from '../../lib/typed-before-hydration';

export function Textarea({ className, ref, ...props }: ComponentProps<'textarea'>) {
  const field = useValueTypedBeforeHydration<HTMLTextAreaElement>(props.value, ref);
  return (
    <textarea
      ref={field}
      className={cn(
        'flex min-h-24 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
