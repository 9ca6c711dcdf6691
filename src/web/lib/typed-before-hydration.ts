import { type RefObject, useEffect, useRef } from 'react';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * Keeps what a visitor typed into a controlled field before the page hydrated. The server-rendered
 * field takes typing at once, but React's state starts from the server's value, so the text stayed
 * on screen and out of the form: a newsletter button stayed disabled beside a typed address, a
 * giveaway entry went in without its handle. On mount, a field whose text differs from its
 * `value` reports that text to its `onChange`, as if just typed.
 *
 * It types the text the way a browser does: React's own record of the field's value is set to the
 * state's (through the field's `value`), the text put back with the element's native setter, and
 * an `input` event sent, so React sees a change and calls `onChange` with the field as its target.
 */
export function useValueTypedBeforeHydration<T extends TextField>(value: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  // Once, at mount: later differences are React's own updates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the value the field mounted with counts
  useEffect(() => {
    const field = ref.current;
    if (!field || value === undefined || value === null) return;
    const typed = field.value;
    const state = String(value);
    if (typed === state) return;
    field.value = state;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }, []);
  return ref;
}
