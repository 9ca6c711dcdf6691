import { z } from 'zod';
import { rowIdParam } from './ids';
import {
  DENIAL_REASONS,
  EVIDENCE_GRADES,
  OTHER_PAYOUT_METHOD,
  PAYOUT_AMOUNT_MAX,
  PAYOUT_AMOUNT_MIN,
  PAYOUT_COMMENT_MAX,
  PAYOUT_FLAGS,
  PAYOUT_NETWORKS,
  PAYOUT_PROCESSORS,
  PAYOUT_QUEUE_FILTERS,
  PAYOUT_REPORT_KINDS,
  PAYOUT_REPORT_STATUSES,
  PAYOUT_REPORTS_MAX_PAGE_SIZE,
  PAYOUT_REPORTS_PAGE_SIZE,
  PAYOUT_TIERS,
} from './payout-rules';
import { PublicReplySchema } from './replies';

/**
 * Contracts of the payout reports (/api/firms/{slug}/payout-reports, /api/profile/payout-reports,
 * /api/admin/payout-reports). The rules without zod (tiers, reference formats, words) are in
 * payout-rules.ts.
 */

const isoTimestamp = z.string().describe('ISO 8601 timestamp (UTC)');
const day = z.string().describe('YYYY-MM-DD');

// ---------------------------------------------------------------- the report form

/** A multipart form's fields are text: blank means not given. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const dateField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name}: use the date format YYYY-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${name}: not a real date`);

const amountMessage = `The amount must be from $${PAYOUT_AMOUNT_MIN} to $${PAYOUT_AMOUNT_MAX.toLocaleString('en-US')}`;
/** US dollars, up to two decimals; text (a form field) or a number. */
const amountField = z.preprocess(
  blankToUndefined,
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter the amount in dollars, like 2500.00'),
      ],
      {
        error: 'Enter the amount in dollars, like 2500.00',
      },
    )
    .transform(Number)
    .pipe(z.number().min(PAYOUT_AMOUNT_MIN, amountMessage).max(PAYOUT_AMOUNT_MAX, amountMessage)),
);

const optionalId = (message: string) =>
  z.preprocess(blankToUndefined, rowIdParam({ error: message }).optional());

/** Either one of the firm's payout method ids (as text in a form) or 'other'. */
const methodField = z.preprocess(
  blankToUndefined,
  z.union(
    [
      z.literal(OTHER_PAYOUT_METHOD),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
      z.number().int().positive(),
    ],
    { error: 'Choose the payout method' },
  ),
);

const booleanField = z.preprocess(
  (v) => (v === 'true' || v === 'on' ? true : v === 'false' || v === undefined || v === '' ? false : v),
  z.boolean({ error: 'showUsername must be true or false' }),
);

const commentField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(
      PAYOUT_COMMENT_MAX,
      `The comment is at most ${PAYOUT_COMMENT_MAX.toLocaleString('en-US')} characters`,
    )
    .optional(),
);

/** The evidence references both kinds share; the formats per network and processor are checked in the refine. */
const evidenceFields = {
  network: z.preprocess(
    blankToUndefined,
    z.enum(PAYOUT_NETWORKS, { error: `network must be one of ${PAYOUT_NETWORKS.join(', ')}` }).optional(),
  ),
  transactionReference: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  processor: z.preprocess(
    blankToUndefined,
    z
      .enum(PAYOUT_PROCESSORS, { error: `processor must be one of ${PAYOUT_PROCESSORS.join(', ')}` })
      .optional(),
  ),
  processorReference: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  showUsername: booleanField,
  accountId: optionalId('accountId must be an account id'),
  fundingModelId: optionalId('fundingModelId must be a funding model id'),
};

export const PaidReportFieldsSchema = z.object({
  kind: z.literal('paid'),
  amount: amountField,
  method: methodField,
  requestedOn: dateField('requestedOn'),
  receivedOn: dateField('receivedOn'),
  comment: commentField,
  ...evidenceFields,
});

export const DeniedReportFieldsSchema = z.object({
  kind: z.literal('denied'),
  deniedOn: dateField('deniedOn'),
  denialReason: z.enum(DENIAL_REASONS, { error: 'Choose the reason the firm gave' }),
  /** The amount the trader asked for, when they want to say it. */
  amount: z.preprocess(blankToUndefined, amountField.optional()),
  comment: commentField,
  ...evidenceFields,
});

/**
 * The text fields of a payout report (POST /api/firms/{slug}/payout-reports, multipart: these
 * fields first, then up to 4 image files named `images`). The same schema checks the form in the
 * browser; the server also checks what needs the firm (its methods, accounts and models), the clock
 * and the database (a reference reported before).
 */
