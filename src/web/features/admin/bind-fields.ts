import type { Errors } from './fields';

type BooleanKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/**
 * The props that tie an editor's fields (fields.tsx) to the keys of its values: each field's
 * payload path (`prefix.key`: its id and its error are keyed by it), the form's errors, the value and
 * its setter. `field` serves the text, number, list and select fields, `check` a checkbox:
 *
 *   const { field, check } = bindFields(values, set, errors);
 *   <TextField label="CEO" {...field('ceoName')} />
 */
export function bindFields<V extends object>(
  values: V,
  set: (patch: Partial<V>) => void,
  errors: Errors,
  prefix?: string,
) {
  const pathOf = (key: string) => (prefix ? `${prefix}.${key}` : key);
  return {
    field: <K extends keyof V & string>(key: K) => ({
      path: pathOf(key),
      errors,
      value: values[key],
      onChange: (value: V[K]) => set({ [key]: value } as unknown as Partial<V>),
    }),
    check: <K extends BooleanKey<V>>(key: K) => ({
      path: pathOf(key),
      errors,
      checked: values[key] as boolean,
      onChange: (checked: boolean) => set({ [key]: checked } as unknown as Partial<V>),
    }),
  };
}
