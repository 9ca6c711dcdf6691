// A firm's public replies to reviews and denied payout reports: limits, words and pure rules.
// No zod here: the firm page's Reviews and Payouts tabs read them.

export const REPLY_BODY_MIN = 10;
export const REPLY_BODY_MAX = 2000;

/** Published replies show; held ones wait for an admin (an automatic check); hidden ones an admin removed. */
export const REPLY_STATUSES = ['published', 'held', 'hidden'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

/** What a reply answers: a review, or a verified denied payout report. */
export const REPLY_TARGETS = ['review', 'payout_report'] as const;
export type ReplyTarget = (typeof REPLY_TARGETS)[number];

/** The automatic checks of a reply, the reviews' own (decision 0027): each holds it for an admin. */
export const REPLY_AUTO_CHECKS = {
  link: 'Contains a link',
  duplicate: 'Same text as another reply or review',
} as const;
export type ReplyAutoCheck = keyof typeof REPLY_AUTO_CHECKS;

/** The reply rules shown beside the reply form (as Trustpilot's for businesses). */
export const REPLY_RULES =
  'Replies are public and show with a "Firm representative" badge. Do not share personal details of the reviewer, make threats, ask for the review to be changed or removed, or offer anything for changing it. Replies with links or copied text wait for a moderator, and moderators hide replies that break these rules.';

/** The window of the reply figures on a firm's Reviews tab. */
export const REPLY_STATS_MONTHS = 12;

/** Line breaks as `\n`, no more than one empty line in a row, no spaces around the text. */
export const normalizeReplyBody = (body: string) =>
  body
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Control characters other than line breaks and tabs: a reply is plain text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
export const REPLY_CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Edited: its text changed after it was first written. */
export const replyEdited = (createdAt: Date | string, updatedAt: Date | string) =>
  new Date(updatedAt).getTime() > new Date(createdAt).getTime();

export interface ReplyFigures {
  /** Share (0-1) of the reviews of the window with a published reply. */
  reviewShare: number;
  /** The same for 1-2 star reviews, or null when the window has none. */
  lowRatingShare: number | null;
  /** Median hours from a review to its reply, or null when none was answered. */
  medianHours: number | null;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "under an hour", "1 hour", "31 hours". */
export function formatReplyHours(hours: number): string {
  if (hours < 1) return 'under an hour';
  const whole = Math.round(hours);
  return whole === 1 ? '1 hour' : `${whole.toLocaleString('en-US')} hours`;
}

/**
 * "Replies to 40% of reviews and 75% of 1-2 star reviews, median reply time 31 hours (last 12
 * months)": the 1-2 star part only when the window has such reviews.
 */
export function describeReplyFigures(figures: ReplyFigures): string {
  const low =
    figures.lowRatingShare == null ? '' : ` and ${percent(figures.lowRatingShare)} of 1-2 star reviews`;
  const time =
    figures.medianHours == null ? '' : `, median reply time ${formatReplyHours(figures.medianHours)}`;
  return `Replies to ${percent(figures.reviewShare)} of reviews${low}${time} (last ${REPLY_STATS_MONTHS} months)`;
}

/** A published reply as the public answers carry it (`PublicReply` in replies.ts). */
export interface PublicReplyShape {
  body: string;
  createdAt: string;
  updatedAt: string;
  edited: boolean;
}

/** The `reply` of a review or report read with `publicReplyColumns` (left joined: null without one). */
export function publicReplyOf(row: {
  replyBody?: string | null;
  replyCreatedAt?: Date | null;
  replyUpdatedAt?: Date | null;
}): PublicReplyShape | null {
  if (row.replyBody == null || !row.replyCreatedAt || !row.replyUpdatedAt) return null;
  return {
    body: row.replyBody,
    createdAt: row.replyCreatedAt.toISOString(),
    updatedAt: row.replyUpdatedAt.toISOString(),
    edited: replyEdited(row.replyCreatedAt, row.replyUpdatedAt),
  };
}
