import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicReply, WithheldReply } from '../../../domain/replies';
import { FirmReply } from './firm-reply';
import { ReplyForm } from './reply-form';
import type { ReplyTo } from './reply-hooks';

const to: ReplyTo = { firm: { slug: 'acme', name: 'Acme Funding' }, target: 'review', id: 7 };

const reply: PublicReply = {
  body: 'Thank you, we have paid you.\nSorry for the wait.',
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-05T09:00:00.000Z',
  edited: true,
};

const withheld = (status: 'held' | 'hidden'): WithheldReply => ({
  id: 3,
  target: 'review',
  targetId: 7,
  body: 'Write to us at https://acme.example',
  status,
  hideReason: status === 'hidden' ? 'Shares the reviewer’s email.' : null,
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
  edited: false,
});

function render(node: ReactNode) {
  const html = renderToString(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the firm reply under a review or a denied payout report', () => {
  it('shows a visitor the published reply with its badge, date and edit date, and nothing else', () => {
    const text = render(<FirmReply to={to} reply={reply} representative={false} />);
    expect(text).toBe(
      'Response from Acme Funding Firm representative Nov 2, 2026 · edited Nov 5, 2026 Thank you, we have paid you. Sorry for the wait.',
    );
    expect(render(<FirmReply to={to} reply={null} representative={false} />)).toBe('');
  });

  it('offers the firm representative Reply, or Edit reply and Delete reply once there is one', () => {
    expect(render(<FirmReply to={to} reply={null} representative />)).toBe('Reply');
    const text = render(<FirmReply to={to} reply={reply} representative />);
    expect(text).toContain('Response from Acme Funding');
    expect(text).toContain('Edit reply Delete reply');
  });

  it('shows the representative a reply waiting for a check, and a hidden one with its reason and no buttons', () => {
    const held = render(<FirmReply to={to} reply={null} representative withheld={withheld('held')} />);
    expect(held).toContain('Your reply is waiting for a check by our moderators before it shows.');
    expect(held).toContain('Edit reply Delete reply');
    const hidden = render(<FirmReply to={to} reply={null} representative withheld={withheld('hidden')} />);
    expect(hidden).toContain('Our moderators hid your reply: Shares the reviewer’s email.');
    expect(hidden).not.toContain('Edit reply');
    expect(hidden).not.toContain('Delete reply');
  });

  it('writes a reply with the rules in one paragraph and a character count', () => {
    const text = render(<ReplyForm to={to} initial="Sorry to read this." onDone={() => {}} />);
    expect(text).toContain('Reply as Acme Funding');
    expect(text).toContain('Do not share personal details of the reviewer, make threats, ask for the review');
    expect(text).toContain('19 / 2,000 characters');
    expect(text).toContain('Save reply');
    expect(render(<ReplyForm to={to} initial="" onDone={() => {}} />)).toContain(
      '0 / 2,000 characters (at least 10)',
    );
  });
});
