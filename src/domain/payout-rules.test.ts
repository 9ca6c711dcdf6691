import { describe, expect, it } from 'vitest';
import {
  displayTransactionReference,
  type EvidenceGrade,
  evidenceScore,
  hammingDistance64,
  IMAGE_HASH_NEAR_BITS,
  isNearImageHash,
  meetsPayoutTier,
  normalizeProcessorReference,
  normalizeTransactionReference,
  payoutRecordTier,
  quantile,
} from './payout-rules';
import { PayoutReportFieldsSchema } from './payouts';

const HASH = 'a3f1c2d4e5b6978812345678abcdef0123456789abcdef0123456789abcdef01';
const SOLANA = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

const grades = (n: number, grade: EvidenceGrade) => Array.from({ length: n }, () => grade);

describe('payout record tier', () => {
  it('weighs an on-chain payout more than a processor receipt, a bank statement and a screenshot', () => {
    expect(evidenceScore(['on_chain'])).toBeGreaterThan(evidenceScore(['processor_receipt']));
    expect(evidenceScore(['processor_receipt'])).toBeGreaterThan(evidenceScore(['bank_statement']));
    expect(evidenceScore(['bank_statement'])).toBeGreaterThan(evidenceScore(['screenshot']));
  });

  it('needs enough evidence before it says anything', () => {
    expect(payoutRecordTier({ paidGrades: [], deniedCount: 0, medianDays: null })).toBe('insufficient');
    expect(payoutRecordTier({ paidGrades: grades(2, 'on_chain'), deniedCount: 0, medianDays: 2 })).toBe(
      'insufficient',
    );
    // Eleven screenshots weigh less than three on-chain payouts.
    expect(payoutRecordTier({ paidGrades: grades(11, 'screenshot'), deniedCount: 0, medianDays: 2 })).toBe(
      'insufficient',
    );
    expect(payoutRecordTier({ paidGrades: grades(3, 'on_chain'), deniedCount: 0, medianDays: 2 })).toBe(
      'low',
    );
  });

  it('gives Medium and High at their evidence, denied share and speed thresholds', () => {
    expect(payoutRecordTier({ paidGrades: grades(6, 'on_chain'), deniedCount: 0, medianDays: 30 })).toBe(
      'medium',
    );
    expect(payoutRecordTier({ paidGrades: grades(6, 'on_chain'), deniedCount: 2, medianDays: 3 })).toBe(
      'medium',
    );
    expect(payoutRecordTier({ paidGrades: grades(6, 'on_chain'), deniedCount: 3, medianDays: 3 })).toBe(
      'low',
    );
    expect(payoutRecordTier({ paidGrades: grades(15, 'on_chain'), deniedCount: 1, medianDays: 14 })).toBe(
      'high',
    );
    // Too slow, or too many denials, for High.
    expect(payoutRecordTier({ paidGrades: grades(15, 'on_chain'), deniedCount: 1, medianDays: 15 })).toBe(
      'medium',
    );
    expect(payoutRecordTier({ paidGrades: grades(15, 'on_chain'), deniedCount: 2, medianDays: 5 })).toBe(
      'medium',
    );
    // Sixty screenshots (evidence 15) reach what fifteen on-chain payouts do.
    expect(payoutRecordTier({ paidGrades: grades(60, 'screenshot'), deniedCount: 0, medianDays: 5 })).toBe(
      'high',
    );
    expect(payoutRecordTier({ paidGrades: grades(59, 'screenshot'), deniedCount: 0, medianDays: 5 })).toBe(
      'medium',
    );
  });

  it('orders tiers for the finder filter', () => {
    expect(meetsPayoutTier('high', 'medium')).toBe(true);
    expect(meetsPayoutTier('medium', 'medium')).toBe(true);
    expect(meetsPayoutTier('low', 'medium')).toBe(false);
    expect(meetsPayoutTier(null, 'medium')).toBe(false);
    expect(meetsPayoutTier('medium', 'high')).toBe(false);
  });

  it('takes medians and the 90th percentile', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
  });
});

