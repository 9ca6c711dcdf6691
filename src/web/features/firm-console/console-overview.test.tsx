import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { FirmConsoleOverview, OwnChangeRequest } from '../../../domain/change-requests';
import { OwnChangeRequests } from './change-request-bits';
import { ConsoleCoupons, ConsoleFigures, describeChange, WaitingForReply } from './console-overview';
import { RepresentedFirms } from './represented-firms';

const overview: FirmConsoleOverview = {
  firm: { id: 7, slug: 'acme', name: 'Acme Funding' },
  figures: {
    from: '2026-04-04',
    to: '2026-05-03',
    pageViews: { value: 1320, previous: 1100 },
    outboundClicks: { value: 45, previous: 60 },
    couponCopies: { value: 8, previous: 0 },
  },
  unanswered: {
    reviews: [
      { id: 31, rating: 2, title: 'Slow payout', author: 'trader9', createdAt: '2026-05-01T08:00:00.000Z' },
    ],
    payoutReports: [{ id: 12, amountCents: 250050, reason: null, createdAt: '2026-04-20T08:00:00.000Z' }],
  },
  repliesWaiting: 2,
  options: { platforms: [], payoutMethods: [] },
  coupons: [
    {
      id: 4,
      code: 'ACME20',
      title: '20% off every challenge',
      discountPercent: 20,
      expiryDate: '2026-06-30',
      isActive: true,
      usageCount: 1204,
    },
  ],
  changeRequests: [],
};

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

const render = (node: ReactNode) => renderToString(<Router ssrPath="/firm-console/acme">{node}</Router>);

describe('the firm console', () => {
  it('compares each figure with the 30 days before', () => {
    expect(describeChange({ value: 1320, previous: 1100 })).toEqual({ text: 'up 20%', trend: 'up' });
    expect(describeChange({ value: 45, previous: 60 })).toEqual({ text: 'down 25%', trend: 'down' });
    expect(describeChange({ value: 8, previous: 0 })).toEqual({ text: 'up from 0', trend: 'up' });
    expect(describeChange({ value: 0, previous: 0 })).toEqual({ text: 'no change', trend: 'same' });
    expect(text(render(<ConsoleFigures figures={overview.figures} />))).toBe(
      'Last 30 days Apr 4, 2026 to May 3, 2026, against the 30 days before. Page views 1,320 up 20% (from 1,100) Clicks out 45 down 25% (from 60) Coupon copies 8 up from 0',
    );
  });

  it('links each review and denied report without a reply to its place on the firm page', () => {
    const html = render(<WaitingForReply slug="acme" overview={overview} />);
    expect(html).toContain('href="/firm/acme?tab=reviews#review-31"');
    expect(html).toContain('href="/firm/acme?tab=payouts#payout-report-12"');
    const shown = text(html);
    expect(shown).toContain('1 review and 1 denied payout report without your reply.');
    expect(shown).toContain('2 of your replies are held for a check or hidden by our moderators.');
    expect(shown).toContain('2/5 Slow payout by trader9, May 1, 2026 Reply to this review');
    expect(shown).toContain('Denied $2,500.50 · Apr 20, 2026 Reply to this report');
    const none = { ...overview, unanswered: { reviews: [], payoutReports: [] }, repliesWaiting: 0 };
    expect(text(render(<WaitingForReply slug="acme" overview={none} />))).toContain(
      'Nothing waits for a reply.',
    );
  });

  it("lists the firm's coupons", () => {
    const shown = text(render(<ConsoleCoupons coupons={overview.coupons} />));
    expect(shown).toContain(
      'ACME20 20% off every challenge Discount: 20% Last day: Jun 30, 2026 Active Uses: 1,204',
    );
  });

  it("lists the firm's corrections with their status, the reason of a rejected one and the changes", () => {
    const base: OwnChangeRequest = {
      id: 3,
      status: 'pending',
      note: 'New prices from June.',
      source: 'https://acme.example/pricing',
      version: 12,
      changes: [{ field: 'accountPriceMin', before: '99', after: '89' }],
      reason: null,
      createdAt: '2026-05-02T10:00:00.000Z',
      decidedAt: null,
    };
    const rejected = {
      ...base,
      id: 2,
      status: 'rejected' as const,
      reason: 'The pricing page still shows $99.',
      decidedAt: '2026-04-03T10:00:00.000Z',
    };
    const approved = { ...base, id: 1, status: 'approved' as const, decidedAt: '2026-03-03T10:00:00.000Z' };
    const html = render(<OwnChangeRequests requests={[base, rejected, approved]} />);
    const shown = text(html);
    expect(shown).toContain('Correction #3 Pending Sent May 2, 2026 Note New prices from June.');
    expect(shown).toContain('accountPriceMin Before: 99 After: 89');
    expect(shown).toContain(
      'Correction #2 Rejected Sent May 2, 2026 Decided Apr 3, 2026 Note New prices from June. Source https://acme.example/pricing Reason The pricing page still shows $99.',
    );
    expect(shown).toContain('Correction #1 Approved');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(text(render(<OwnChangeRequests requests={[]} />))).toContain(
      'You have not sent a correction yet.',
    );
  });

  it("opens each represented firm's console from /profile, and shows nothing to others", () => {
    const html = render(<RepresentedFirms firms={[{ firmId: 7, slug: 'acme', name: 'Acme Funding' }]} />);
    expect(html).toContain('href="/firm-console/acme"');
    expect(text(html)).toContain('Acme Funding Open the firm console');
    expect(render(<RepresentedFirms firms={[]} />)).toBe('');
  });
});
