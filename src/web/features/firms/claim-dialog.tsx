import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { CURRENT_USER_PATH } from '../../../domain/api-paths';
import { CLAIM_CODE_DIGITS, CLAIM_CODE_MINUTES, firmEmailDomain } from '../../../domain/firm-claim-rules';
import {
  ConfirmFirmClaimSchema,
  type FirmClaimCreated,
  FirmClaimPayloadSchema,
  type OwnFirmClaim,
} from '../../../domain/firm-claims';
import type { FirmDetails } from '../../../domain/firms';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { apiJson, serverMessage } from '../../lib/api';
import { ownFirmClaimsQuery } from './queries';

type Fields = { workEmail: string; jobTitle: string; note: string };
type Step = { kind: 'details' } | { kind: 'code'; id: number; workEmail: string } | { kind: 'done' };

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
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

const described = (id: string, hint: boolean, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby':
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
});

function ServerError({ error }: { error: unknown }) {
  return error ? (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {serverMessage(error)}
    </p>
  ) : null;
}

/**
 * The claim: a work address at the firm's domain, the job title and a note; then the code emailed
 * there. A claim still waiting for its code opens at the code.
 */
export function ClaimDialog({
  firm,
  waiting,
  open,
  onOpenChange,
}: {
  firm: FirmDetails;
  waiting: OwnFirmClaim | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const domain = firmEmailDomain(firm.website);
  const [step, setStep] = useState<Step>(() =>
    waiting ? { kind: 'code', id: waiting.id, workEmail: waiting.workEmail } : { kind: 'details' },
  );
  const [fields, setFields] = useState<Fields>({ workEmail: '', jobTitle: '', note: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | 'code', string>>>({});
  const [code, setCode] = useState('');
  const claims = useQuery(ownFirmClaimsQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: ownFirmClaimsQuery().queryKey });
  // Out of tries or time: only a new claim gets a new code.
  const spent = step.kind === 'code' && claims.data?.find((c) => c.id === step.id)?.state === 'spent';

  const create = useMutation({
    mutationFn: (payload: Fields) =>
      apiJson<FirmClaimCreated>('POST', `/api/firms/${encodeURIComponent(firm.slug)}/claims`, payload),
    onSuccess: async (created, payload) => {
      setStep({ kind: 'code', id: created.id, workEmail: payload.workEmail });
      await refresh();
    },
  });
  const confirm = useMutation({
    mutationFn: (payload: { id: number; code: string }) =>
      apiJson('POST', `/api/firm-claims/${payload.id}/confirm`, { code: payload.code }),
    onSuccess: async () => {
      setStep({ kind: 'done' });
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: [CURRENT_USER_PATH] })]);
    },
    onError: () => refresh(),
  });

  const submitDetails = (e: FormEvent) => {
    e.preventDefault();
    const parsed = FirmClaimPayloadSchema.safeParse(fields);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'code') return;
    const parsed = ConfirmFirmClaimSchema.safeParse({ code });
    setErrors(parsed.success ? {} : { code: parsed.error.issues[0]?.message });
    if (parsed.success) confirm.mutate({ id: step.id, code: parsed.data.code });
  };
  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [key]: e.target.value });
  const fieldId = (key: string) => `${id}-${key}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Claim the profile of {firm.name}</DialogTitle>
          <DialogDescription>
            {step.kind === 'details'
              ? `Show that you work at ${firm.name} with an address at ${domain ?? 'its own domain'}; we email a code there, and an admin checks your claim.`
              : step.kind === 'code'
                ? `Enter the ${CLAIM_CODE_DIGITS}-digit code we sent to ${step.workEmail}. It is valid for ${CLAIM_CODE_MINUTES} minutes.`
                : 'Thanks: your address is confirmed. An admin checks your claim next, and we email you the decision.'}
          </DialogDescription>
        </DialogHeader>
        {step.kind === 'details' ? (
          <form noValidate onSubmit={submitDetails} className="grid gap-4" aria-label="Your claim">
            <ServerError error={create.error} />
            <Field
              id={fieldId('email')}
              label="Work email"
              hint={domain ? `An address at ${domain} or a subdomain of it.` : undefined}
              error={errors.workEmail}
            >
              <Input
                id={fieldId('email')}
                type="email"
                autoComplete="email"
                maxLength={254}
                value={fields.workEmail}
                onChange={set('workEmail')}
                {...described(fieldId('email'), Boolean(domain), errors.workEmail)}
              />
            </Field>
            <Field id={fieldId('title')} label="Job title" error={errors.jobTitle}>
              <Input
                id={fieldId('title')}
                autoComplete="organization-title"
                maxLength={100}
                value={fields.jobTitle}
                onChange={set('jobTitle')}
                {...described(fieldId('title'), false, errors.jobTitle)}
              />
            </Field>
            <Field
              id={fieldId('note')}
              label="Note to our admins"
              hint="What you do at the firm, and anything that helps us check it."
              error={errors.note}
            >
              <Textarea
                id={fieldId('note')}
                rows={3}
                maxLength={1000}
                value={fields.note}
                onChange={set('note')}
                {...described(fieldId('note'), true, errors.note)}
              />
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
                {create.isPending ? 'Sending...' : 'Send the code'}
              </Button>
            </DialogFooter>
          </form>
        ) : step.kind === 'code' ? (
          <form noValidate onSubmit={submitCode} className="grid gap-4" aria-label="Your code">
            <ServerError error={confirm.error} />
            <Field id={fieldId('code')} label="Code" error={errors.code}>
              <Input
                id={fieldId('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                {...described(fieldId('code'), false, errors.code)}
              />
            </Field>
            <DialogFooter>
              {spent ? (
                <Button
                  type="button"
                  onClick={() => {
                    setStep({ kind: 'details' });
                    setCode('');
                    confirm.reset();
                    create.reset();
                  }}
                >
                  Start a new claim
                </Button>
              ) : (
                <>
                  <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending}>
                    {confirm.isPending ? 'Checking...' : 'Confirm'}
                  </Button>
                </>
              )}
            </DialogFooter>
          </form>
        ) : (
          <DialogFooter>
            <Button onClick={() => onOpenChange(false)}>Close</Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
