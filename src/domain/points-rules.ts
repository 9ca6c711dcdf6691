/**
 * The points economy's rules and words, without zod: the signed-in home, /earn-points and the
 * profile show them on a first load (the schemas are in points.ts).
 */

/** Why a points balance changed; each ledger row names one. */
export const POINTS_REASONS = [
  'cashback',
  'review_award',
  'review_award_revoked',
  'offer',
  'offer_reversal',
  'payout',
  'payout_returned',
  'admin_adjustment',
  'payout_report',
  'payout_report_revoked',
] as const;
export type PointsReason = (typeof POINTS_REASONS)[number];

/**
 * The published rules of the points economy, in one place: the server computes with them and the
 * pages show them (/earn-points, /cashback-claims, /profile).
 */
export const POINTS_RULES = {
  /** Spec section 9: points per $1 spent equal the firm's cashback percentage. */
  cashbackPointsPerDollarPerPercent: 1,
  /** What points are worth when cashed out: this many points make $1. */
  pointsPerUsd: 100,
  /** The smallest cash-out, in points. */
  cashOutMinimumPoints: 2500,
  /** Weekly top reviews, first to fifth (spec: 50-250 bonus points). */
  weeklyReviewAwards: [250, 200, 150, 100, 50],
  /**
   * A verified report of a payout received (a denial report earns nothing). The same whatever the
   * firm or amount, so a report is never worth inflating.
   */
  verifiedPayoutReport: 100,
} as const;

/** Points for a cashback claim: amount x percentage x the published rate, rounded down. */
export function cashbackPoints(amountCents: number, percentage: number): number {
  return Math.floor((amountCents * percentage * POINTS_RULES.cashbackPointsPerDollarPerPercent) / 100);
}

/** What a number of points is worth in dollars at the cash-out rate. */
export const pointsToUsd = (points: number) => points / POINTS_RULES.pointsPerUsd;

/** The words a ledger row's reason is shown with. */
export const POINTS_REASON_LABELS: Record<PointsReason, string> = {
  cashback: 'Cashback claim approved',
  review_award: 'Top weekly review award',
  review_award_revoked: 'Review award revoked',
  offer: 'Offer completed',
  offer_reversal: 'Offer reversed by the provider',
  payout: 'Cash-out requested',
  payout_returned: 'Cash-out rejected: points returned',
  admin_adjustment: 'Adjustment by an admin',
  payout_report: 'Payout report verified',
  payout_report_revoked: 'Payout report verification revoked',
};

/**
 * The weekly review rubric (docs/decisions: the rubric). Sentiment-neutral on purpose: it never
 * reads the star rating and never weighs whether a review praises or criticises the firm (paying
 * for positive reviews is unlawful under 16 CFR Part 465). It scores what makes a review useful to
 * another trader whatever its verdict: enough detail, concrete facts, and other verified traders'
 * 'Was this helpful?' votes.
 */
export const REVIEW_RUBRIC = {
  /** Shorter reviews are not eligible. */
  minCharacters: 200,
  /** One point per 100 characters, up to this many characters (longer earns no more). */
  lengthCapCharacters: 1500,
  /** Points per kind of concrete fact mentioned. */
  pointsPerFactKind: 3,
  /** Points per helpful vote from another verified trader, up to the cap. */
  pointsPerHelpfulVote: 2,
  helpfulVotesCap: 10,
} as const;

/** Kinds of concrete facts a useful review reports, whatever its verdict. */
export const REVIEW_FACT_KINDS: { label: string; pattern: RegExp }[] = [
  { label: 'payout time or process', pattern: /\b(payouts?|withdraw(al|n|s)?|paid out|payment)\b/i },
  {
    label: 'trading rules (drawdown, targets, consistency)',
    pattern: /\b(drawdown|daily loss|profit target|consistency|rules?|news trading|weekend)\b/i,
  },
  {
    label: 'platform or execution',
    pattern:
      /\b(mt4|mt5|ctrader|tradingview|ninjatrader|rithmic|tradovate|dxtrade|match-?trader|platform|slippage|spreads?|execution)\b/i,
  },
  { label: 'costs and fees', pattern: /(\$\s?\d|\b(fees?|price|refund(ed|able)?|discount|cost)\b)/i },
  {
    label: 'support contact',
    pattern: /\b(support|live chat|ticket|discord|e-?mail(ed)?|responded|response time)\b/i,
  },
  { label: 'timeframes', pattern: /\b\d+\s?(hours?|days?|weeks?|months?|business days)\b/i },
  {
    label: 'account size or phase',
    pattern: /\b(\d+\s?k\b|phase\s?[123]|challenge|evaluation|funded account|account size)/i,
  },
];

export interface ReviewScore {
  eligible: boolean;
  length: number;
  facts: number;
  helpful: number;
  total: number;
}

/** Scores a review by the rubric: reads only its text's length and facts and its helpful votes. */
export function scoreReview(review: { title: string; comment: string; helpfulVotes: number }): ReviewScore {
  const text = `${review.title}\n${review.comment}`;
  const chars = review.comment.trim().length;
  const eligible = chars >= REVIEW_RUBRIC.minCharacters;
  const length = Math.floor(Math.min(chars, REVIEW_RUBRIC.lengthCapCharacters) / 100);
  const facts =
    REVIEW_FACT_KINDS.filter((k) => k.pattern.test(text)).length * REVIEW_RUBRIC.pointsPerFactKind;
  const helpful =
    Math.min(Math.max(0, review.helpfulVotes), REVIEW_RUBRIC.helpfulVotesCap) *
    REVIEW_RUBRIC.pointsPerHelpfulVote;
  return { eligible, length, facts, helpful, total: eligible ? length + facts + helpful : 0 };
}
