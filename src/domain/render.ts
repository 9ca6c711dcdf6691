import { z } from 'zod';

/**
 * A JSON-LD record. Pages build them with the schema.org types of `schema-dts`, so a property or
 * value schema.org does not define fails type checking.
 */
export interface StructuredData {
  '@context': 'https://schema.org';
}

/** What a page declares about itself for the document head. */
export const HeadSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** Path of the canonical URL; the server prefixes the public origin. */
  canonicalPath: z.string(),
  image: z.string().optional(),
  type: z.enum(['website', 'article', 'profile']).optional(),
  noindex: z.boolean().optional(),
  jsonLd: z.array(z.custom<StructuredData>()).optional(),
  /** Extra `<link>` elements, e.g. an RSS alternate. */
  links: z
    .array(
      z.object({
        rel: z.string(),
        href: z.string(),
        type: z.string().optional(),
        title: z.string().optional(),
      }),
    )
    .optional(),
});
export type Head = z.infer<typeof HeadSchema>;

/** An API answer as the server sends it to a render: the page's query function parses the text. */
export interface ApiResponse {
  status: number;
  contentType: string;
  text: string;
  /** Cache tags of the response, so a page built from it is dropped when its data changes. */
  tags: string[];
}

export interface RenderRequest {
  url: string;
  fetchApi: (path: string) => Promise<ApiResponse>;
  /** Site-wide flags the page needs before hydration. */
  config: SiteConfig;
}

export interface SiteConfig {
  publicUrl: string;
  showAdminLink: boolean;
  /** REQUIRE_STAFF_2FA: admin pages ask an admin without two-factor sign-in to turn it on. */
  requireStaffTwoFactor?: boolean;
}

export interface RenderResult {
  /** Rendered application markup. */
  html: string;
  head: Head;
  status: number;
  /** Redirect issued while rendering (e.g. a guarded route for an anonymous visitor). */
  redirect?: string;
  /** The site config and the dehydrated query cache as JSON text, read by the browser before hydration. */
  stateJson: string;
  tags: string[];
  /** Source path of the rendered page's module, so its chunk can be preloaded with the HTML. */
  pageModule?: string;
  /**
   * Keys of queries the page asked for while rendering that its loader had not fetched: their places
   * in the HTML are skeletons. Absent when every query had its data.
   */
  missingData?: string[];
}

export const SESSION_COOKIE = 'pfc.session_token';
