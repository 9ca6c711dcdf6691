import { META_DESCRIPTION_MAX } from '../../../domain/firm-rules';
import type { FirmDetails } from '../../../domain/firms';
import { formatFunding, formatPrice, truncateText } from '../../../domain/format';

/** How firms' figures read on the directory, compare and firm pages. */

/** '$50 - $500', '$50' when both ends agree, null when unknown. */
export function formatRange(min: number | null, max: number | null, format: (n: number) => string) {
  if (min == null && max == null) return null;
  if (min == null || max == null || min === max) return format((min ?? max) as number);
  return `${format(min)} - ${format(max)}`;
}

export const formatPriceRange = (min: number | null, max: number | null) =>
  formatRange(min, max, formatPrice);
export const formatFundingRange = (min: number | null, max: number | null) =>
  formatRange(min, max, formatFunding);

/** A compare row is highlighted when the shown firms disagree on it. */
export function valuesDiffer(values: readonly (string | null)[]): boolean {
  return values.length > 1 && new Set(values.map((v) => v ?? '')).size > 1;
}

export function firmMetaDescription(firm: Pick<FirmDetails, 'name' | 'shortDescription' | 'description'>) {
  const text =
    firm.shortDescription?.trim() ||
    firm.description?.trim() ||
    `${firm.name} review: trust rating, prices, funding models, coupons and trader reviews.`;
  return truncateText(text, META_DESCRIPTION_MAX);
}

export function widgetSnippet(publicUrl: string, firmId: number, firmName: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const title = firmName.replace(/"/g, '&quot;');
  return `<iframe src="${base}/widget/firm/${firmId}" title="${title} on Prop Firm Club" width="340" height="220" style="border:0" loading="lazy"></iframe>`;
}
