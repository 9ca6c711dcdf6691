import { type FormEvent, useState } from 'react';
import { ANALYTICS_PRESETS } from '../../../domain/analytics-rules';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useUrlSearchParams } from '../../lib/url-search-params';
import { type AnalyticsRange, parseAnalyticsRange, presetLabel } from './range';

/** The dashboards' range, kept in the address: today, 7, 30 or 90 days up to today, or custom days. */
export function useAnalyticsRange(): [AnalyticsRange, (next: URLSearchParams) => void] {
  const [params, setParams] = useUrlSearchParams();
  return [parseAnalyticsRange(params), (next) => setParams(next, { replace: true })];
}

export function RangePicker() {
  const [range, setRange] = useAnalyticsRange();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Range</legend>
        {ANALYTICS_PRESETS.map((days) => (
          <Button
            key={days}
            variant={range.preset === days ? 'default' : 'outline'}
            size="sm"
            aria-pressed={range.preset === days}
            onClick={() => setRange(new URLSearchParams({ days: String(days) }))}
          >
            {presetLabel(days)}
          </Button>
        ))}
      </fieldset>
      <CustomRange key={`${range.from}:${range.to}`} range={range} onChange={setRange} />
    </div>
  );
}

/** Any two days; it starts from the range shown, and follows it when a preset is chosen. */
function CustomRange({
  range,
  onChange,
}: {
  range: AnalyticsRange;
  onChange: (next: URLSearchParams) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(new URLSearchParams({ from, to }));
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <div>
        <Label htmlFor="range-from">From</Label>
        <Input id="range-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
      </div>
      <div>
        <Label htmlFor="range-to">To</Label>
        <Input id="range-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
      </div>
      <Button type="submit" variant="outline" size="sm">
        Show range
      </Button>
    </form>
  );
}
