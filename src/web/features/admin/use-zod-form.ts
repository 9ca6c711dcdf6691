import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import { fieldErrors } from '../../../domain/admin-firms';
import { toast } from '../../components/ui/use-toast';
import { errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { type Errors, errorsFromServer, focusFirstError } from './fields';

/**
 * An admin form's values checked by the zod schema of `src/domain/` that the server validates the
 * same payload with, so a rule the form shows is the server's rule. Errors are keyed by payload
 * path (under `prefix` when several forms share a page), as the fields of `fields.tsx` read them,
 * from either side: the schema's issues before sending, the server's field messages after a 4xx.
 */
export function useZodForm<S extends z.ZodType, V>({
  schema,
  initial,
  toPayload,
  prefix,
}: {
  schema: S;
  initial: V | (() => V);
  /** What the schema checks when the form holds another shape (a number chosen as text, say). */
  toPayload?: (values: V) => unknown;
  prefix?: string;
}) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const path = (key: string) => (prefix ? `${prefix}.${key}` : key);
  const scoped = (found: Errors): Errors =>
    prefix ? Object.fromEntries(Object.entries(found).map(([k, v]) => [path(k), v])) : found;

  /** Shows errors keyed by payload path on their fields and moves focus to the first one. */
  const showErrors = (found: Errors) => {
    const keyed = scoped(found);
    setErrors(keyed);
    requestAnimationFrame(() => focusFirstError(keyed));
  };

  /**
   * The schema's output for the current values (with `patch` over them: the action a button
   * stands for, say), or null with the issues shown on their fields.
   */
  const check = ({
    patch,
    onInvalid,
  }: {
    patch?: Partial<V>;
    onInvalid?: (found: Errors) => void;
  } = {}): z.output<S> | null => {
    const checked = patch ? { ...values, ...patch } : values;
    const result = schema.safeParse(toPayload ? toPayload(checked) : checked);
    if (!result.success) {
      const found = fieldErrors(result.error.issues);
      showErrors(found);
      onInvalid?.(found);
      return null;
    }
    setErrors({});
    return result.data;
  };

  return {
    values,
    setValues,
    set: (patch: Partial<V>) => setValues((v) => ({ ...v, ...patch })),
    errors,
    setErrors,
    showErrors,
    path,
    check,
    /** A submit handler: nothing is sent while the schema refuses the values. */
    handleSubmit:
      (submit: (payload: z.output<S>, values: V) => void, onInvalid?: (found: Errors) => void) =>
      (event: FormEvent) => {
        event.preventDefault();
        const payload = check({ onInvalid });
        if (payload !== null) submit(payload, values);
      },
    /**
     * A refused save: a stale version goes to `onConflict` when given; otherwise the server's
     * field messages land on their fields and its message is toasted.
     */
    showServerError: (
      error: unknown,
      { onConflict, title }: { onConflict?: () => void; title?: string } = {},
    ) => {
      const message = serverMessage(error);
      if (onConflict && errorStatus(error) === 409 && message === CONFLICT_MESSAGE) return onConflict();
      showErrors(errorsFromServer(message));
      const shown = toastForError(error);
      toast({
        ...shown,
        title: title ?? shown.title,
        description: message || shown.description,
        variant: 'destructive',
      });
    },
  };
}
