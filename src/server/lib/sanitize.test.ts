import { describe, expect, it } from 'vitest';
import { findDanger, XSS_CORPUS } from '../../../tests/fixtures/xss-corpus';
import { sanitizeHtml, stripHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('has a corpus of at least 30 payloads, each dangerous before sanitising', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
    // The checker must catch the raw payloads, or passing the cleaned ones proves nothing.
    const undetected = XSS_CORPUS.filter((p) => findDanger(p) === null && !p.includes('&#'));
    expect(undetected).toEqual([]);
  });

  it.each(XSS_CORPUS)('neutralises %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(findDanger(clean)).toBeNull();
    // Sanitising is stable: the second pass on render changes nothing.
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('keeps ordinary editorial HTML', () => {
    const html =
      '<h2>Rules</h2><p>Use <strong>code</strong> <a href="https://firm.example/x">here</a>.</p><ul><li>one</li></ul><img src="/uploads/a.webp" alt="chart" />';
    const clean = sanitizeHtml(html);
    expect(clean).toContain('<h2>Rules</h2>');
    expect(clean).toContain('<strong>code</strong>');
    expect(clean).toContain('href="https://firm.example/x"');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
    expect(clean).toContain('<li>one</li>');
    expect(clean).toContain('src="/uploads/a.webp"');
  });

  it('keeps video embeds from the allowed hosts only', () => {
    const yt = sanitizeHtml('<iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe>');
    expect(yt).toContain('src="https://www.youtube.com/embed/abc"');
    expect(
      sanitizeHtml('<iframe src="https://www.youtube.com.evil.example/embed/abc"></iframe>'),
    ).not.toContain('evil');
  });

  it('strips HTML to text', () => {
    expect(stripHtml('<p>Hello <b>there</b><script>x()</script></p>')).toBe('Hello there');
  });
});
