import { describe, expect, it } from 'vitest';
import { formatGiveawayDate, giveawayBadge, isGiveawayOpen, winnersHeading } from './giveaway-rules';

const now = Date.parse('2026-11-25T12:00:00Z');

describe('giveaway rules', () => {
  it('is open only when active and ending in the future', () => {
    expect(isGiveawayOpen({ status: 'active', endDate: '2026-11-25T12:00:01Z' }, now)).toBe(true);
    expect(isGiveawayOpen({ status: 'active', endDate: '2026-11-25T12:00:00Z' }, now)).toBe(false);
    expect(isGiveawayOpen({ status: 'completed', endDate: '2027-01-01T00:00:00Z' }, now)).toBe(false);
  });

  it("badges 'Active', 'Ended' for completed, else the raw status (spec section 2)", () => {
    expect(giveawayBadge({ status: 'active', endDate: '2027-01-01T00:00:00Z' }, now)).toBe('Active');
    expect(giveawayBadge({ status: 'completed', endDate: '2026-01-01T00:00:00Z' }, now)).toBe('Ended');
    expect(giveawayBadge({ status: 'paused', endDate: '2027-01-01T00:00:00Z' }, now)).toBe('paused');
  });

  it('formats long US dates with time in UTC', () => {
    expect(formatGiveawayDate('2026-12-07T15:05:00Z')).toBe('December 7, 2026 at 3:05 PM UTC');
    expect(formatGiveawayDate('2026-01-01T00:30:00Z')).toBe('January 1, 2026 at 12:30 AM UTC');
    expect(formatGiveawayDate('2026-06-30T12:00:00Z')).toBe('June 30, 2026 at 12:00 PM UTC');
    expect(formatGiveawayDate('nope')).toBe('');
  });

  it('names the winners heading by count', () => {
    expect(winnersHeading(1)).toBe('Winner Announced');
    expect(winnersHeading(3)).toBe('3 Winners Announced');
  });
});
