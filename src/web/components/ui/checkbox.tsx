import type { ComponentProps } from 'react';
import { useValueTypedBeforeHydration } from '../../lib/typed-before-hydration';

/**
 * The browser's own checkbox, styled by its caller: a box ticked or cleared before the page hydrated
 * reaches `onChange` (decision 0042), as `Input`'s typing does. Every checkbox of the app is one.
 */
export function Checkbox({ ref, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const field = useValueTypedBeforeHydration<HTMLInputElement>(props.checked, ref);
  return <input ref={field} type="checkbox" {...props} />;
}
