import { describe, expect, it } from 'vitest';
import { ReplyPayloadSchema } from './replies';
import { describeReplyFigures, formatReplyHours, publicReplyOf } from './reply-rules';

describe('reply rules', () => {
  it('words the reply figures of the Reviews tab', () => {
    expect(describeReplyFigures({ reviewShare: 0.4, lowRatingShare: 0.755, medianHours: 30.6 })).toBe(
      'Replies to 40% of reviews and 76% of 1-2 star reviews, median reply time 31 hours (last 12 months)',
    );
    expect(describeReplyFigures({ reviewShare: 1, lowRatingShare: null, medianHours: 0.2 })).toBe(
      'Replies to 100% of reviews, median reply time under an hour (last 12 months)',
    );
    expect(formatReplyHours(1.2)).toBe('1 hour');
    expect(formatReplyHours(1499.6)).toBe('1,500 hours');
  });

  it('takes 10 to 2,000 characters of plain text, line breaks kept and tidied', () => {
    const parse = (body: unknown) => ReplyPayloadSchema.safeParse({ body });
    expect(parse('  Thank you!\r\n\r\n\r\nWe paid.  ').data).toEqual({ body: 'Thank you!\n\nWe paid.' });
    expect(parse(`${'a'.repeat(2000)}   `).success).toBe(true);
    for (const bad of ['         x', 'a'.repeat(2001), 'Ring \u0007 the bell', 7, undefined]) {
      expect(parse(bad).success, String(bad)).toBe(false);
    }
    expect(parse('short').error?.issues[0].message).toBe('A reply is 10 to 2,000 characters.');
  });

  it('marks a reply edited once its text changed after it was written', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(publicReplyOf({ replyBody: null, replyCreatedAt: null, replyUpdatedAt: null })).toBeNull();
    expect(publicReplyOf({ replyBody: 'Hi there!', replyCreatedAt: at, replyUpdatedAt: at })?.edited).toBe(
      false,
    );
    expect(
      publicReplyOf({
        replyBody: 'Hi there!',
        replyCreatedAt: at,
        replyUpdatedAt: new Date(at.getTime() + 1),
      })?.edited,
    ).toBe(true);
  });
});
