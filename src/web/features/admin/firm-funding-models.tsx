import PlusIcon from '~icons/lucide/plus';
import TrashIcon from '~icons/lucide/trash-2';
import { emptyFundingModel, type FundingModelInput } from '../../../domain/admin-firms';
import { DRAWDOWN_TYPE_LABELS, DRAWDOWN_TYPES } from '../../../domain/challenge-rules';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { bindFields } from './bind-fields';
import {
  CheckboxField,
  type Errors,
  fieldId,
  LinesField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from './fields';
import { AccountRows } from './firm-account-rows';

const RULE_PERCENTS = [
  ['profitSplit', 'Profit split (%)'],
  ['profitTargetPhase1', 'Phase 1 target (%)'],
  ['profitTargetPhase2', 'Phase 2 target (%)'],
  ['profitTargetPhase3', 'Phase 3 target (%)'],
  ['maximumDrawdown', 'Max drawdown (%)'],
  ['dailyDrawdown', 'Daily drawdown (%)'],
  ['consistencyPercentage', 'Consistency percentage (%)'],
] as const;

const RULE_FLAGS = [
  ['stopLossRequired', 'Stop-loss required'],
  ['feeRefundable', 'Fee refundable'],
  ['timeLimits', 'Time limits'],
  ['eaAllowed', 'EA allowed'],
  ['consistencyRule', 'Consistency rule'],
  ['weekendHolding', 'Weekend holding'],
  ['lotSizeRestrictions', 'Lot size restrictions'],
] as const;

function FundingModelCard({
  model,
  index,
  errors,
  onChange,
  onRemove,
}: {
  model: FundingModelInput;
  index: number;
  errors: Errors;
  onChange: (model: FundingModelInput) => void;
  onRemove: () => void;
}) {
  const path = `fundingModels.${index}`;
  const set = (patch: Partial<FundingModelInput>) => onChange({ ...model, ...patch });
  const { field, check } = bindFields(model, set, errors, path);
  return (
    <li className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{model.name || `Funding model ${index + 1}`}</h3>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          <TrashIcon aria-hidden="true" /> Remove model
        </Button>
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TextField {...field('name')} label="Name" onChange={(v) => set({ name: v ?? '' })} />
        <TextField label="Type (e.g. 2-Step)" {...field('type')} />
        <TextField label="Asset type" {...field('assetType')} />
        <SelectField
          {...field('drawdownType')}
          label="Drawdown type"
          value={model.drawdownType ?? ''}
          options={[
            { value: '', label: 'Not stated' },
            ...DRAWDOWN_TYPES.map((v) => ({ value: v, label: DRAWDOWN_TYPE_LABELS[v] })),
          ]}
          onChange={(v) => set({ drawdownType: v === '' ? null : v })}
        />
        <TextAreaField label="Description" className="sm:col-span-2" rows={2} {...field('description')} />
        <NumberField label="Leverage (1:N)" step="1" {...field('leverage')} />
        <NumberField label="Minimum payout ($)" {...field('minimumPayout')} />
        {RULE_PERCENTS.map(([key, label]) => (
          <NumberField key={key} label={label} {...field(key)} />
        ))}
        <NumberField label="Min trading days" step="1" {...field('minimumTradingDays')} />
        <TextField label="Payout frequency" {...field('payoutFrequency')} />
        <TextField label="News trading" {...field('newsTrading')} />
        <TextField label="Payout requirements" className="sm:col-span-2" {...field('payoutRequirements')} />
        <fieldset className="grid grid-cols-1 gap-x-4 sm:col-span-2 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">Trading rules</legend>
          {RULE_FLAGS.map(([key, label]) => (
            <CheckboxField key={key} label={label} {...check(key)} />
          ))}
        </fieldset>
        <LinesField label="Additional features" className="sm:col-span-2" rows={3} {...field('features')} />
        <AccountRows model={model} path={path} errors={errors} onChange={(accounts) => set({ accounts })} />
      </div>
    </li>
  );
}

export function FundingModels({
  models,
  errors,
  setModels,
}: {
  models: FundingModelInput[];
  errors: Errors;
  setModels: (next: FundingModelInput[]) => void;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Funding models</h2>
      <p className="mt-1 text-sm text-slate-600">
        Changes to rules, prices and account sizes of a listed firm appear in its public Rule changes timeline
        and are emailed to its followers.
      </p>
      {errors.fundingModels ? <p className="mt-2 text-sm text-red-700">{errors.fundingModels}</p> : null}
      <ol className="mt-4 grid gap-4">
        {models.map((model, i) => (
          <FundingModelCard
            key={model.id ?? `new-${i}`}
            model={model}
            index={i}
            errors={errors}
            onChange={(next) => setModels(models.map((m, j) => (j === i ? next : m)))}
            onRemove={() => setModels(models.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      <Button
        variant="outline"
        className="mt-4"
        onClick={() => {
          setModels([...models, emptyFundingModel()]);
          requestAnimationFrame(() =>
            document.getElementById(fieldId(`fundingModels.${models.length}.name`))?.focus(),
          );
        }}
      >
        <PlusIcon aria-hidden="true" /> Add funding model
      </Button>
    </Card>
  );
}
