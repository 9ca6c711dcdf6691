import type { FormEvent, ReactNode } from 'react';
import { FRESH_SIGN_IN_REQUIRED } from '../../../domain/passkeys';
import { Button } from '../../components/ui/button';
import { errorMessage, errorStatus } from '../../lib/api';
import { FormError, fieldValue, PasswordField } from './form-field';

/** The `code` of an API error's `{ message, code }` body. */
function errorCode(error: unknown): string | undefined {
  try {
    const body = JSON.parse(errorMessage(error).replace(/^\d{3}: /, '')) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the server asks for the password or a newer sign-in before a sensitive action (403
 * `fresh_sign_in_required`, decision 0071): the sign-in is more than 10 minutes old.
 */
export const needsFreshSignIn = (error: unknown) =>
  errorStatus(error) === 403 && errorCode(error) === FRESH_SIGN_IN_REQUIRED;

/**
 * The password asked for again before a sensitive action (downloading the account's data, removing a
 * passkey) once the server has answered `needsFreshSignIn`. Its error is the last try's, if not that.
 */
export function PasswordPrompt({
  id,
  label,
  children,
  error,
  pending,
  submitLabel,
  destructive = false,
  size,
  onConfirm,
  onCancel,
}: {
  /** The password input's id (and form field name). */
  id: string;
  /** The form's accessible name. */
  label: string;
  /** Why the password is asked for. */
  children: ReactNode;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  destructive?: boolean;
  size?: 'sm';
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onConfirm(fieldValue(e.currentTarget, id));
  };
  return (
    <form noValidate className="grid max-w-sm gap-4" aria-label={label} onSubmit={submit}>
      <p className="text-sm text-slate-700">{children}</p>
      <FormError error={needsFreshSignIn(error) ? null : error} />
      <PasswordField id={id} label="Password" purpose="current" required />
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant={destructive ? 'destructive' : 'default'}
          size={size}
          disabled={pending}
          aria-busy={pending}
        >
          {submitLabel}
        </Button>
        <Button type="button" variant="outline" size={size} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
