import Info from '~icons/lucide/info';
import ShoppingCart from '~icons/lucide/shopping-cart';
import { drawdownTypeLabel } from '../../../domain/challenge-rules';
import {
  formatDailyDrawdown,
  formatPricingType,
  showsMaxContracts,
  showsPayoutFrequency,
  yesNo,
} from '../../../domain/firm-rules';
import type { Account, FirmDetails, FundingModel } from '../../../domain/firms';
import { formatFunding, formatLeverage, formatPercent, formatPrice } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
import { outboundLinkProps } from '../../lib/analytics';
import { PriceHistorySection } from './price-history';

function InfoTip({ label, text }: { label: string; text: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button type="button" className="inline-flex text-slate-500 hover:text-slate-900" aria-label={label}>
          <Info className="size-3.5" aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
    </Tooltip>
  );
}

type Row = [string, React.ReactNode];

function Rows({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h4>
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 py-1.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function basicRows(m: FundingModel): Row[] {
  const rows: Row[] = [['Asset Type', m.assetType ?? 'N/A']];
  if (m.leverage != null && m.leverage > 0) {
    rows.push([
      'Leverage',
      <span key="lev" className="inline-flex items-center gap-1">
        {formatLeverage(m.leverage)}
        <InfoTip label="About leverage" text="Maximum leverage, usually for Forex majors." />
      </span>,
    ]);
  }
  if (m.profitSplit != null) rows.push(['Profit Split', formatPercent(m.profitSplit)]);
  if (showsPayoutFrequency(m.payoutFrequency)) rows.push(['Payout Frequency', m.payoutFrequency]);
  if ((m.minimumPayout ?? 0) > 0) rows.push(['Minimum Payout', formatPrice(m.minimumPayout as number)]);
  if (m.payoutRequirements?.trim()) rows.push(['Payout Requirements', m.payoutRequirements]);
  return rows;
}

function targetRows(m: FundingModel): Row[] {
  const rows: Row[] = [];
  for (const [label, value] of [
    ['Phase 1 Target', m.profitTargetPhase1],
    ['Phase 2 Target', m.profitTargetPhase2],
    ['Phase 3 Target', m.profitTargetPhase3],
  ] as const) {
    if ((value ?? 0) > 0) rows.push([label, formatPercent(value as number)]);
  }
  if ((m.maximumDrawdown ?? 0) > 0) rows.push(['Max Drawdown', formatPercent(m.maximumDrawdown as number)]);
  rows.push(['Daily Drawdown', formatDailyDrawdown(m.dailyDrawdown)]);
  const drawdownType = drawdownTypeLabel(m.drawdownType);
  if (drawdownType) rows.push(['Drawdown Type', drawdownType]);
  rows.push(['Stop-Loss Required', yesNo(m.stopLossRequired)]);
  return rows;
}

function ruleRows(m: FundingModel): Row[] {
  const rows: Row[] = [];
  if ((m.minimumTradingDays ?? 0) > 0) rows.push(['Min Trading Days', String(m.minimumTradingDays)]);
  rows.push(['Fee Refundable', yesNo(m.feeRefundable)]);
  rows.push(['Time Limits', yesNo(m.timeLimits)]);
  rows.push(['EA Allowed', yesNo(m.eaAllowed)]);
  rows.push([
    'Consistency Rule',
    m.consistencyRule && (m.consistencyPercentage ?? 0) > 0
      ? `Yes (${formatPercent(m.consistencyPercentage as number)})`
      : yesNo(m.consistencyRule),
  ]);
  rows.push(['Weekend Holding', yesNo(m.weekendHolding)]);
  rows.push(['Lot Size Restrictions', yesNo(m.lotSizeRestrictions)]);
  if (m.newsTrading?.trim()) rows.push(['News Trading', m.newsTrading]);
  return rows;
}

function AccountOption({
  model,
  account,
  buyUrl,
}: {
  model: FundingModel;
  account: Account;
  buyUrl: string | null;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-lg font-bold text-slate-900">{formatFunding(account.capital)}</p>
          <p className="text-xs whitespace-nowrap text-slate-600">Account size</p>
        </div>
        <div className="text-right">
          <p className="font-semibold text-slate-900">
            {formatPrice(account.price)} {/* Kept whole: a narrow card broke 'one-time' after its hyphen. */}
            <span className="text-xs font-normal whitespace-nowrap text-slate-600">
              {formatPricingType(account.pricingType)}
            </span>
          </p>
          {showsMaxContracts(model, account.maxContracts) && (
            <p className="text-xs text-slate-600">Max contracts: {account.maxContracts}</p>
          )}
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        {account.disclaimer ? <InfoTip label="Account disclaimer" text={account.disclaimer} /> : <span />}
        {buyUrl && (
          <Button asChild size="sm">
            <a href={buyUrl} target="_blank" rel="sponsored noopener" {...outboundLinkProps}>
              <ShoppingCart aria-hidden="true" /> Buy Now
              <span className="sr-only"> {formatFunding(account.capital)} account (opens in a new tab)</span>
            </a>
          </Button>
        )}
      </div>
    </li>
  );
}

export function FundingModels({ firm }: { firm: FirmDetails }) {
  if (!firm.fundingModels.length) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        No funding models available for this firm.
      </p>
    );
  }
  const buyUrl = firm.affiliateUrl ? `/outbound/${encodeURIComponent(firm.slug)}` : null;
  return (
    <div className="grid grid-cols-1 gap-4">
      <h2 className="sr-only">Funding models</h2>
      {firm.fundingModels.map((model) => {
        const accounts = firm.accounts.filter((a) => a.fundingModelId === model.id);
        return (
          <Card key={model.id}>
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle as="h3">{model.name}</CardTitle>
                {model.type && <Badge variant="secondary">{model.type}</Badge>}
              </div>
              {model.description && <CardDescription>{model.description}</CardDescription>}
            </CardHeader>
            <CardContent className="space-y-5">
              <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
                <Rows title="Basic Info" rows={basicRows(model)} />
                <Rows title="Targets & Risk" rows={targetRows(model)} />
                <Rows title="Trading Rules" rows={ruleRows(model)} />
              </div>
              {accounts.length > 0 && (
                <div>
                  <h4 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
                    Account Options
                  </h4>
                  <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                    {accounts.map((account) => (
                      <AccountOption key={account.id} model={model} account={account} buyUrl={buyUrl} />
                    ))}
                  </ul>
                </div>
              )}
              {accounts.length > 0 && <PriceHistorySection accounts={accounts} />}
              {model.features.length > 0 && (
                <div>
                  <h4 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
                    Additional Features
                  </h4>
                  <ul className="flex flex-wrap gap-2">
                    {model.features.map((f) => (
                      <li key={f}>
                        <Badge variant="outline">{f}</Badge>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
