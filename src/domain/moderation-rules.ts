// Review moderation's words and lists. No zod here: the firm page's Reviews tab reads them.

/** Why a trader reports a review (the Report action on every review). */
export const REPORT_REASONS = {
  fake: 'Fake or paid for',
  spam: 'Spam or advertising',
  abusive: 'Abusive or hateful',
  personal_data: 'Shares personal data',
  off_topic: 'Not about this firm',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

/** Why an admin hides or deletes a review: a fixed list, logged and shown to the author. */
export const MODERATION_REASONS = {
  spam: 'Spam',
  fake_or_incentivised: 'Fake or incentivised',
  conflict_of_interest: 'Conflict of interest',
  off_topic: 'Off-topic',
  abusive: 'Abusive',
  personal_data: 'Personal data',
  other: 'Other',
} as const;
export type ModerationReason = keyof typeof MODERATION_REASONS;

/** What the automatic checks look for in a new review (decision 0027); each one holds it for an admin. */
export const AUTO_CHECKS = {
  link: 'Contains a link',
  duplicate: 'Same text as another review',
  burst: 'Many reviews of this firm from new accounts in a day',
} as const;
export type AutoCheck = keyof typeof AUTO_CHECKS;

export const REVIEW_STATUSES = ['published', 'held', 'hidden', 'deleted'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
