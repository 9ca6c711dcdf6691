import { type Ref, type RefObject, useEffect, useImperativeHandle, useRef } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what a visitor typed or chose in a controlled field before the page hydrated. The
 * server-rendered field takes input at once, but React's state starts from the server's value, so
 * the text stayed on screen and out of the form: a newsletter button stayed disabled beside a typed
 * address, a giveaway entry went in without its handle. On mount, a field whose value differs from
 * its `value` prop reports it to its `onChange`, as if just typed or chosen.
 *
 * It does what a browser does. A select sends `change`, which React always passes to `onChange`
 * (unless the state's value has no option: the browser showed its first then, and nobody chose). For
 * a text field, React only passes on an `input` event if the value changed since its own record of
 * it: the record is set to the state's (through the field's `value`), the text put back with the
 * element's native setter, and an `input` event sent. A checkbox is set back to the state's (and
 * React's record with it) and clicked again. Each way `onChange` gets the field as its target. For a
 * checkbox, `value` is its `checked`.
 *
 * The field's caller's `ref`, if any, gets the element too; the returned ref goes on the element.
 */
export function useValueTypedBeforeHydration<T extends Field>(
  value: unknown,
  callerRef: Ref<T> | undefined,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  useImperativeHandle(callerRef, () => ref.current as T);
  // Once, at mount: later differences are React's own updates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the value the field mounted with counts
  useEffect(() => {
    const field = ref.current;
    if (!field || value === undefined || value === null) return;
    if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      if (field.checked === Boolean(value)) return;
      // React's record and the box back to the state's, then the visitor's click again.
      field.checked = Boolean(value);
      field.click();
      return;
    }
    const typed = field.value;
    const state = String(value);
    if (typed === state) return;
    if (field instanceof HTMLSelectElement) {
      // Without an option for the state's value the browser showed its first option: nobody chose it.
      const choosable = Array.from(field.options).some((option) => option.value === state);
      if (choosable) field.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    field.value = state;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }, []);
  return ref;
}
