import type { ComponentProps } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/accounts';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { serverMessage } from '../../lib/api';

/** A labelled input whose error and hint are announced with it. */
export function FormField({
  id,
  label,
  error,
  hint,
  ...input
}: ComponentProps<'input'> & { id: string; label: string; error?: string; hint?: string }) {
  // The error replaces the hint, so the input names only the one that is on the page.
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A password input under the account rules: one length limit everywhere, and the minimum stated
 * wherever a new password is chosen, so sign-up, reset and change cannot drift apart.
 */
export function PasswordField({
  id,
  label,
  purpose,
  required,
  error,
}: {
  id: string;
  label: string;
  /** `repeat` is the confirmation of a new password: it needs no second hint. */
  purpose: 'current' | 'new' | 'repeat';
  required?: boolean;
  error?: string;
}) {
  return (
    <FormField
      id={id}
      label={label}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      required={required}
      maxLength={PASSWORD_MAX}
      hint={purpose === 'new' ? `At least ${PASSWORD_MIN} characters.` : undefined}
      error={error}
    />
  );
}

/** The failure of a form, read out when it appears. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const status = (error as { status?: unknown }).status;
  const message =
    status === 429
      ? 'Too many requests. Please wait a moment and try again.'
      : serverMessage(error) || String(error);
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** Field errors from a zod-style issue list: the first message per field. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

export const fieldValue = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');
