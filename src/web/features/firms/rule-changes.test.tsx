import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { FirmDetails } from '../../../domain/firms';
import type { RuleChange } from '../../../domain/rule-changes';
import { firmRuleChangesQuery } from './queries';
import { RuleChanges } from './rule-changes';

const firm = { id: 7, slug: 'acme', name: 'Acme Funding' } as FirmDetails;

const change = (over: Partial<RuleChange>): RuleChange => ({
  id: 1,
  batchId: 'b1',
  fundingModelName: 'Rapid',
  accountSize: null,
  field: 'dailyDrawdown',
  oldValue: '5',
  newValue: '4',
  text: 'Rapid: daily drawdown 5% -> 4%',
  reportedByFirm: false,
  createdAt: '2026-05-03T10:00:00.000Z',
  ...over,
});

function render(changes: RuleChange[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(firmRuleChangesQuery('acme').queryKey, changes);
  return renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath="/firm/acme">
        <RuleChanges firm={firm} user={null} />
      </Router>
    </QueryClientProvider>,
  )
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}

describe("the firm page's rule-change history", () => {
  it('says which changes the firm reported and when Prop Firm Club checked them', () => {
    const text = render([
      change({ id: 2, text: 'Rapid: price $99 -> $89', reportedByFirm: true }),
      change({ id: 1, createdAt: '2026-04-01T10:00:00.000Z' }),
    ]);
    expect(text).toContain(
      'Rapid: price $99 -> $89 Reported by the firm, checked by Prop Firm Club on May 3, 2026',
    );
    // An admin's own change says nothing of the kind.
    expect(text).toContain('Apr 1, 2026 Rapid: daily drawdown 5% -> 4% ');
    expect(text.match(/Reported by the firm/g)).toHaveLength(1);
  });
});
