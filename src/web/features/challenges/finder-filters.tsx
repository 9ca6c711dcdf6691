import {
  CHALLENGE_ASSET_LABELS,
  CHALLENGE_ASSETS,
  type ChallengeBooleanFilter,
  COMMON_SIZES,
  DRAWDOWN_TYPE_LABELS,
  DRAWDOWN_TYPES,
  STEP_VALUES,
  stepsLabel,
} from '../../../domain/challenge-rules';
import { formatFunding } from '../../../domain/format';
import { Checkbox } from '../../components/ui/checkbox';
import { cn } from '../../lib/cn';
import type { FilterActions } from './filter-actions';
import { ChipGroup, Group, NumberBox, PayoutRecordFilterField, PlaceFilters } from './filter-fields';
import type { ChallengeState, NumberFilter } from './state';

const FLAG_LABELS: Record<ChallengeBooleanFilter, string> = {
  news: 'News trading allowed',
  weekend: 'Weekend holding',
  ea: 'EAs allowed',
  noTimeLimit: 'No time limit',
  refundable: 'Refundable fee',
  hasCoupon: 'Has a coupon',
};

const RULE_BOXES: readonly { name: NumberFilter; label: string; max: number }[] = [
  { name: 'dailyDrawdownMin', label: 'Min daily drawdown (%)', max: 100 },
  { name: 'maxDrawdownMin', label: 'Min max drawdown (%)', max: 100 },
  { name: 'targetMax', label: 'Max phase-1 target (%)', max: 100 },
  { name: 'profitSplitMin', label: 'Min profit split (%)', max: 100 },
  { name: 'priceMax', label: 'Max price after coupon ($)', max: 10_000_000 },
];

/** The filters panel: a column beside the list on a laptop, opened by the Filters button below it. */
export function FilterPanel({
  id,
  open,
  state,
  actions,
}: {
  id: string;
  open: boolean;
  state: ChallengeState;
  actions: FilterActions;
}) {
  return (
    <section
      id={id}
      aria-label="Filters"
      className={cn(
        'flex-col gap-5 self-start rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:flex',
        open ? 'flex' : 'hidden',
      )}
    >
      <ChipGroup
        label="Account size"
        name="size"
        values={COMMON_SIZES}
        text={formatFunding}
        state={state}
        actions={actions}
      >
        <div className="mt-3 grid grid-cols-2 gap-2">
          <NumberBox
            label="Min size ($)"
            value={state.sizeMin}
            min={0}
            max={100_000_000}
            step={1000}
            onCommit={actions.setNumber('sizeMin')}
          />
          <NumberBox
            label="Max size ($)"
            value={state.sizeMax}
            min={0}
            max={100_000_000}
            step={1000}
            onCommit={actions.setNumber('sizeMax')}
          />
        </div>
      </ChipGroup>
      <ChipGroup
        label="Steps"
        name="steps"
        values={STEP_VALUES}
        text={stepsLabel}
        state={state}
        actions={actions}
      />
      <ChipGroup
        label="Asset class"
        name="asset"
        values={CHALLENGE_ASSETS}
        text={(asset) => CHALLENGE_ASSET_LABELS[asset]}
        state={state}
        actions={actions}
      />
      <ChipGroup
        label="Drawdown type"
        name="drawdownType"
        values={DRAWDOWN_TYPES}
        text={(type) => DRAWDOWN_TYPE_LABELS[type]}
        state={state}
        actions={actions}
      />
      <Group label="Rules">
        <div className="grid grid-cols-2 gap-2">
          {RULE_BOXES.map((box) => (
            <NumberBox
              key={box.name}
              label={box.label}
              value={state[box.name]}
              min={0}
              max={box.max}
              onCommit={actions.setNumber(box.name)}
            />
          ))}
        </div>
      </Group>
      <PlaceFilters state={state} actions={actions} />
      <PayoutRecordFilterField state={state} actions={actions} />
      <Group label="Must have">
        <div className="grid gap-2">
          {(Object.keys(FLAG_LABELS) as ChallengeBooleanFilter[]).map((flag) => (
            <label key={flag} className="flex items-center gap-2 text-sm text-slate-800">
              <Checkbox
                className="size-4 accent-brand-600"
                checked={state.flags[flag] === true}
                onChange={(e) => actions.setFlag(flag, e.target.checked)}
              />
              {FLAG_LABELS[flag]}
            </label>
          ))}
        </div>
      </Group>
    </section>
  );
}
