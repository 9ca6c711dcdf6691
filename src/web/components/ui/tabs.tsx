import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, createContext, type KeyboardEvent, use, useId, useState } from 'react';
import { cn } from '../../lib/cn';

/*
 * The WAI-ARIA tabs pattern with automatic activation: the selected tab is the one tab stop of the
 * strip, the arrow keys, Home and End move between tabs and select them, and only the selected
 * panel is rendered. Written here rather than taken from Radix: Radix Tabs brought its collection,
 * roving-focus and presence code to the firm page's first load (decision 0013).
 */

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> {
  /** The selected tab, when the caller holds it; otherwise `defaultValue` starts it. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export function Tabs({ value, defaultValue = '', onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ baseId, value: current, select }}>
      <div {...props} />
    </TabsContext>
  );
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** Moves focus (and so the selection) along the strip with the arrow keys, Home and End. */
function onTabListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const step = KEY_STEPS[event.key];
  if (!step) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (index === -1) return;
  event.preventDefault();
  tabs[step(index, tabs.length)].focus();
}

/**
 * The strip of tab triggers. It sets no display: the caller picks one (`inline-flex`, `flex`,
 * `grid grid-cols-2` ...) in `className`, since `cn` does not merge a display that fights ours.
 */
export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={onTabListKeyDown}
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

interface TabsTriggerProps
  extends Omit<ComponentProps<'button'>, 'value'>,
    VariantProps<typeof tabsTriggerVariants> {
  value: string;
}

export function TabsTrigger({ className, size, value, ...props }: TabsTriggerProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      onClick={() => tabs.select(value)}
      onFocus={() => tabs.select(value)}
      className={cn(tabsTriggerVariants({ size }), className)}
      {...props}
    />
  );
}

export function TabsContent({ className, value, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern makes the panel the next tab stop after the strip
      tabIndex={0}
      data-state="active"
      className={cn('mt-4 focus-visible:outline-2 focus-visible:outline-brand-500', className)}
      {...props}
    />
  );
}
