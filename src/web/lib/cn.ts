import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names (strings, conditionals, arrays, objects) with clsx. It does not resolve
 * Tailwind conflicts: when two utilities set the same property (`px-3` and `px-2`), both stay and
 * the stylesheet's order decides, not the order here. So never pass a class that fights one the
 * component already sets: use the component's variant or size props, or pick one class with a
 * condition (`active ? 'text-brand-700' : 'text-slate-700'`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
