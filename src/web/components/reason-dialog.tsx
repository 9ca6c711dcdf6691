import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { ZodType } from 'zod';
import { PASSWORD_MAX } from '../../domain/accounts';
import { serverMessage } from '../lib/api';
import { Button, type ButtonProps } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Textarea } from './ui/textarea';

/** What the dialog asks for before it acts: a written reason, or the account's password. */
export type DialogFieldKind = 'reason' | 'password';

/** The dialog's one field, labelled, with its error read out with it. */
export function DialogField({
  id,
  kind,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  kind: DialogFieldKind;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const described = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {kind === 'password' ? (
        <Input
          id={id}
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...described}
        />
      ) : (
        <Textarea
          id={id}
          value={value}
          maxLength={500}
          onChange={(e) => onChange(e.target.value)}
          {...described}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An action that needs one thing written before it is taken, in a dialog: a reason (an admin
 * deleting a user, rejecting a claim, removing a representative) or the password (a member deleting
 * their account). The value is checked with the server's own schema before it is sent, and the
 * server's refusal shows in the dialog.
 */
export function ReasonDialog<T>({
  trigger,
  triggerSize = 'sm',
  triggerClassName,
  title,
  description,
  field = 'reason',
  reasonLabel,
  submitLabel,
  pendingLabel = submitLabel,
  schema,
  request,
  onDone,
}: {
  trigger: ReactNode;
  triggerSize?: ButtonProps['size'];
  triggerClassName?: string;
  title: string;
  description: ReactNode;
  /** What is asked for (a reason unless said); the schema checks `{ [field]: value }`. */
  field?: DialogFieldKind;
  /** The field's label: the reason's, or "Password". */
  reasonLabel: string;
  submitLabel: string;
  pendingLabel?: string;
  schema: ZodType<{ reason: string }> | ZodType<{ password: string }>;
  request: (value: string) => Promise<T>;
  /** After the server took it: the dialog has closed. */
  onDone: (result: T) => void | Promise<void>;
}) {
  const fieldId = `${useId()}-${field}`;
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const action = useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      setOpen(false);
      setValue('');
      await onDone(result);
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = schema.safeParse({ [field]: value });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    // A submit the client rules stop also clears the last attempt's server error.
    if (parsed.success) action.mutate((parsed.data as Record<DialogFieldKind, string>)[field]);
    else action.reset();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) action.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size={triggerSize} variant="destructive" className={triggerClassName}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label={title}>
          {action.error ? (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {serverMessage(action.error)}
            </p>
          ) : null}
          <DialogField
            id={fieldId}
            kind={field}
            label={reasonLabel}
            value={value}
            error={error}
            onChange={setValue}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={action.isPending}
              aria-busy={action.isPending}
            >
              {action.isPending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
