import { createContext, type ReactNode, useContext } from 'react';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';

/** Field errors keyed by the payload path ('fundingModels.0.name'); ids are built from the same path. */
export type Errors = Record<string, string>;

export const fieldId = (path: string) => `field-${path}`;

/**
 * Fields a form shows without letting its user change them (a firm's proposal: what only Prop Firm
 * Club sets), by payload path, each with `hint` in place of its own; `uploads: false` leaves image
 * fields to a typed address (uploading is for admins).
 */
export interface FieldLocks {
  paths: ReadonlySet<string>;
  hint: string;
  uploads: boolean;
}
const FieldLocksContext = createContext<FieldLocks | null>(null);
export const FieldLocksProvider = FieldLocksContext.Provider;
export const useFieldLocks = () => useContext(FieldLocksContext);

/** A locked field's hint, or undefined for a field its user may change. */
function useLock(path: string): string | undefined {
  const locks = useFieldLocks();
  return locks?.paths.has(path) ? locks.hint : undefined;
}

function Described({
  path,
  label,
  hint,
  error,
  children,
  className,
}: {
  path: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={fieldId(path)}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${fieldId(path)}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId(path)}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (path: string, hint?: string, error?: string) =>
  error ? `${fieldId(path)}-error` : hint ? `${fieldId(path)}-hint` : undefined;

interface BaseProps {
  path: string;
  label: string;
  errors: Errors;
  hint?: string;
  className?: string;
  required?: boolean;
}

export function TextField({
  value,
  onChange,
  type = 'text',
  placeholder,
  ...base
}: BaseProps & {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  type?: 'text' | 'url' | 'date' | 'datetime-local';
  placeholder?: string;
}) {
  const error = base.errors[base.path];
  const lock = useLock(base.path);
  const hint = lock ?? base.hint;
  return (
    <Described {...base} hint={hint} error={error}>
      <Input
        id={fieldId(base.path)}
        type={type}
        value={value ?? ''}
        placeholder={placeholder}
        required={base.required}
        aria-invalid={error ? true : undefined}
        disabled={lock !== undefined}
        aria-describedby={describedBy(base.path, hint, error)}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      />
    </Described>
  );
}

export function NumberField({
  value,
  onChange,
  step = 'any',
  ...base
}: BaseProps & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  step?: string;
}) {
  const error = base.errors[base.path];
  const lock = useLock(base.path);
  const hint = lock ?? base.hint;
  return (
    <Described {...base} hint={hint} error={error}>
      <Input
        id={fieldId(base.path)}
        type="number"
        inputMode="decimal"
        step={step}
        value={value ?? ''}
        required={base.required}
        aria-invalid={error ? true : undefined}
        disabled={lock !== undefined}
        aria-describedby={describedBy(base.path, hint, error)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
    </Described>
  );
}

export function TextAreaField({
  value,
  onChange,
  rows = 4,
  ...base
}: BaseProps & {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  rows?: number;
}) {
  const error = base.errors[base.path];
  const lock = useLock(base.path);
  const hint = lock ?? base.hint;
  return (
    <Described {...base} hint={hint} error={error}>
      <Textarea
        id={fieldId(base.path)}
        rows={rows}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        disabled={lock !== undefined}
        aria-describedby={describedBy(base.path, hint, error)}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        className="min-h-0"
      />
    </Described>
  );
}

/** A list edited one item per line; blank lines are dropped when saved. */
export function LinesField({
  value,
  onChange,
  rows = 4,
  ...base
}: BaseProps & { value: string[]; onChange: (value: string[]) => void; rows?: number }) {
  const error =
    base.errors[base.path] ??
    Object.entries(base.errors).find(([key]) => key.startsWith(`${base.path}.`))?.[1];
  const lock = useLock(base.path);
  const hint = lock ?? base.hint ?? 'One per line.';
  return (
    <Described {...base} error={error} hint={hint}>
      <Textarea
        id={fieldId(base.path)}
        rows={rows}
        value={value.join('\n')}
        aria-invalid={error ? true : undefined}
        disabled={lock !== undefined}
        aria-describedby={describedBy(base.path, hint, error)}
        onChange={(e) => onChange(e.target.value.split('\n'))}
        className="min-h-0"
      />
    </Described>
  );
}

export function SelectField<T extends string>({
  value,
  onChange,
  options,
  ...base
}: BaseProps & { value: T; onChange: (value: T) => void; options: readonly { value: T; label: string }[] }) {
  const error = base.errors[base.path];
  const lock = useLock(base.path);
  const hint = lock ?? base.hint;
  return (
    <Described {...base} hint={hint} error={error}>
      <NativeSelect
        id={fieldId(base.path)}
        value={value}
        aria-invalid={error ? true : undefined}
        disabled={lock !== undefined}
        aria-describedby={describedBy(base.path, hint, error)}
        onChange={(e) => onChange(e.target.value as T)}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base shadow-sm focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 aria-invalid:border-red-500 sm:text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </Described>
  );
}

export function CheckboxField({
  path,
  label,
  checked,
  onChange,
  errors,
  hint: ownHint,
}: {
  path: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors: Errors;
  hint?: string;
}) {
  const error = errors[path];
  const lock = useLock(path);
  const hint = lock ?? ownHint;
  return (
    <div className="grid content-start gap-1">
      <label
        htmlFor={fieldId(path)}
        className="flex min-h-10 items-center gap-2 text-sm font-medium text-slate-800"
      >
        <Checkbox
          id={fieldId(path)}
          checked={checked}
          disabled={lock !== undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(path, hint, error)}
          onChange={(e) => onChange(e.target.checked)}
          className="size-4 rounded border-slate-300 accent-brand-600"
        />
        {label}
      </label>
      {hint && !error ? (
        <p id={`${fieldId(path)}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId(path)}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Server validation answers 'Invalid input: a.b: message; c: message': the same keys as the form's. */
export function errorsFromServer(message: string): Errors {
  const errors: Errors = {};
  const body = message.replace(/^Invalid input: /, '');
  for (const part of body.split('; ')) {
    const match = part.match(/^([\w.]+): (.+)$/);
    if (match) errors[match[1]] ??= match[2];
  }
  return errors;
}

/** Moves focus to the first field with an error, in page order. */
export function focusFirstError(errors: Errors) {
  const ids = Object.keys(errors).map(fieldId);
  const elements = ids
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  elements[0]?.focus();
}
