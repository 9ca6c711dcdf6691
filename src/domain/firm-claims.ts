import { z } from 'zod';
import { EmailSchema } from './accounts';
import {
  CLAIM_CODE_DIGITS,
  CLAIM_JOB_TITLE_MAX,
  CLAIM_NOTE_MAX,
  CLAIM_NOTE_MIN,
  FIRM_CLAIM_STATUSES,
} from './firm-claim-rules';

/**
 * Contracts of claimed firm profiles: `POST /api/firms/{slug}/claims`, `/api/firm-claims/{id}/confirm`,
 * `/api/profile/firm-claims` and the admin's `/api/admin/firm-claims`, `/api/admin/firm-representatives`.
 * The rules themselves (the domain check, the code's limits) are in firm-claim-rules.ts.
 */

const isoTimestamp = z.string().describe('ISO 8601 timestamp (UTC)');
const id = z.number().int();

export const FirmClaimPayloadSchema = z.object({
  workEmail: EmailSchema.describe("An address at the firm's website domain or a subdomain of it"),
  jobTitle: z
    .string({ error: 'Enter your job title.' })
    .trim()
    .min(2, 'Enter your job title.')
    .max(CLAIM_JOB_TITLE_MAX, `The job title is at most ${CLAIM_JOB_TITLE_MAX} characters.`),
  note: z
    .string({ error: 'Tell us what you do at the firm.' })
    .trim()
    .min(CLAIM_NOTE_MIN, `Tell us what you do at the firm (${CLAIM_NOTE_MIN} characters or more).`)
    .max(CLAIM_NOTE_MAX, `The note is at most ${CLAIM_NOTE_MAX} characters.`),
});
export type FirmClaimPayload = z.infer<typeof FirmClaimPayloadSchema>;

export const FirmClaimCreatedSchema = z.object({ id });
export type FirmClaimCreated = z.infer<typeof FirmClaimCreatedSchema>;

const codeMessage = `Enter the ${CLAIM_CODE_DIGITS}-digit code from the email.`;

export const ConfirmFirmClaimSchema = z.object({
  code: z
    .string({ error: codeMessage })
    .transform((code) => code.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${CLAIM_CODE_DIGITS}}$`), codeMessage)),
});
export type ConfirmFirmClaim = z.infer<typeof ConfirmFirmClaimSchema>;

export const ClaimFirmSchema = z.object({ id, slug: z.string(), name: z.string() });

export const OwnFirmClaimSchema = z.object({
  id,
  firm: ClaimFirmSchema,
  workEmail: z.string(),
  jobTitle: z.string(),
  status: z.enum(FIRM_CLAIM_STATUSES),
  state: z
    .enum(['awaiting_code', 'spent', 'confirmed', 'approved', 'rejected'])
    .describe('spent: an unconfirmed claim whose code expired or was entered wrong too often'),
  triesLeft: z.number().int(),
  codeExpiresAt: isoTimestamp,
  rejectReason: z.string().nullable(),
  createdAt: isoTimestamp,
  decidedAt: isoTimestamp.nullable(),
});
export type OwnFirmClaim = z.infer<typeof OwnFirmClaimSchema>;
export const OwnFirmClaimListSchema = z.array(OwnFirmClaimSchema);

export const ConfirmedFirmClaimSchema = z.object({ id, status: z.literal('confirmed') });

const ClaimantSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  accountCreatedAt: isoTimestamp,
  accountAgeDays: z.number().int().describe('Whole days since the account was made'),
  reviewCount: z.number().int().describe('Reviews the account wrote'),
  payoutReportCount: z.number().int().describe('Payout reports the account sent'),
});

export const AdminFirmRepresentativeSchema = z.object({
  id,
  firm: ClaimFirmSchema,
  user: z.object({ id: z.string(), email: z.string(), username: z.string().nullable() }),
  workEmail: z.string().nullable(),
  jobTitle: z.string().nullable(),
  createdAt: isoTimestamp,
});
export type AdminFirmRepresentative = z.infer<typeof AdminFirmRepresentativeSchema>;

export const AdminFirmClaimSchema = z.object({
  id,
  firm: ClaimFirmSchema.extend({ website: z.string().nullable() }),
  claimant: ClaimantSchema,
  workEmail: z.string(),
  jobTitle: z.string(),
  note: z.string(),
  createdAt: isoTimestamp,
  confirmedAt: isoTimestamp.nullable(),
});
export type AdminFirmClaim = z.infer<typeof AdminFirmClaimSchema>;

export const ADMIN_FIRM_CLAIMS_SHOWN = 100;

export const AdminFirmClaimsSchema = z.object({
  claims: z.array(AdminFirmClaimSchema).describe('Confirmed claims waiting for a decision, oldest first'),
  waiting: z.number().int().describe('All confirmed claims waiting (the list shows the first 100)'),
  representatives: z
    .array(AdminFirmRepresentativeSchema)
    .describe("Every firm's current representatives, by firm name"),
});
export type AdminFirmClaims = z.infer<typeof AdminFirmClaimsSchema>;

const decisionReason = z
  .string({ error: 'Give a reason.' })
  .trim()
  .min(3, 'Give a reason (3 characters or more).')
  .max(500, 'The reason is at most 500 characters.');

export const RejectFirmClaimSchema = z.object({ reason: decisionReason });
export const RemoveFirmRepresentativeSchema = z.object({ reason: decisionReason });

export const DecidedFirmClaimSchema = z.object({
  id,
  status: z.enum(['approved', 'rejected']),
  representativeId: id.nullable(),
});
export type DecidedFirmClaim = z.infer<typeof DecidedFirmClaimSchema>;

export const RemovedFirmRepresentativeSchema = z.object({ id, removedAt: isoTimestamp });
