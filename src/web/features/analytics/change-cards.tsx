import TrendingDown from '~icons/lucide/trending-down';
import TrendingUp from '~icons/lucide/trending-up';
import { cn } from '../../lib/cn';
import { changePercent } from './range';

const number = (n: number) => n.toLocaleString('en-US');

export interface ChangeCard {
  key: string;
  label: string;
  value: number;
  previous: number;
}

/** Totals of a range, each with its change from the period before. */
export function ChangeCards({ cards, className }: { cards: ChangeCard[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3 md:grid-cols-4', className)}>
      {cards.map(({ key, label, value, previous }) => {
        const change = changePercent(value, previous);
        return (
          <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1">
              <span className="text-2xl font-bold text-slate-900 tabular-nums">{number(value)}</span>
              <span
                className={cn(
                  'mt-1 flex items-center gap-1 text-xs',
                  change == null ? 'text-slate-500' : change >= 0 ? 'text-emerald-700' : 'text-red-700',
                )}
              >
                {change == null ? null : change >= 0 ? (
                  <TrendingUp aria-hidden />
                ) : (
                  <TrendingDown aria-hidden />
                )}
                {change == null
                  ? `${number(previous)} before`
                  : `${change > 0 ? '+' : ''}${change}% vs ${number(previous)}`}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
