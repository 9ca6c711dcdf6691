import {
  type DenialReason,
  normalizeProcessorReference,
  normalizeTransactionReference,
  PAYOUT_IMAGES_MAX,
  PAYOUT_NETWORK_LABELS,
  PAYOUT_PROCESSOR_LABELS,
  type PayoutNetwork,
  type PayoutProcessor,
  type PayoutReportKind,
  PROCESSOR_REFERENCE_FORMATS,
  TRANSACTION_REFERENCE_FORMATS,
} from '../../../domain/payout-rules';
import { PayoutReportFieldsSchema } from '../../../domain/payouts';

/** The largest image the upload pipeline takes (spec section 9: 5MB). */
export const PAYOUT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What the report form holds, as its fields show it (text). */
export interface PayoutDraft {
  kind: PayoutReportKind;
  amount: string;
  method: string;
  requestedOn: string;
  receivedOn: string;
  deniedOn: string;
  denialReason: DenialReason | '';
  fundingModelId: string;
  accountId: string;
  comment: string;
  showUsername: boolean;
  reference: 'none' | 'crypto' | 'processor';
  network: PayoutNetwork | '';
  transactionReference: string;
  processor: PayoutProcessor | '';
  processorReference: string;
}

export const EMPTY_PAYOUT_DRAFT: PayoutDraft = {
  kind: 'paid',
  amount: '',
  method: '',
  requestedOn: '',
  receivedOn: '',
  deniedOn: '',
  denialReason: '',
  fundingModelId: '',
  accountId: '',
  comment: '',
  showUsername: true,
  reference: 'none',
  network: '',
  transactionReference: '',
  processor: '',
  processorReference: '',
};

/** Today in UTC, as the server's clock reads 'not in the future'. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The text fields of the multipart request, in the order the server reads them (before the images). */
export function payoutFields(draft: PayoutDraft): [string, string][] {
  const fields: [string, string][] = [['kind', draft.kind]];
  if (draft.kind === 'paid') {
    fields.push(
      ['amount', draft.amount.trim()],
      ['method', draft.method],
      ['requestedOn', draft.requestedOn],
      ['receivedOn', draft.receivedOn],
    );
  } else {
    fields.push(['deniedOn', draft.deniedOn], ['denialReason', draft.denialReason]);
  }
  if (draft.fundingModelId) fields.push(['fundingModelId', draft.fundingModelId]);
  if (draft.accountId) fields.push(['accountId', draft.accountId]);
  if (draft.comment.trim()) fields.push(['comment', draft.comment.trim()]);
  fields.push(['showUsername', String(draft.showUsername)]);
  if (draft.reference === 'crypto') {
    fields.push(['network', draft.network], ['transactionReference', draft.transactionReference.trim()]);
  }
  if (draft.reference === 'processor') {
    fields.push(['processor', draft.processor], ['processorReference', draft.processorReference.trim()]);
  }
  return fields;
}

const DATE_WORDS = {
  requestedOn: 'the date you requested the payout',
  receivedOn: 'the date you received it',
  deniedOn: 'the date it was denied',
} as const;

/**
 * What is wrong with a draft, by field name (empty when it can be sent): the server's own schema,
 * then what the schema leaves to the server that the browser can know too (dates not in the future,
 * each network's and processor's reference format, the images' number and size).
 */
export function checkPayoutDraft(draft: PayoutDraft, images: readonly File[], today = todayUtc()) {
  const errors: Record<string, string> = {};
  const add = (field: string, message: string) => {
    errors[field] ??= message;
  };
  const dates = draft.kind === 'paid' ? (['requestedOn', 'receivedOn'] as const) : (['deniedOn'] as const);
  for (const field of dates) {
    if (!draft[field]) add(field, `Enter ${DATE_WORDS[field]}`);
    else if (draft[field] > today) add(field, 'The date cannot be in the future');
  }
  const parsed = PayoutReportFieldsSchema.safeParse(Object.fromEntries(payoutFields(draft)));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(String(issue.path[0] ?? 'form'), issue.message);
  }
  if (draft.reference === 'crypto' && draft.network && draft.transactionReference.trim()) {
    if (!normalizeTransactionReference(draft.network, draft.transactionReference)) {
      add(
        'transactionReference',
        `${PAYOUT_NETWORK_LABELS[draft.network]} transaction hashes are ${TRANSACTION_REFERENCE_FORMATS[draft.network]}`,
      );
    }
  }
  if (draft.reference === 'processor' && draft.processor && draft.processorReference.trim()) {
    if (!normalizeProcessorReference(draft.processor, draft.processorReference)) {
      add(
        'processorReference',
        `${PAYOUT_PROCESSOR_LABELS[draft.processor]} references are ${PROCESSOR_REFERENCE_FORMATS[draft.processor]}`,
      );
    }
  }
  if (draft.kind === 'paid' && images.length === 0 && draft.reference === 'none') {
    add('images', 'Add an image of the payout, or give a transaction or payment processor reference');
  }
  if (images.length > PAYOUT_IMAGES_MAX) add('images', `Up to ${PAYOUT_IMAGES_MAX} images`);
  if (images.some((file) => file.size > PAYOUT_IMAGE_MAX_BYTES)) {
    add('images', 'Each image is at most 5MB');
  }
  return errors;
}

/** The multipart body: the fields first (the server reads them while the images stream in). */
export function payoutFormData(draft: PayoutDraft, images: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of payoutFields(draft)) form.append(name, value);
  for (const image of images) form.append('images', image);
  return form;
}

/** The fields a refusal's 'field: message' can name ('evidence' is the images' field). */
const FIELD_OF: Record<string, string> = {
  evidence: 'images',
  images: 'images',
  ...Object.fromEntries(Object.keys(EMPTY_PAYOUT_DRAFT).map((name) => [name, name])),
};

/** The field and message of a server refusal worded 'field: message', or null for another message. */
export function refusedField(message: string): { field: string; message: string } | null {
  const found = /^([a-zA-Z]+): (.+)$/s.exec(message);
  const field = found ? FIELD_OF[found[1]] : undefined;
  if (!found || !field) return null;
  return { field, message: found[2].charAt(0).toUpperCase() + found[2].slice(1) };
}
