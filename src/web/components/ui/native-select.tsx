import type { ComponentProps } from 'react';
import { useValueTypedBeforeHydration } from '../../lib/typed-before-hydration';

/**
 * The browser's own `<select>`, styled by its caller: a choice made before the page hydrated
 * reaches `onChange` (decision 0042), as `Input`'s typing does. Every `<select>` of the app is one.
 */
export function NativeSelect({ ref, ...props }: ComponentProps<'select'>) {
  const field = useValueTypedBeforeHydration<HTMLSelectElement>(props.value, ref);
  return <select ref={field} {...props} />;
}