describe('transaction references', () => {
  it('takes 0x and 64 hex digits on Ethereum, BNB Chain and Polygon, stored in one form', () => {
    for (const network of ['ethereum', 'bnb', 'polygon'] as const) {
      expect(normalizeTransactionReference(network, `0x${HASH}`)).toBe(HASH);
      expect(normalizeTransactionReference(network, ` 0X${HASH.toUpperCase()} `)).toBe(HASH);
      expect(normalizeTransactionReference(network, HASH)).toBeNull();
      expect(normalizeTransactionReference(network, `0x${HASH.slice(1)}`)).toBeNull();
      expect(normalizeTransactionReference(network, `0x${HASH.slice(1)}g`)).toBeNull();
      expect(displayTransactionReference(network, HASH)).toBe(`0x${HASH}`);
    }
  });

  it('takes 64 hex digits on Tron and Bitcoin', () => {
    for (const network of ['tron', 'bitcoin'] as const) {
      expect(normalizeTransactionReference(network, HASH.toUpperCase())).toBe(HASH);
      expect(normalizeTransactionReference(network, `0x${HASH}`)).toBeNull();
      expect(normalizeTransactionReference(network, `${HASH}0`)).toBeNull();
      expect(displayTransactionReference(network, HASH)).toBe(HASH);
    }
  });

  it('takes a base58 signature of 87-88 characters on Solana, case kept', () => {
    expect(normalizeTransactionReference('solana', SOLANA)).toBe(SOLANA);
    expect(normalizeTransactionReference('solana', SOLANA.slice(1))).toBe(SOLANA.slice(1));
    expect(normalizeTransactionReference('solana', SOLANA.slice(2))).toBeNull();
    expect(normalizeTransactionReference('solana', `${SOLANA.slice(1)}0`)).toBeNull(); // 0 is not base58
    expect(normalizeTransactionReference('solana', HASH)).toBeNull();
  });

  it('checks processor references and stores them upper case without spaces', () => {
    expect(normalizeProcessorReference('paypal', '9ab12345cd6789012')).toBe('9AB12345CD6789012');
    expect(normalizeProcessorReference('paypal', '9AB12345')).toBeNull();
    expect(normalizeProcessorReference('wise', '123 456 789')).toBe('123456789');
    expect(normalizeProcessorReference('wise', 'ABC123456')).toBeNull();
    expect(normalizeProcessorReference('rise', 'rp-2026-0042')).toBe('RP-2026-0042');
    expect(normalizeProcessorReference('bank_wire', '12')).toBeNull();
  });
});

describe('image hash distance', () => {
  it('counts differing bits of bigints (signed or not) and hex strings alike', () => {
    expect(hammingDistance64(0n, 0n)).toBe(0);
    expect(hammingDistance64(0n, -1n)).toBe(64);
    expect(hammingDistance64('ffffffffffffffff', 0n)).toBe(64);
    expect(hammingDistance64(-1n, 'ffffffffffffffff')).toBe(0);
    expect(hammingDistance64(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance64(BigInt.asIntN(64, 1n << 63n), 0n)).toBe(1);
  });

  it('calls hashes a few bits apart near', () => {
    const base = 0x0123456789abcdefn;
    const flip = (n: number) => base ^ ((1n << BigInt(n)) - 1n);
    expect(isNearImageHash(base, flip(IMAGE_HASH_NEAR_BITS))).toBe(true);
    expect(isNearImageHash(base, flip(IMAGE_HASH_NEAR_BITS + 1))).toBe(false);
  });
});

describe('report form fields', () => {
  const paid = {
    kind: 'paid',
    amount: '2500',
    method: 'other',
    requestedOn: '2026-01-02',
    receivedOn: '2026-01-05',
    showUsername: 'false',
  };
  it('reads the form text, blanks as not given', () => {
    const parsed = PayoutReportFieldsSchema.parse({ ...paid, comment: '', accountId: '', network: '' });
    expect(parsed).toMatchObject({ kind: 'paid', amount: 2500, method: 'other', showUsername: false });
    expect(parsed.comment).toBeUndefined();
    expect(PayoutReportFieldsSchema.parse({ ...paid, method: '12' })).toMatchObject({ method: 12 });
  });
  it('refuses a reference without its network, and a receipt before the request', () => {
    expect(PayoutReportFieldsSchema.safeParse({ ...paid, transactionReference: HASH }).success).toBe(false);
    expect(PayoutReportFieldsSchema.safeParse({ ...paid, receivedOn: '2026-01-01' }).success).toBe(false);
    expect(PayoutReportFieldsSchema.safeParse({ ...paid, amount: '0.99' }).success).toBe(false);
    expect(PayoutReportFieldsSchema.safeParse({ ...paid, amount: '1000000' }).success).toBe(true);
  });
});
