import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { FirmDetails } from '../../../domain/firms';
import type { FirmPayoutRecord, PublicPayoutReportPage } from '../../../domain/payouts';
import { FirmPayouts } from './firm-payouts';
import { firmPayoutReportsQuery } from './queries';

const record: FirmPayoutRecord = {
  tier: 'medium',
  tierChangedAt: '2026-11-20T10:00:00.000Z',
  paidLast90Days: 5,
  paidAll: 12,
  medianDays: 4.5,
  p90Days: 11,
  medianAmount: 2500,
  largestAmount: 18_000,
  methodShares: [
    { method: 'Crypto', count: 9, share: 0.75 },
    { method: 'Rise', count: 3, share: 0.25 },
  ],
  deniedCount: 2,
  monthly: [
    { month: '2025-12', count: 1, amount: 900 },
    { month: '2026-11', count: 3, amount: 7_400 },
  ],
};

const reports: PublicPayoutReportPage = {
  page: 1,
  pageSize: 10,
  total: 2,
  reports: [
    {
      id: 7,
      kind: 'paid',
      amount: 3200,
      method: 'Crypto',
      daysTaken: 3,
      grade: 'on_chain',
      date: '2026-11-18',
      denialReason: null,
      comment: 'Fast and clean.',
      reporter: 'trader1',
      verifiedAt: '2026-11-19T09:00:00.000Z',
      reply: null,
    },
    {
      id: 6,
      kind: 'denied',
      amount: null,
      method: null,
      daysTaken: null,
      grade: 'screenshot',
      date: '2026-11-02',
      denialReason: 'consistency_rule',
      comment: null,
      reporter: null,
      verifiedAt: '2026-11-03T09:00:00.000Z',
      reply: {
        body: 'We checked again: the rule was met.',
        createdAt: '2026-11-04T09:00:00.000Z',
        updatedAt: '2026-11-04T09:00:00.000Z',
        edited: false,
      },
    },
  ],
};

const firm = (payoutRecord: FirmPayoutRecord | null) =>
  ({ slug: 'acme', name: 'Acme Funding', payoutRecord }) as unknown as FirmDetails;

function render(details: FirmDetails) {
  const client = new QueryClient();
  client.setQueryData(firmPayoutReportsQuery('acme').queryKey, reports);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath="/firm/acme">
        <FirmPayouts firm={details} user={null} />
      </Router>
    </QueryClientProvider>,
  );
  // React separates adjacent text with comments; elements become spaces.
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe("the firm page's Payouts tab, as the server renders it", () => {
  it('shows the record, the months as a table and the latest verified reports', () => {
    const text = render(firm(record));
    expect(text).toContain('Payout record Medium Since Nov 20, 2026.');
    expect(text).toContain('Last 90 days 5 In all 12 Median time 4.5 days 90% paid within 11 days');
    expect(text).toContain('Median amount $2,500 Largest amount $18,000 Denied (verified) 2');
    expect(text).toContain('Crypto 75% (9)');
    expect(text).toContain('Dec 2025 to Nov 2026');
    expect(text).toContain('Nov 2026 Payouts: 3 Amount: $7,400');
    expect(text).toContain('$3,200 by Crypto');
    expect(text).toContain('Received in 3 days On-chain reference checked @trader1');
    expect(text).toContain('Denied Consistency rule');
    expect(text).toContain('Screenshot only Anonymous');
    expect(text).toContain(
      'Response from Acme Funding Firm representative Nov 4, 2026 We checked again: the rule was met.',
    );
    // A visitor sees no reply buttons.
    expect(text).not.toContain('Edit reply');
    expect(text).toContain('Log in to report a payout');
  });

  it('leaves the chart to the browser', () => {
    const client = new QueryClient();
    client.setQueryData(firmPayoutReportsQuery('acme').queryKey, reports);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <Router ssrPath="/firm/acme">
          <FirmPayouts firm={firm(record)} user={null} />
        </Router>
      </QueryClientProvider>,
    );
    expect(html).not.toContain('recharts');
    expect(html).toContain('<caption class="sr-only">Verified payouts by month</caption>');
  });

  it('says so when nothing is verified yet', () => {
    const text = render(firm(null));
    expect(text).toContain('Not enough evidence');
    expect(text).toContain('No payout of Acme Funding has been verified yet.');
    expect(text).not.toContain('Latest verified reports');
  });
});
