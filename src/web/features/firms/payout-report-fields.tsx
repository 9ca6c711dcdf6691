import { useId } from 'react';
import type { FirmDetails } from '../../../domain/firms';
import { formatFunding } from '../../../domain/format';
import {
  DENIAL_REASON_LABELS,
  DENIAL_REASONS,
  OTHER_PAYOUT_METHOD,
  OTHER_PAYOUT_METHOD_LABEL,
  PAYOUT_AMOUNT_MAX,
  PAYOUT_AMOUNT_MIN,
} from '../../../domain/payout-rules';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { type PayoutDraft, todayUtc } from './payout-draft';
import { Field, SELECT } from './payout-form-bits';

/** The dates of a paid report, or the date and reason of a denial. */
export function KindFields({
  draft,
  set,
  errors,
  methods,
}: {
  draft: PayoutDraft;
  set: (patch: Partial<PayoutDraft>) => void;
  errors: Record<string, string>;
  methods: { id: number; name: string }[];
}) {
  const id = useId();
  const today = todayUtc();
  if (draft.kind === 'denied') {
    return (
      <>
        <Field
          id={`${id}-denied-on`}
          label="Date denied"
          error={errors.deniedOn}
          control={(aria) => (
            <Input
              {...aria}
              type="date"
              max={today}
              value={draft.deniedOn}
              onChange={(e) => set({ deniedOn: e.target.value })}
            />
          )}
        />
        <Field
          id={`${id}-denial-reason`}
          label="Reason the firm gave"
          error={errors.denialReason}
          control={(aria) => (
            <NativeSelect
              {...aria}
              className={SELECT}
              value={draft.denialReason}
              onChange={(e) => set({ denialReason: e.target.value as PayoutDraft['denialReason'] })}
            >
              <option value="">Choose a reason</option>
              {DENIAL_REASONS.map((r) => (
                <option key={r} value={r}>
                  {DENIAL_REASON_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </>
    );
  }
  return (
    <>
      <Field
        id={`${id}-amount`}
        label="Amount received (USD)"
        hint={`$${PAYOUT_AMOUNT_MIN} to $${PAYOUT_AMOUNT_MAX.toLocaleString('en-US')}`}
        error={errors.amount}
        control={(aria) => (
          <Input
            {...aria}
            inputMode="decimal"
            placeholder="2500.00"
            value={draft.amount}
            onChange={(e) => set({ amount: e.target.value })}
          />
        )}
      />
      <Field
        id={`${id}-method`}
        label="Payout method"
        error={errors.method}
        control={(aria) => (
          <NativeSelect
            {...aria}
            className={SELECT}
            value={draft.method}
            onChange={(e) => set({ method: e.target.value })}
          >
            <option value="">Choose the method</option>
            {methods.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
            <option value={OTHER_PAYOUT_METHOD}>{OTHER_PAYOUT_METHOD_LABEL}</option>
          </NativeSelect>
        )}
      />
      <Field
        id={`${id}-requested`}
        label="Date requested"
        error={errors.requestedOn}
        control={(aria) => (
          <Input
            {...aria}
            type="date"
            max={today}
            value={draft.requestedOn}
            onChange={(e) => set({ requestedOn: e.target.value })}
          />
        )}
      />
      <Field
        id={`${id}-received`}
        label="Date received"
        error={errors.receivedOn}
        control={(aria) => (
          <Input
            {...aria}
            type="date"
            min={draft.requestedOn || undefined}
            max={today}
            value={draft.receivedOn}
            onChange={(e) => set({ receivedOn: e.target.value })}
          />
        )}
      />
    </>
  );
}

/** The account it came from, both optional: one of the firm's funding models and its sizes. */
export function AccountFields({
  firm,
  draft,
  set,
  errors,
}: {
  firm: FirmDetails;
  draft: PayoutDraft;
  set: (patch: Partial<PayoutDraft>) => void;
  errors: Record<string, string>;
}) {
  const id = useId();
  const accounts = firm.accounts
    .filter((a) => !draft.fundingModelId || String(a.fundingModelId) === draft.fundingModelId)
    .sort((a, b) => a.capital - b.capital);
  const modelName = (modelId: number) => firm.fundingModels.find((m) => m.id === modelId)?.name ?? '';
  return (
    <>
      <Field
        id={`${id}-model`}
        label="Funding model (optional)"
        error={errors.fundingModelId}
        control={(aria) => (
          <NativeSelect
            {...aria}
            className={SELECT}
            value={draft.fundingModelId}
            onChange={(e) => set({ fundingModelId: e.target.value, accountId: '' })}
          >
            <option value="">Not saying</option>
            {firm.fundingModels.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <Field
        id={`${id}-account`}
        label="Account size (optional)"
        error={errors.accountId}
        control={(aria) => (
          <NativeSelect
            {...aria}
            className={SELECT}
            value={draft.accountId}
            onChange={(e) => set({ accountId: e.target.value })}
          >
            <option value="">Not saying</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {formatFunding(a.capital)}
                {draft.fundingModelId ? '' : ` (${modelName(a.fundingModelId)})`}
              </option>
            ))}
          </NativeSelect>
        )}
      />
    </>
  );
}
