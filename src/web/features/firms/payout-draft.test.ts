import { describe, expect, it } from 'vitest';
import {
  checkPayoutDraft,
  EMPTY_PAYOUT_DRAFT,
  type PayoutDraft,
  payoutFields,
  refusedField,
} from './payout-draft';

const paid: PayoutDraft = {
  ...EMPTY_PAYOUT_DRAFT,
  amount: '2500',
  method: '3',
  requestedOn: '2026-11-01',
  receivedOn: '2026-11-04',
};
const TODAY = '2026-11-28';
const image = (bytes: number) => new File([new Uint8Array(bytes)], 'receipt.png', { type: 'image/png' });

describe('the payout report form checks', () => {
  it('lets a complete paid report through, with the fields the server reads', () => {
    expect(checkPayoutDraft(paid, [image(10)], TODAY)).toEqual({});
    expect(payoutFields(paid)).toEqual([
      ['kind', 'paid'],
      ['amount', '2500'],
      ['method', '3'],
      ['requestedOn', '2026-11-01'],
      ['receivedOn', '2026-11-04'],
      ['showUsername', 'true'],
    ]);
  });

  it('refuses what the server refuses, on the field at fault', () => {
    expect(checkPayoutDraft({ ...paid, amount: '0' }, [], TODAY).amount).toMatch(/from \$1 to \$1,000,000/);
    expect(checkPayoutDraft({ ...paid, method: '' }, [], TODAY).method).toBe('Choose the payout method');
    expect(checkPayoutDraft({ ...paid, receivedOn: '2026-10-30' }, [], TODAY).receivedOn).toBe(
      'The date received cannot be before the date requested',
    );
    expect(checkPayoutDraft({ ...paid, receivedOn: '2026-11-29' }, [], TODAY).receivedOn).toBe(
      'The date cannot be in the future',
    );
    expect(checkPayoutDraft({ ...paid, requestedOn: '' }, [], TODAY).requestedOn).toBe(
      'Enter the date you requested the payout',
    );
  });

  it('asks a paid report for evidence: an image or a reference', () => {
    expect(checkPayoutDraft(paid, [], TODAY).images).toBe(
      'Add an image of the payout, or give a transaction or payment processor reference',
    );
  });

  it("puts a refusal worded 'field: message' on its field", () => {
    expect(refusedField('requestedOn: the date cannot be in the future')).toEqual({
      field: 'requestedOn',
      message: 'The date cannot be in the future',
    });
    expect(refusedField('evidence: add an image of the payout')).toEqual({
      field: 'images',
      message: 'Add an image of the payout',
    });
    expect(refusedField('You can send 10 payout reports a day: try again tomorrow')).toBeNull();
  });

  it("checks a reference against its network's or processor's format", () => {
    const hash = 'ab'.repeat(32);
    const crypto = { ...paid, reference: 'crypto' as const, network: 'ethereum' as const };
    expect(checkPayoutDraft({ ...crypto, transactionReference: hash }, [], TODAY).transactionReference).toBe(
      'Ethereum transaction hashes are 0x followed by 64 hexadecimal characters',
    );
    expect(checkPayoutDraft({ ...crypto, transactionReference: `0x${hash}` }, [], TODAY)).toEqual({});
    expect(checkPayoutDraft({ ...crypto, transactionReference: '' }, [], TODAY).transactionReference).toBe(
      'Give both the network and the transaction reference',
    );
    const wise = { ...paid, reference: 'processor' as const, processor: 'wise' as const };
    expect(checkPayoutDraft({ ...wise, processorReference: 'abc' }, [], TODAY).processorReference).toMatch(
      /^Wise references are a transfer number/,
    );
    expect(checkPayoutDraft({ ...wise, processorReference: '12345678' }, [], TODAY)).toEqual({});
  });

  it('asks a denial for its date and reason, and limits the images', () => {
    const denied: PayoutDraft = { ...EMPTY_PAYOUT_DRAFT, kind: 'denied' };
    const errors = checkPayoutDraft(denied, [], TODAY);
    expect(errors.deniedOn).toBe('Enter the date it was denied');
    expect(errors.denialReason).toBe('Choose the reason the firm gave');
    const ok = { ...denied, deniedOn: '2026-11-20', denialReason: 'kyc' as const };
    expect(checkPayoutDraft(ok, [], TODAY)).toEqual({});
    expect(
      checkPayoutDraft(
        ok,
        Array.from({ length: 5 }, () => image(10)),
        TODAY,
      ).images,
    ).toBe('Up to 4 images');
    expect(checkPayoutDraft(ok, [image(5 * 1024 * 1024 + 1)], TODAY).images).toBe(
      'Each image is at most 5MB',
    );
  });
});
