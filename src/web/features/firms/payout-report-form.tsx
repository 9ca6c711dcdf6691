import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../domain/accounts';
import type { FirmDetails } from '../../../domain/firms';
import { PAYOUT_COMMENT_MAX, type PayoutReportKind } from '../../../domain/payout-rules';
import type { OwnPayoutReport } from '../../../domain/payouts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import {
  checkPayoutDraft,
  EMPTY_PAYOUT_DRAFT,
  type PayoutDraft,
  payoutFormData,
  refusedField,
} from './payout-draft';
import { Field, ImagesField, ReferenceFields } from './payout-form-bits';
import { AccountFields, KindFields } from './payout-report-fields';
import { firmPayoutMethodsQuery, firmPayoutReportsFilter, ownPayoutReportsQuery } from './queries';

const KINDS: readonly [PayoutReportKind, string][] = [
  ['paid', 'I was paid'],
  ['denied', 'My payout was denied'],
];

/** The statuses whose message the form shows beside its fields (the rest are the toast's). */
const SHOWN_STATUSES = [400, 403, 409, 413, 415, 422, 429];

/**
 * A payout report of one firm: paid (amount, method, dates) or denied (date, reason), the account it
 * came from, a public comment, whether to show the username, and the evidence. Checked with the
 * server's own schema and rules before it is sent; the server's refusals show under the fields.
 */
export function PayoutReportForm({
  firm,
  user,
  onSent,
  onCancel,
}: {
  firm: FirmDetails;
  user: CurrentUser;
  onSent: (report: OwnPayoutReport) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const methods = useQuery(firmPayoutMethodsQuery(firm.slug)).data ?? [];
  const [draft, setDraft] = useState<PayoutDraft>(EMPTY_PAYOUT_DRAFT);
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (patch: Partial<PayoutDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const send = useMutation({
    mutationFn: (body: FormData) =>
      apiJson<OwnPayoutReport>('POST', `/api/firms/${encodeURIComponent(firm.slug)}/payout-reports`, body),
    onSuccess: async (report) => {
      toast({
        title: 'Payout report sent',
        description: 'Our team checks every report before it counts. You can follow yours in your profile.',
        variant: 'success',
      });
      setDraft(EMPTY_PAYOUT_DRAFT);
      setImages([]);
      onSent(report);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ownPayoutReportsQuery().queryKey }),
        queryClient.invalidateQueries(firmPayoutReportsFilter(firm.slug)),
      ]);
    },
    onError: (error) => {
      const message = serverMessage(error);
      const onField = errorStatus(error) === 400 ? refusedField(message) : null;
      if (onField) setErrors({ [onField.field]: onField.message });
      else if (SHOWN_STATUSES.includes(errorStatus(error) ?? 0)) setRefusal(message);
      const shown = toastForError(error);
      toast({ ...shown, description: message || shown.description, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = { ...draft, showUsername: draft.showUsername && Boolean(user.username) };
    const found = checkPayoutDraft(sent, images);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => {
        document.querySelector<HTMLElement>(`#${CSS.escape(id)} [aria-invalid="true"]`)?.focus();
      });
      return;
    }
    send.mutate(payoutFormData(sent, images));
  };

  return (
    <form
      id={id}
      noValidate
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={`Payout report for ${firm.name}`}
    >
      <div role="group" aria-label="What happened" className="flex flex-wrap gap-2 sm:col-span-2">
        {KINDS.map(([kind, text]) => (
          <Button
            key={kind}
            type="button"
            size="sm"
            variant={draft.kind === kind ? 'selected' : 'outline'}
            aria-pressed={draft.kind === kind}
            onClick={() => {
              set({ kind });
              setErrors({});
            }}
          >
            {text}
          </Button>
        ))}
      </div>
      <KindFields draft={draft} set={set} errors={errors} methods={methods} />
      <AccountFields firm={firm} draft={draft} set={set} errors={errors} />
      <Field
        id={`${id}-comment`}
        label="Public comment (optional)"
        hint={`${draft.comment.length.toLocaleString('en-US')} of ${PAYOUT_COMMENT_MAX.toLocaleString('en-US')} characters. Plain text, shown with your report.`}
        error={errors.comment}
        className="sm:col-span-2"
        control={(aria) => (
          <Textarea
            {...aria}
            rows={3}
            maxLength={PAYOUT_COMMENT_MAX}
            value={draft.comment}
            onChange={(e) => set({ comment: e.target.value })}
          />
        )}
      />
      <ReferenceFields draft={draft} set={set} errors={errors} />
      <ImagesField images={images} onChange={setImages} error={errors.images} />
      <label className="flex items-start gap-2 text-sm text-slate-800 sm:col-span-2">
        <Checkbox
          className="mt-0.5 size-4 accent-brand-600"
          checked={draft.showUsername && Boolean(user.username)}
          disabled={!user.username}
          onChange={(e) => set({ showUsername: e.target.checked })}
        />
        <span>
          {user.username ? `Show my username (@${user.username}) with the report` : 'Shown as Anonymous'}
          <span className="block text-xs text-slate-600">
            {user.username
              ? 'Untick to show it as Anonymous.'
              : 'You have no username, so the report shows as Anonymous.'}
          </span>
        </span>
      </label>
      {refusal ? (
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={send.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send report'}
        </Button>
      </div>
      <p className="text-xs text-slate-600 sm:col-span-2">
        Reports count once our team has checked the evidence.{' '}
        <Link to="/methodology#payout-record" className="text-brand-700 underline">
          How the payout record works
        </Link>
      </p>
    </form>
  );
}

/** The form in a dialog, from the firm's Payouts tab. */
export function PayoutReportDialog({
  firm,
  user,
  open,
  onOpenChange,
}: {
  firm: FirmDetails;
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Report a payout from {firm.name}</DialogTitle>
          <DialogDescription>
            Paid or denied, your report builds the firm's payout record. Evidence and references stay private
            to you and our admins.
          </DialogDescription>
        </DialogHeader>
        <PayoutReportForm
          firm={firm}
          user={user}
          onSent={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
