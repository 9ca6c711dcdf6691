import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EVIDENCE_GRADE_LABELS, EVIDENCE_GRADES, type EvidenceGrade } from '../../../domain/payout-rules';
import {
  type AdminPayoutReport,
  RejectPayoutReportSchema,
  VerifyPayoutReportSchema,
} from '../../../domain/payouts';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { SelectField } from './fields';
import { ReasonFields } from './reason-fields';
import { useZodForm } from './use-zod-form';

/**
 * Why a report is rejected or its verification revoked: the reporter is shown and emailed the
 * reason's words, with the note after them (the note alone for Other).
 */
export const PAYOUT_DECISION_REASONS = {
  evidence_missing: 'The evidence does not show this payout',
  reference_not_found: 'The payment reference could not be found',
  recycled_image: 'The image was sent before by someone else',
  details_mismatch: 'The details do not match the evidence',
  duplicate: 'This payout was already reported',
  other: 'Other',
} as const;
type DecisionReason = keyof typeof PAYOUT_DECISION_REASONS;
type ReasonValues = { reason: DecisionReason | ''; note: string };

/** A decision's fields and button on a row, wrapping; a select never wider than the card (a phone). */
const DECISION_FORM =
  'flex min-w-0 flex-wrap items-end gap-2 [&_select]:max-w-full [&>div]:max-w-full [&>div]:min-w-0';

/** The reason text the server stores and the reporter reads. */
export function decisionReasonText({ reason, note }: ReasonValues): string {
  if (!reason) return '';
  if (reason === 'other') return note.trim();
  return note.trim() ? `${PAYOUT_DECISION_REASONS[reason]}: ${note.trim()}` : PAYOUT_DECISION_REASONS[reason];
}

function useDecision(report: AdminPayoutReport, action: 'verify' | 'reject' | 'revoke') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: unknown) =>
      apiJson('POST', `/api/admin/payout-reports/${report.id}/${action}`, payload),
    onSuccess: async () => {
      toast({
        title:
          action === 'verify'
            ? 'Report verified'
            : action === 'reject'
              ? 'Report rejected'
              : 'Verification revoked',
        description: `${report.firm.name}: report #${report.id}`,
      });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
    },
  });
}

/** Verify with the grade of the evidence checked. */
function VerifyForm({ report }: { report: AdminPayoutReport }) {
  const form = useZodForm({
    schema: VerifyPayoutReportSchema,
    initial: { grade: '' as EvidenceGrade | '' },
    prefix: `verify-${report.id}`,
  });
  const decide = useDecision(report, 'verify');
  return (
    <form
      noValidate
      className={DECISION_FORM}
      onSubmit={form.handleSubmit((payload) =>
        decide.mutate(payload, { onError: (err) => form.showServerError(err, { title: 'Not verified' }) }),
      )}
    >
      <SelectField
        path={form.path('grade')}
        label="Evidence grade"
        errors={form.errors}
        value={form.values.grade}
        onChange={(grade) => form.set({ grade })}
        options={[
          { value: '', label: 'Choose the grade' },
          ...EVIDENCE_GRADES.map((g) => ({ value: g, label: EVIDENCE_GRADE_LABELS[g] })),
        ]}
      />
      <Button type="submit" size="sm" disabled={decide.isPending}>
        Verify
      </Button>
    </form>
  );
}

/** Reject a pending report, or revoke a verified one (its points are taken back), with a reason. */
function ReasonForm({ report, action }: { report: AdminPayoutReport; action: 'reject' | 'revoke' }) {
  const form = useZodForm({
    schema: RejectPayoutReportSchema,
    initial: (): ReasonValues => ({ reason: '', note: '' }),
    toPayload: (values: ReasonValues) => ({ reason: decisionReasonText(values) }),
    prefix: `${action}-${report.id}`,
  });
  const decide = useDecision(report, action);
  return (
    <form
      noValidate
      className={DECISION_FORM}
      onSubmit={form.handleSubmit((payload) =>
        decide.mutate(payload, {
          onError: (err) =>
            form.showServerError(err, { title: action === 'reject' ? 'Not rejected' : 'Not revoked' }),
        }),
      )}
    >
      <ReasonFields form={form} reasons={PAYOUT_DECISION_REASONS} noteLabel="Note to the trader" />
      <Button type="submit" size="sm" variant="destructive" disabled={decide.isPending}>
        {action === 'reject' ? 'Reject' : 'Revoke verification'}
      </Button>
    </form>
  );
}

/** What an admin can decide for a report where it stands. */
export function PayoutReportDecisions({ report }: { report: AdminPayoutReport }) {
  if (report.status === 'pending') {
    return (
      <div className="grid min-w-0 gap-3 border-t border-slate-100 pt-3">
        <VerifyForm report={report} />
        <ReasonForm report={report} action="reject" />
      </div>
    );
  }
  if (report.status === 'verified') {
    return (
      <div className="min-w-0 border-t border-slate-100 pt-3">
        <ReasonForm report={report} action="revoke" />
      </div>
    );
  }
  return null;
}
