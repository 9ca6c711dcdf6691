/**
 * The rules of payout reports, without zod: the firm page, /methodology, the report form and the
 * admin queue load them on a first visit, and the server computes with the very same functions
 * (the zod contracts are in payouts.ts).
 */

// ---------------------------------------------------------------- kinds, statuses, words

export const PAYOUT_REPORT_KINDS = ['paid', 'denied'] as const;
export type PayoutReportKind = (typeof PAYOUT_REPORT_KINDS)[number];

export const PAYOUT_REPORT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type PayoutReportStatus = (typeof PAYOUT_REPORT_STATUSES)[number];

export const PAYOUT_REPORT_STATUS_LABELS: Readonly<Record<PayoutReportStatus, string>> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
};

/** The admin queue's views: a status, or every report an automatic check flagged. */
export const PAYOUT_QUEUE_FILTERS = ['pending', 'verified', 'rejected', 'flagged'] as const;
export type PayoutQueueFilter = (typeof PAYOUT_QUEUE_FILTERS)[number];

/**
 * How strong the evidence an admin checked is, strongest first. A screenshot weighs least: it is
 * the easiest to fake and the one that gets passed from trader to trader.
 */
export const EVIDENCE_GRADES = ['on_chain', 'processor_receipt', 'bank_statement', 'screenshot'] as const;
export type EvidenceGrade = (typeof EVIDENCE_GRADES)[number];

export const EVIDENCE_GRADE_LABELS: Readonly<Record<EvidenceGrade, string>> = {
  on_chain: 'On-chain reference checked',
  processor_receipt: 'Processor receipt',
  bank_statement: 'Bank statement',
  screenshot: 'Screenshot only',
};

/** What one verified payout counts for in the tier, by its grade (written out on /methodology). */
export const EVIDENCE_GRADE_WEIGHTS: Readonly<Record<EvidenceGrade, number>> = {
  on_chain: 1,
  processor_receipt: 0.75,
  bank_statement: 0.5,
  screenshot: 0.25,
};

/** The reasons a firm gave for denying a payout. */
export const DENIAL_REASONS = [
  'rule_breach',
  'consistency_rule',
  'kyc',
  'strategy_not_allowed',
  'no_reason',
  'other',
] as const;
export type DenialReason = (typeof DENIAL_REASONS)[number];

export const DENIAL_REASON_LABELS: Readonly<Record<DenialReason, string>> = {
  rule_breach: 'Rule breach claimed',
  consistency_rule: 'Consistency rule',
  kyc: 'KYC or identity',
  strategy_not_allowed: 'Strategy not allowed',
  no_reason: 'No reason given',
  other: 'Other',
};

/** The value of the method field for a method the firm does not list. */
export const OTHER_PAYOUT_METHOD = 'other';
export const OTHER_PAYOUT_METHOD_LABEL = 'Other';

/** What the automatic checks look for when a report arrives. */
export const PAYOUT_FLAGS = ['recycled_image', 'same_amount_and_date', 'new_account'] as const;
export type PayoutFlag = (typeof PAYOUT_FLAGS)[number];

export const PAYOUT_FLAG_LABELS: Readonly<Record<PayoutFlag, string>> = {
  recycled_image: 'An image looks like one sent before',
  same_amount_and_date: 'Same amount and date at this firm from another account',
  new_account: 'Account younger than 7 days',
};

/** An account younger than this is flagged. */
export const NEW_ACCOUNT_DAYS = 7;

// ---------------------------------------------------------------- limits of a report

export const PAYOUT_AMOUNT_MIN = 1;
export const PAYOUT_AMOUNT_MAX = 1_000_000;
export const PAYOUT_COMMENT_MAX = 1000;
export const PAYOUT_IMAGES_MAX = 4;
/** Reports one trader may send in a day (UTC). */
export const PAYOUT_REPORTS_PER_DAY = 10;
export const PAYOUT_REPORTS_PAGE_SIZE = 10;
export const PAYOUT_REPORTS_MAX_PAGE_SIZE = 50;
export const PAYOUT_QUEUE_PAGE_SIZE = 20;

// ---------------------------------------------------------------- references

export const PAYOUT_NETWORKS = ['ethereum', 'tron', 'bnb', 'solana', 'bitcoin', 'polygon'] as const;
export type PayoutNetwork = (typeof PAYOUT_NETWORKS)[number];

