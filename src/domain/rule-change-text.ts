import { drawdownTypeLabel } from './challenge-rules';
import { yesNo } from './firm-rules';
import { formatFunding, formatLeverage, formatPercent, formatPrice } from './format';

/**
 * Rule changes in words a trader reads ('Daily drawdown 5% -> 4%'). Values are stored as text
 * (numbers as their decimal form, booleans as 'true'/'false'); the field says how to show them.
 * No zod here: the firm page imports this.
 */

type Kind = 'percent' | 'money' | 'leverage' | 'days' | 'yesno' | 'drawdown' | 'text';

/** The funding-model fields whose changes are recorded, with their label and kind. */
export const RULE_FIELDS = {
  type: { label: 'Type', kind: 'text' },
  leverage: { label: 'Leverage', kind: 'leverage' },
  profitSplit: { label: 'Profit split', kind: 'percent' },
  payoutFrequency: { label: 'Payout frequency', kind: 'text' },
  minimumPayout: { label: 'Minimum payout', kind: 'money' },
  payoutRequirements: { label: 'Payout requirements', kind: 'text' },
  profitTargetPhase1: { label: 'Phase 1 target', kind: 'percent' },
  profitTargetPhase2: { label: 'Phase 2 target', kind: 'percent' },
  profitTargetPhase3: { label: 'Phase 3 target', kind: 'percent' },
  maximumDrawdown: { label: 'Max drawdown', kind: 'percent' },
  dailyDrawdown: { label: 'Daily drawdown', kind: 'percent' },
  drawdownType: { label: 'Drawdown type', kind: 'drawdown' },
  stopLossRequired: { label: 'Stop-loss required', kind: 'yesno' },
  minimumTradingDays: { label: 'Min trading days', kind: 'days' },
  feeRefundable: { label: 'Fee refundable', kind: 'yesno' },
  timeLimits: { label: 'Time limits', kind: 'yesno' },
  eaAllowed: { label: 'EA allowed', kind: 'yesno' },
  consistencyRule: { label: 'Consistency rule', kind: 'yesno' },
  consistencyPercentage: { label: 'Consistency percentage', kind: 'percent' },
  weekendHolding: { label: 'Weekend holding', kind: 'yesno' },
  lotSizeRestrictions: { label: 'Lot size restrictions', kind: 'yesno' },
  newsTrading: { label: 'News trading', kind: 'text' },
} as const satisfies Record<string, { label: string; kind: Kind }>;

export type RuleField = keyof typeof RULE_FIELDS;
export const RULE_FIELD_KEYS = Object.keys(RULE_FIELDS) as RuleField[];

/** Changes that are not one rule field: accounts and whole funding models. */
export const ACCOUNT_FIELDS = [
  'accountPrice',
  'accountPricingType',
  'accountAdded',
  'accountRemoved',
] as const;
export const MODEL_FIELDS = ['modelAdded', 'modelRemoved'] as const;

/** A value as the database column holds it, for the change record. */
export function ruleValueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

function showValue(kind: Kind, value: string | null): string {
  if (value === null) return 'none';
  const n = Number(value);
  switch (kind) {
    case 'percent':
      return Number.isFinite(n) ? formatPercent(n) : value;
    case 'money':
      return Number.isFinite(n) ? formatPrice(n) : value;
    case 'leverage':
      return Number.isFinite(n) ? formatLeverage(n) : value;
    case 'days':
      return Number.isFinite(n) ? `${n} ${n === 1 ? 'day' : 'days'}` : value;
    case 'yesno':
      return yesNo(value === 'true');
    case 'drawdown':
      return drawdownTypeLabel(value) ?? value;
    default:
      return value;
  }
}

export interface RuleChangeFacts {
  field: string;
  fundingModelName: string | null;
  accountSize: number | null;
  oldValue: string | null;
  newValue: string | null;
}

const pricingText = (value: string | null) => (value === 'monthly' ? 'monthly' : 'one-time');

/** One change in words, without the model's name: 'Daily drawdown 5% -> 4%'. */
export function describeRuleChange(change: RuleChangeFacts): string {
  const size = change.accountSize != null ? `${formatFunding(change.accountSize)} account` : 'Account';
  switch (change.field) {
    case 'accountPrice':
      return `${size} price ${showValue('money', change.oldValue)} -> ${showValue('money', change.newValue)}`;
    case 'accountPricingType':
      return `${size} pricing ${pricingText(change.oldValue)} -> ${pricingText(change.newValue)}`;
    case 'accountAdded':
      return `${size} added at ${showValue('money', change.newValue)}`;
    case 'accountRemoved':
      return `${size} removed (was ${showValue('money', change.oldValue)})`;
    case 'modelAdded':
      return 'Funding model added';
    case 'modelRemoved':
      return 'Funding model removed';
  }
  const rule = RULE_FIELDS[change.field as RuleField];
  if (!rule) return `${change.field} ${change.oldValue ?? 'none'} -> ${change.newValue ?? 'none'}`;
  return `${rule.label} ${showValue(rule.kind, change.oldValue)} -> ${showValue(rule.kind, change.newValue)}`;
}

/** The change with its funding model: 'Two-Step Classic: Daily drawdown 5% -> 4%'. */
export const describeRuleChangeInModel = (change: RuleChangeFacts) =>
  change.fundingModelName
    ? `${change.fundingModelName}: ${describeRuleChange(change)}`
    : describeRuleChange(change);
