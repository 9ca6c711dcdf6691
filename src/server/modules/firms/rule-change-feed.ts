import escapeXml from 'escape-html';
import type { RuleChange } from '../../../domain/rule-changes';

/** An Atom feed of a firm's rule changes (`/firm/{slug}/rule-changes.xml`), one entry per change. */
export function ruleChangeFeedXml(
  firm: { slug: string; name: string },
  changes: readonly RuleChange[],
  publicUrl: string,
): string {
  const firmUrl = `${publicUrl}/firm/${encodeURIComponent(firm.slug)}`;
  const self = `${firmUrl}/rule-changes.xml`;
  const updated = changes[0]?.createdAt ?? new Date(0).toISOString();
  const entries = changes
    .map(
      (c) =>
        `<entry><id>${escapeXml(`${firmUrl}#rule-change-${c.id}`)}</id><title>${escapeXml(c.text)}</title><link href="${escapeXml(
          `${firmUrl}#rule-changes`,
        )}"/><updated>${c.createdAt}</updated><content type="text">${escapeXml(`${firm.name}: ${c.text}`)}</content></entry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>${escapeXml(self)}</id><title>${escapeXml(
    `${firm.name} rule changes | Prop Firm Club`,
  )}</title><link rel="self" href="${escapeXml(self)}"/><link href="${escapeXml(firmUrl)}"/><author><name>Prop Firm Club</name></author><updated>${updated}</updated>${entries}</feed>`;
}
