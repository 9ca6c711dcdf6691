import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/accounts';
import type { PasswordOwner, PasswordStrength } from '../../../domain/password-strength';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { serverMessage } from '../../lib/api';

/** A labelled input whose error and hint (and advice, when given) are announced with it. */
export function FormField({
  id,
  label,
  error,
  hint,
  advice,
  ...input
}: ComponentProps<'input'> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Shown under the error or hint in a live region (kept, empty, while null): read as it changes. */
  advice?: ReactNode;
}) {
  // The error replaces the hint, so the input names only the one that is on the page.
  const described = [error ? `${id}-error` : hint ? `${id}-hint` : null, advice ? `${id}-advice` : null];
  const describedBy = described.filter(Boolean).join(' ') || undefined;
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
      {advice === undefined ? null : (
        <div id={`${id}-advice`} aria-live="polite" className="text-xs">
          {advice}
        </div>
      )}
    </div>
  );
}

type Estimator = typeof import('../../../domain/password-strength');
let estimator: Estimator | undefined;
let loading: Promise<Estimator> | undefined;

/**
 * The strength estimator and its dictionary (about 240 KB gzip) load when a new-password field is
 * first focused, never with a page. If they fail to load, the server's check still stands.
 */
function loadEstimator(): Promise<Estimator> {
  loading ??= import('../../../domain/password-strength').then(
    (module) => {
      estimator = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Why a new password is refused before it is sent; nothing until the estimator has loaded. */
export function weakPasswordError(password: string, owner: PasswordOwner = {}): string | undefined {
  if (!estimator || estimator.checkPasswordStrength(password, owner).strong) return undefined;
  return estimator.WEAK_PASSWORD_MESSAGE;
}

/** The estimator's verdict on the field's value as it is typed (or as the form's other fields change). */
function usePasswordStrength(enabled: boolean, ownerOf: (form: HTMLFormElement) => PasswordOwner) {
  const input = useRef<HTMLInputElement>(null);
  const owner = useRef(ownerOf);
  owner.current = ownerOf;
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  useEffect(() => {
    const form = input.current?.form;
    if (!enabled || !form) return;
    let live = true;
    const estimate = () => {
      if (!input.current?.value) return setStrength(null);
      loadEstimator().then(
        ({ checkPasswordStrength }) => {
          const password = input.current?.value;
          if (live) setStrength(password ? checkPasswordStrength(password, owner.current(form)) : null);
        },
        () => {},
      );
    };
    const clear = () => setStrength(null);
    // A password typed before the page hydrated gets its advice too.
    if (input.current?.value) estimate();
    form.addEventListener('input', estimate);
    form.addEventListener('reset', clear);
    return () => {
      live = false;
      form.removeEventListener('input', estimate);
      form.removeEventListener('reset', clear);
    };
  }, [enabled]);
  const load = () => void loadEstimator().catch(() => {});
  return { input, strength, load };
}

function StrengthAdvice({ strength }: { strength: PasswordStrength }) {
  if (strength.strong) return <p className="text-emerald-700">Hard to guess. Good choice.</p>;
  const [first, ...rest] = strength.advice;
  return (
    <>
      <p className="font-medium text-amber-800">{first}</p>
      {rest.length ? (
        <ul className="mt-0.5 list-disc pl-4 text-slate-600">
          {rest.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

const NO_OWNER = (): PasswordOwner => ({});

/**
 * A password input under the account rules: one length limit everywhere, and wherever a new
 * password is chosen the minimum stated and the strength estimator's advice shown as it is typed,
 * so sign-up, reset and change cannot drift apart.
 */
export function PasswordField({
  id,
  label,
  purpose,
  required,
  error,
  owner = NO_OWNER,
}: {
  id: string;
  label: string;
  /** `repeat` is the confirmation of a new password: it needs no second hint. */
  purpose: 'current' | 'new' | 'repeat';
  required?: boolean;
  error?: string;
  /** Whose new password it is (read from its form as it is typed): their details make it guessable. */
  owner?: (form: HTMLFormElement) => PasswordOwner;
}) {
  const isNew = purpose === 'new';
  const { input, strength, load } = usePasswordStrength(isNew, owner);
  // The refusal of a weak password goes as soon as the password typed since is strong.
  const stale = strength?.strong && error === estimator?.WEAK_PASSWORD_MESSAGE;
  return (
    <FormField
      ref={input}
      id={id}
      label={label}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      required={required}
      maxLength={PASSWORD_MAX}
      hint={isNew ? `At least ${PASSWORD_MIN} characters.` : undefined}
      error={stale ? undefined : error}
      onFocus={isNew ? load : undefined}
      advice={isNew ? strength && <StrengthAdvice strength={strength} /> : undefined}
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
