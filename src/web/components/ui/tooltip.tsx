import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { type ComponentProps, createContext, type ReactNode, use } from 'react';
import { cn } from '../../lib/cn';

const InProvider = createContext(false);

/**
 * Spec section 9: tooltips open after 700 ms; moving between triggers within 300 ms skips the
 * delay. Wrap a group of tooltips in one provider to share that skip; a lone Tooltip brings its own.
 * Not in the app shell, so Radix tooltips load only with the pages that show them.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
      <InProvider value={true}>{children}</InProvider>
    </TooltipPrimitive.Provider>
  );
}

export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const root = <TooltipPrimitive.Root {...props} />;
  return use(InProvider) ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-slate-900" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