export const PAYOUT_NETWORK_LABELS: Readonly<Record<PayoutNetwork, string>> = {
  ethereum: 'Ethereum',
  tron: 'Tron',
  bnb: 'BNB Chain',
  solana: 'Solana',
  bitcoin: 'Bitcoin',
  polygon: 'Polygon',
};

const EVM_NETWORKS: readonly PayoutNetwork[] = ['ethereum', 'bnb', 'polygon'];
const HEX64 = /^[0-9a-f]{64}$/;
const BASE58_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{87,88}$/;

/** What a transaction hash of each network looks like, for the form's hint and its error message. */
export const TRANSACTION_REFERENCE_FORMATS: Readonly<Record<PayoutNetwork, string>> = {
  ethereum: '0x followed by 64 hexadecimal characters',
  bnb: '0x followed by 64 hexadecimal characters',
  polygon: '0x followed by 64 hexadecimal characters',
  tron: '64 hexadecimal characters',
  bitcoin: '64 hexadecimal characters',
  solana: 'a base58 signature of 87 or 88 characters',
};

/**
 * The one stored form of a transaction hash, or null when it is not one of that network: hex in
 * lower case without the 0x (so one hash is one key whatever network or case it is sent with),
 * a Solana signature as written (base58 is case-sensitive). Surrounding spaces are ignored.
 */
export function normalizeTransactionReference(network: PayoutNetwork, reference: string): string | null {
  const value = reference.trim();
  if (network === 'solana') return BASE58_SIGNATURE.test(value) ? value : null;
  const lower = value.toLowerCase();
  if (EVM_NETWORKS.includes(network)) {
    return lower.startsWith('0x') && HEX64.test(lower.slice(2)) ? lower.slice(2) : null;
  }
  return HEX64.test(lower) ? lower : null;
}

/** A stored transaction hash as its network writes it (0x before an EVM hash). */
export const displayTransactionReference = (network: PayoutNetwork, stored: string): string =>
  EVM_NETWORKS.includes(network) ? `0x${stored}` : stored;

export const PAYOUT_PROCESSORS = ['rise', 'deel', 'wise', 'paypal', 'bank_wire'] as const;
export type PayoutProcessor = (typeof PAYOUT_PROCESSORS)[number];

export const PAYOUT_PROCESSOR_LABELS: Readonly<Record<PayoutProcessor, string>> = {
  rise: 'Rise',
  deel: 'Deel',
  wise: 'Wise',
  paypal: 'PayPal',
  bank_wire: 'Bank wire',
};

const PROCESSOR_PATTERNS: Readonly<Record<PayoutProcessor, RegExp>> = {
  // A PayPal transaction id: 17 letters and digits.
  paypal: /^[A-Z0-9]{17}$/,
  // A Wise transfer number: digits.
  wise: /^\d{6,12}$/,
  // Rise and Deel payment ids, and a wire's reference (UETR, IMAD or the bank's own).
  rise: /^[A-Z0-9][A-Z0-9-]{5,63}$/,
  deel: /^[A-Z0-9][A-Z0-9-]{5,63}$/,
  bank_wire: /^[A-Z0-9][A-Z0-9-]{5,63}$/,
};

export const PROCESSOR_REFERENCE_FORMATS: Readonly<Record<PayoutProcessor, string>> = {
  paypal: 'a transaction id of 17 letters and digits',
  wise: 'a transfer number of 6 to 12 digits',
  rise: '6 to 64 letters, digits or dashes',
  deel: '6 to 64 letters, digits or dashes',
  bank_wire: '6 to 64 letters, digits or dashes',
};

/** The one stored form of a processor reference (upper case, spaces dropped), or null when malformed. */
export function normalizeProcessorReference(processor: PayoutProcessor, reference: string): string | null {
  const value = reference.replace(/\s+/g, '').toUpperCase();
  return PROCESSOR_PATTERNS[processor].test(value) ? value : null;
}

// ---------------------------------------------------------------- image likeness

/** Two 64-bit image hashes this many bits apart or fewer are taken for the same picture. */
export const IMAGE_HASH_NEAR_BITS = 8;

