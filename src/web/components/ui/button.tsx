import { cva, type VariantProps } from 'class-variance-authority';
import { Children, type ComponentProps, cloneElement, type ReactElement } from 'react';
import { cn } from '../../lib/cn';

// `cn` does not merge conflicting utilities, so each group a caller may want to change (colours,
// focus ring colour, height/padding/gap, flex sizing) lives in exactly one variant: pick another
// variant rather than overriding it with `className`.
// What every button shares is one class, `btn` (styles.css): pages with dozens of buttons (the
// challenge cards, the directory) would otherwise carry this list in every one of them.
const buttonVariants = cva('btn', {
  variants: {
    variant: {
      default: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-500',
      outline:
        'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-100 focus-visible:outline-brand-500',
      ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-500',
      /** Ghost's shape for the current section of a menu: brand tint that stays on hover. */
      selected:
        'bg-brand-50 text-brand-700 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-brand-500',
      destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600',
      link: 'text-brand-600 underline-offset-4 hover:underline focus-visible:outline-brand-500',
      /** White on a brand or dark background; the caller adds the hover tint that suits it. */
      inverse: 'bg-white text-brand-700 shadow-sm focus-visible:outline-brand-500',
      /** Outline on a brand or dark background. */
      inverseOutline:
        'border border-white/60 bg-transparent text-white shadow-sm hover:bg-white/10 focus-visible:outline-brand-500',
    },
    size: {
      sm: 'h-8 gap-2 px-3 text-sm',
      md: 'h-10 gap-2 px-4 text-sm',
      lg: 'h-12 gap-2 px-6 text-base',
      icon: 'size-10 gap-2',
      /** sm's height with less side padding below the sm breakpoint, so three fit a phone's row. */
      compact: 'h-8 gap-2 px-2 text-sm sm:px-3',
      /** The header's height (the nav links are h-9) with a tight gap before a trailing icon. */
      nav: 'h-9 gap-1 px-3 text-sm',
      /** md's height without side padding: a link button that lines up with the text around it. */
      flush: 'h-10 gap-2 px-0 text-sm',
    },
    /** true: share a flex row's free space (flex-1); false: keep its own width (shrink-0). */
    grow: {
      true: 'flex-1',
      false: 'shrink-0',
    },
  },
  defaultVariants: { variant: 'default', size: 'md', grow: false },
});

type ButtonVariants = VariantProps<typeof buttonVariants>;

/**
 * The classes of each variant, size and grow asked for, kept by those three values (no key string
 * to build): pages of cards draw dozens of buttons, and `cva` works them out again on every call.
 */
const classesByVariant = new Map<unknown, Map<unknown, Map<unknown, string>>>();
function variantClasses({ variant, size, grow }: ButtonVariants): string {
  let bySize = classesByVariant.get(variant);
  if (!bySize) {
    bySize = new Map();
    classesByVariant.set(variant, bySize);
  }
  let byGrow = bySize.get(size);
  if (!byGrow) {
    byGrow = new Map();
    bySize.set(size, byGrow);
  }
  let classes = byGrow.get(grow);
  if (classes === undefined) {
    classes = buttonVariants({ variant, size, grow });
    byGrow.set(grow, classes);
  }
  return classes;
}

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariants & {
    /** Renders the single child (e.g. a router Link) with the button's styles instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, grow, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) {
    // The child keeps its own props over the button's (as Radix's Slot merges them) and takes the
    // button's classes before its own. Not Slot itself: on pages of cards, each with links styled
    // as buttons, its merging was a large part of the server render (docs/performance.md). And
    // Object.assign: on Node 20's V8 an object spread followed by more properties is slow.
    const { children, ...buttonProps } = props;
    const child = Children.only(children) as ReactElement<{ className?: string }>;
    const classes = cn(variantClasses({ variant, size, grow }), className, child.props.className);
    return cloneElement(child, Object.assign({}, buttonProps, child.props, { className: classes }));
  }
  // Default to type="button" so a button inside a form never submits it by accident.
  return (
    <button
      type={type ?? 'button'}
      className={cn(variantClasses({ variant, size, grow }), className)}
      {...props}
    />
  );
}
