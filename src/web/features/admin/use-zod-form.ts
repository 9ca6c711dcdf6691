import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import { fieldErrors } from '../../../domain/admin-firms';
import { toast } from '../../components/ui/use-toast';
import { errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { type Errors, errorsFromServer, focusFirstError } from './fields';

/** Errors keyed by payload path, put under `prefix` when several forms share a page. */
export const scopeErrors = (found: Errors, prefix?: string): Errors =>
  prefix ? Object.fromEntries(Object.entries(found).map(([k, v]) => [`${prefix}.${k}`, v])) : found;

/** The schema's output for `input`, or its issues keyed by payload path (under `prefix`). */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix?: string,
): { ok: true; data: z.output<S> } | { ok: false; errors: Errors } {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: scopeErrors(fieldErrors(result.error.issues), prefix) };
}

/** A refused request's field messages ('Invalid input: note: ...'), keyed as the form's fields. */
export const serverErrors = (error: unknown, prefix?: string): Errors =>
  scopeErrors(errorsFromServer(serverMessage(error)), prefix);

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

  /** Shows errors (keyed under `prefix` already) on their fields and moves focus to the first one. */
  const showErrors = (keyed: Errors) => {
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
    const result = validate(schema, toPayload ? toPayload(checked) : checked, prefix);
    if (!result.ok) {
      showErrors(result.errors);
      onInvalid?.(result.errors);
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
    showServerError: (error: unknown, options: RefusalOptions = {}) =>
      showRefusal(error, { ...options, prefix, showErrors }),
  };
}

export interface RefusalOptions {
  /** What a stale version (409 Conflict) does instead of showing errors. */
  onConflict?: () => void;
  /** The toast's title instead of the status's own. */
  title?: string;
}

/** `showServerError` apart from React state: the refused request's errors go to `showErrors`. */
export function showRefusal(
  error: unknown,
  {
    onConflict,
    title,
    prefix,
    showErrors,
  }: RefusalOptions & { prefix?: string; showErrors: (keyed: Errors) => void },
) {
  const message = serverMessage(error);
  if (onConflict && errorStatus(error) === 409 && message === CONFLICT_MESSAGE) return onConflict();
  showErrors(serverErrors(error, prefix));
  const shown = toastForError(error);
  toast({
    ...shown,
    title: title ?? shown.title,
    description: message || shown.description,
    variant: 'destructive',
  });
}
