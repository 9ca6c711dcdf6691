import { z } from 'zod';

/** Contracts of a firm's public rule-change history and of following a firm. */

export const RuleChangeSchema = z.object({
  id: z.number().int(),
  batchId: z.string(),
  fundingModelName: z.string().nullable(),
  accountSize: z.number().int().nullable(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  /** The change in words: 'Daily drawdown 5% -> 4%'. */
  text: z.string(),
  /** Proposed by the firm's representative and approved by an admin (a change request). */
  reportedByFirm: z.boolean(),
  createdAt: z.string(),
});
export type RuleChange = z.infer<typeof RuleChangeSchema>;
export const RuleChangeListSchema = z.array(RuleChangeSchema);

export const RULE_CHANGES_LIMIT = 100;

export const FollowStateSchema = z.object({ following: z.boolean() });
export type FollowState = z.infer<typeof FollowStateSchema>;

export const FollowedFirmSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  followedAt: z.string(),
});
export type FollowedFirm = z.infer<typeof FollowedFirmSchema>;
export const FollowedFirmListSchema = z.array(FollowedFirmSchema);