export const PayoutReportFieldsSchema = z
  .discriminatedUnion('kind', [PaidReportFieldsSchema, DeniedReportFieldsSchema], {
    error: 'kind must be paid or denied',
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'paid' && value.receivedOn < value.requestedOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['receivedOn'],
        message: 'The date received cannot be before the date requested',
      });
    }
    if ((value.network == null) !== (value.transactionReference == null)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.network == null ? 'network' : 'transactionReference'],
        message: 'Give both the network and the transaction reference',
      });
    }
    if ((value.processor == null) !== (value.processorReference == null)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.processor == null ? 'processor' : 'processorReference'],
        message: 'Give both the payment processor and its reference',
      });
    }
  });
export type PayoutReportFields = z.infer<typeof PayoutReportFieldsSchema>;
/** What the form sends, before the schema's coercions (text fields). */
export type PayoutReportFieldsInput = z.input<typeof PayoutReportFieldsSchema>;

// ---------------------------------------------------------------- what the public sees

/** A verified report as the firm's Payouts tab lists it: never its images or references. */
export const PublicPayoutReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_REPORT_KINDS),
  amount: z.number().nullable().describe('US dollars; a denied report may leave it out'),
  method: z.string().nullable().describe("The payout method's name, 'Other', or null for a denial"),
  daysTaken: z.number().int().nullable().describe('Days from request to receipt (paid reports)'),
  grade: z.enum(EVIDENCE_GRADES),
  date: day.describe('Received on (paid) or denied on (denied)'),
  denialReason: z.enum(DENIAL_REASONS).nullable(),
  comment: z.string().nullable(),
  reporter: z.string().nullable().describe('The username, or null for Anonymous'),
  verifiedAt: isoTimestamp,
  reply: PublicReplySchema.nullable().describe("The firm's published reply (denied reports), or null"),
});
export type PublicPayoutReport = z.infer<typeof PublicPayoutReportSchema>;

