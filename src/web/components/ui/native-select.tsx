import { type ComponentProps, useImperativeHandle } from 'react';
import { useValueTypedBeforeHydration } from '../../lib/typed-before-hydration';

/**
 * The browser's own `<select>`, styled by its caller: a choice made before the page hydrated
 * reaches `onChange` (decision 0042), as `Input`'s typing does. Every `<select>` of the app is one.
 */
export function NativeSelect({ ref, ...props }: ComponentProps<'select'>) {
  const field = useValueTypedBeforeHydration<HTMLSelectElement>(props.value);
  useImperativeHandle(ref, () => field.current as HTMLSelectElement);
  return <select ref={field} {...props} />;
}
