import { cva, type VariantProps } from 'class-variance-authority';
import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const Tabs = TabsPrimitive.Root;

/**
 * The strip of tab triggers. It sets no display: the caller picks one (`inline-flex`, `flex`,
 * `grid grid-cols-2` ...) in `className`, since `cn` does not merge a display that fights ours.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 text-slate-600',
        className,
      )}
      {...props}
    />
  );
}

const tabsTriggerVariants = cva(
  'inline-flex items-center justify-center whitespace-nowrap rounded-md py-1.5 font-medium transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
  {
    variants: {
      size: {
        md: 'gap-1.5 px-3 text-sm',
        /** Smaller text and padding below the sm breakpoint, so four tabs fit a phone's width. */
        compact: 'gap-1 px-1.5 text-[13px] sm:gap-1.5 sm:px-3 sm:text-sm',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export function TabsTrigger({
  className,
  size,
  ...props
}: ComponentProps<typeof TabsPrimitive.Trigger> & VariantProps<typeof tabsTriggerVariants>) {
  return <TabsPrimitive.Trigger className={cn(tabsTriggerVariants({ size }), className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn('mt-4 focus-visible:outline-2 focus-visible:outline-brand-500', className)}
      {...props}
    />
  );
}