export const PublicPayoutReportPageSchema = z.object({
  reports: z.array(PublicPayoutReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PublicPayoutReportPage = z.infer<typeof PublicPayoutReportPageSchema>;

export const PayoutTierSchema = z.enum(PAYOUT_TIERS);

/** A firm's payout record, computed from its verified reports (its details carry it). */
export const FirmPayoutRecordSchema = z.object({
  tier: PayoutTierSchema,
  tierChangedAt: isoTimestamp.nullable().describe('When the tier last changed; null if never computed'),
  paidLast90Days: z.number().int().describe('Verified paid reports received in the last 90 days'),
  paidAll: z.number().int(),
  medianDays: z.number().nullable().describe('Days from request to receipt'),
  p90Days: z.number().nullable(),
  medianAmount: z.number().nullable().describe('US dollars'),
  largestAmount: z.number().nullable(),
  methodShares: z
    .array(z.object({ method: z.string(), count: z.number().int(), share: z.number().describe('0-1') }))
    .describe('Verified paid reports by method, most first'),
  deniedCount: z.number().int().describe('Verified denied reports'),
  monthly: z
    .array(z.object({ month: z.string().describe('YYYY-MM'), count: z.number().int(), amount: z.number() }))
    .describe('Verified payouts by month received, the last 12 months oldest first'),
});
export type FirmPayoutRecord = z.infer<typeof FirmPayoutRecordSchema>;

/** The fields the directory cards, firm details and finder results carry. */
export const payoutSummaryFields = {
  payoutTier: PayoutTierSchema.nullable().describe('Payout record tier; null when never computed'),
  payoutMedianDays: z.number().nullable().describe('Median days from request to receipt'),
};

// ---------------------------------------------------------------- the reporter's own

const referenceFields = {
  network: z.enum(PAYOUT_NETWORKS).nullable(),
  transactionReference: z.string().nullable().describe('As its network writes it'),
  processor: z.enum(PAYOUT_PROCESSORS).nullable(),
  processorReference: z.string().nullable(),
};

/** A report as its reporter sees it in /profile: where it stands and, if rejected, why. */
export const OwnPayoutReportSchema = z.object({
  id: z.number().int(),
  firm: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  kind: z.enum(PAYOUT_REPORT_KINDS),
  amount: z.number().nullable(),
  method: z.string().nullable(),
  requestedOn: day.nullable(),
  receivedOn: day.nullable(),
  deniedOn: day.nullable(),
  denialReason: z.enum(DENIAL_REASONS).nullable(),
  accountSize: z.number().int().nullable().describe('Dollars'),
  fundingModel: z.string().nullable(),
  comment: z.string().nullable(),
  showUsername: z.boolean(),
  ...referenceFields,
  imageUrls: z.array(z.string()).describe('Private: served to the reporter and admins only'),
  status: z.enum(PAYOUT_REPORT_STATUSES),
  grade: z.enum(EVIDENCE_GRADES).nullable(),
  rejectionReason: z.string().nullable().describe('Why it was rejected or its verification revoked'),
  revoked: z.boolean().describe('A verification taken back'),
  points: z.number().int().describe('Points it earned and still holds'),
  createdAt: isoTimestamp,
  decidedAt: isoTimestamp.nullable(),
});
export type OwnPayoutReport = z.infer<typeof OwnPayoutReportSchema>;
export const OwnPayoutReportListSchema = z.array(OwnPayoutReportSchema);

// ---------------------------------------------------------------- the admin queue

export const PayoutFlagSchema = z.object({
  kind: z.enum(PAYOUT_FLAGS),
  detail: z.string(),
  relatedReportId: z.number().int().nullable().describe('The earlier report it resembles'),
});
export type PayoutFlagItem = z.infer<typeof PayoutFlagSchema>;

export const AdminPayoutReportSchema = OwnPayoutReportSchema.extend({
  flags: z.array(PayoutFlagSchema),
  reporter: z.object({
    id: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    createdAt: isoTimestamp,
    accountAgeDays: z.number().int(),
    points: z.number().int().describe('Current balance'),
    otherReports: z.object({
      total: z.number().int(),
      verified: z.number().int(),
      rejected: z.number().int(),
      pending: z.number().int(),
    }),
  }),
  decidedBy: z.string().nullable().describe("The deciding admin's email"),
});
export type AdminPayoutReport = z.infer<typeof AdminPayoutReportSchema>;

export const AdminPayoutReportPageSchema = z.object({
  reports: z.array(AdminPayoutReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminPayoutReportPage = z.infer<typeof AdminPayoutReportPageSchema>;

// ---------------------------------------------------------------- decisions

export const VerifyPayoutReportSchema = z.object({
  grade: z.enum(EVIDENCE_GRADES, { error: 'Choose the evidence grade' }),
});
export type VerifyPayoutReport = z.infer<typeof VerifyPayoutReportSchema>;

const decisionReason = z
  .string({ error: 'Give the trader a reason' })
  .trim()
  .min(3, 'Give the trader a reason (3 characters or more)')
  .max(500, 'The reason is at most 500 characters');

export const RejectPayoutReportSchema = z.object({ reason: decisionReason });
export type RejectPayoutReport = z.infer<typeof RejectPayoutReportSchema>;
export const RevokePayoutReportSchema = z.object({ reason: decisionReason });
export type RevokePayoutReport = z.infer<typeof RevokePayoutReportSchema>;

// ---------------------------------------------------------------- queries

const pageParam = z.coerce
  .number({ error: 'page must be a whole number from 1 to 100000' })
  .int('page must be a whole number from 1 to 100000')
  .min(1, 'page must be a whole number from 1 to 100000')
  .max(100_000, 'page must be a whole number from 1 to 100000')
  .default(1);

export const PublicPayoutReportQuerySchema = z.object({
  page: pageParam,
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${PAYOUT_REPORTS_MAX_PAGE_SIZE}` })
    .int(`pageSize must be a whole number from 1 to ${PAYOUT_REPORTS_MAX_PAGE_SIZE}`)
    .min(1, `pageSize must be a whole number from 1 to ${PAYOUT_REPORTS_MAX_PAGE_SIZE}`)
    .max(
      PAYOUT_REPORTS_MAX_PAGE_SIZE,
      `pageSize must be a whole number from 1 to ${PAYOUT_REPORTS_MAX_PAGE_SIZE}`,
    )
    .default(PAYOUT_REPORTS_PAGE_SIZE),
});
export type PublicPayoutReportQuery = z.infer<typeof PublicPayoutReportQuerySchema>;

export const AdminPayoutReportQuerySchema = z.object({
  filter: z
    .enum(PAYOUT_QUEUE_FILTERS, { error: `filter must be one of ${PAYOUT_QUEUE_FILTERS.join(', ')}` })
    .default('pending'),
  page: pageParam,
});
export type AdminPayoutReportQuery = z.infer<typeof AdminPayoutReportQuerySchema>;

export const PayoutImageParamsSchema = z.object({
  id: rowIdParam({ error: 'id must be a number' }),
  n: z.coerce
    .number({ error: 'n must be 1 to 4' })
    .int('n must be 1 to 4')
    .min(1, 'n must be 1 to 4')
    .max(4, 'n must be 1 to 4'),
});
