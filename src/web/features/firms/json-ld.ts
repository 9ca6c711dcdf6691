import type { BreadcrumbList, ItemList, Organization, Service, WebSite, WithContext } from 'schema-dts';
import type { FirmDetails, FirmSummary, Review, ReviewSummary } from '../../../domain/firms';

/** The structured data (schema.org JSON-LD) of the firm, directory and home pages. */

const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;

function breadcrumbList(
  publicUrl: string,
  items: { name: string; path: string }[],
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absolute(publicUrl, item.path),
    })),
  };
}

/**
 * Spec section 2: an organisation with its rating and reviews when reviews exist, else a
 * service with its features; both with a breadcrumb list.
 */
export function firmJsonLd(
  firm: FirmDetails,
  reviews: readonly Review[],
  summary: ReviewSummary | undefined,
  publicUrl: string,
): WithContext<Organization | Service | BreadcrumbList>[] {
  const url = absolute(publicUrl, `/firm/${firm.slug}`);
  const breadcrumbs = breadcrumbList(publicUrl, [
    { name: 'Home', path: '/' },
    { name: 'All Prop Firms', path: '/firms' },
    { name: firm.name, path: `/firm/${firm.slug}` },
  ]);
  const description = firm.shortDescription ?? firm.description ?? undefined;
  if (reviews.length > 0) {
    const total = summary?.totalReviews ?? reviews.length;
    const average =
      summary?.averageRating ?? reviews.reduce((sum, r) => sum + r.rating, 0) / Math.max(reviews.length, 1);
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: firm.name,
        url,
        ...(firm.logo
          ? { logo: firm.logo.startsWith('/') ? absolute(publicUrl, firm.logo) : firm.logo }
          : {}),
        ...(description ? { description } : {}),
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: Number(average.toFixed(1)),
          reviewCount: total,
          bestRating: 5,
          worstRating: 1,
        },
        review: reviews.map((r) => ({
          '@type': 'Review',
          name: r.title,
          reviewBody: r.comment,
          datePublished: r.createdAt.slice(0, 10),
          author: {
            '@type': 'Person',
            name: r.isManual ? r.authorName?.trim() || 'Anonymous' : r.user?.firstName?.trim() || 'Anonymous',
          },
          reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        })),
      },
      breadcrumbs,
    ];
  }
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: `${firm.name} funded trading programs`,
      serviceType: 'Proprietary trading evaluation',
      url,
      ...(description ? { description } : {}),
      provider: { '@type': 'Organization', name: firm.name, ...(firm.website ? { url: firm.website } : {}) },
      ...(firm.features.length
        ? {
            hasOfferCatalog: {
              '@type': 'OfferCatalog',
              name: 'Features',
              itemListElement: firm.features.map((feature) => ({
                '@type': 'Offer',
                itemOffered: { '@type': 'Service', name: feature },
              })),
            },
          }
        : {}),
    },
    breadcrumbs,
  ];
}

export const DIRECTORY_JSONLD_MAX_FIRMS = 50;
export const DIRECTORY_JSONLD_DESCRIPTION_MAX = 5000;

/** The directory list of structured data: the first 50 firms, descriptions cut at 5,000 characters. */
export function directoryJsonLd(firms: readonly FirmSummary[], publicUrl: string): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'Prop trading firms',
    numberOfItems: Math.min(firms.length, DIRECTORY_JSONLD_MAX_FIRMS),
    itemListElement: firms.slice(0, DIRECTORY_JSONLD_MAX_FIRMS).map((firm, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: absolute(publicUrl, `/firm/${firm.slug}`),
      name: firm.name,
      ...(firm.shortDescription
        ? { description: firm.shortDescription.slice(0, DIRECTORY_JSONLD_DESCRIPTION_MAX) }
        : {}),
    })),
  };
}

/**
 * The site itself. No search action: the search box markup it fed was retired by search engines,
 * and its `query-input` annotation is not a schema.org property.
 */
export function websiteJsonLd(publicUrl: string): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'Prop Firm Club',
    url: absolute(publicUrl, '/'),
  };
}