const toBigInt = (hash: bigint | string): bigint =>
  BigInt.asUintN(64, typeof hash === 'bigint' ? hash : BigInt(`0x${hash}`));

/** How many of the 64 bits differ between two hashes (a bigint, signed or not, or 16 hex digits). */
export function hammingDistance64(a: bigint | string, b: bigint | string): number {
  let x = toBigInt(a) ^ toBigInt(b);
  let bits = 0;
  while (x > 0n) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}

export const isNearImageHash = (a: bigint | string, b: bigint | string): boolean =>
  hammingDistance64(a, b) <= IMAGE_HASH_NEAR_BITS;

// ---------------------------------------------------------------- the payout record tier

export const PAYOUT_TIERS = ['high', 'medium', 'low', 'insufficient'] as const;
export type PayoutTier = (typeof PAYOUT_TIERS)[number];

export const PAYOUT_TIER_LABELS: Readonly<Record<PayoutTier, string>> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  insufficient: 'Not enough evidence',
};

/** A tier filter's order: a firm passes `payoutRecord=medium` with a Medium or High tier. */
export const PAYOUT_TIER_RANK: Readonly<Record<PayoutTier, number>> = {
  insufficient: 0,
  low: 1,
  medium: 2,
  high: 3,
};
/** The minimum tiers the challenge finder's `payoutRecord` filter takes. */
export const PAYOUT_RECORD_FILTERS = ['medium', 'high'] as const;
export type PayoutRecordFilter = (typeof PAYOUT_RECORD_FILTERS)[number];

export const meetsPayoutTier = (tier: PayoutTier | null | undefined, minimum: PayoutTier): boolean =>
  PAYOUT_TIER_RANK[tier ?? 'insufficient'] >= PAYOUT_TIER_RANK[minimum];

/**
 * The thresholds of the tier (written out on /methodology). Evidence is the sum of the grade
 * weights of the verified payouts received in the window; the denied share is verified denials over
 * verified payouts and denials (by count) in the same window.
 */
export const PAYOUT_TIER_THRESHOLDS = {
  windowDays: 365,
  /** Below this much evidence a firm has no tier yet: "Not enough evidence". */
  minimumEvidence: 3,
  medium: { evidence: 6, maxDeniedShare: 0.25 },
  high: { evidence: 15, maxDeniedShare: 0.1, maxMedianDays: 14 },
} as const;

export interface PayoutTierInput {
  /** The grades of the verified paid reports received within the window. */
  paidGrades: readonly EvidenceGrade[];
  /** Verified denied reports within the window. */
  deniedCount: number;
  /** Median days from request to receipt of those payouts; null without any. */
  medianDays: number | null;
}

/** The weighted evidence of a set of verified payouts. */
export const evidenceScore = (grades: readonly EvidenceGrade[]): number =>
  grades.reduce((sum, grade) => sum + EVIDENCE_GRADE_WEIGHTS[grade], 0);

/**
 * A firm's payout record tier, the one function the server stores and the pages explain:
 *   evidence < 3                                          -> Not enough evidence
 *   evidence >= 15, denied share <= 10%, median <= 14 days -> High
 *   evidence >= 6, denied share <= 25%                     -> Medium
 *   otherwise                                             -> Low
 */
export function payoutRecordTier(input: PayoutTierInput): PayoutTier {
  const t = PAYOUT_TIER_THRESHOLDS;
  const evidence = evidenceScore(input.paidGrades);
  if (evidence < t.minimumEvidence) return 'insufficient';
  const decided = input.paidGrades.length + input.deniedCount;
  const deniedShare = decided > 0 ? input.deniedCount / decided : 0;
  if (
    evidence >= t.high.evidence &&
    deniedShare <= t.high.maxDeniedShare &&
    input.medianDays != null &&
    input.medianDays <= t.high.maxMedianDays
  ) {
    return 'high';
  }
  if (evidence >= t.medium.evidence && deniedShare <= t.medium.maxDeniedShare) return 'medium';
  return 'low';
}

// ---------------------------------------------------------------- figures

/** The value at quantile q (0-1) of numbers, by the nearest-rank method; null for none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  if (q === 0.5 && sorted.length % 2 === 0) {
    const mid = sorted.length / 2;
    return (sorted[mid - 1] + sorted[mid]) / 2;
  }
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Whole days from one YYYY-MM-DD date to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
