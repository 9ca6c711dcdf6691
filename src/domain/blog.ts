import { z } from 'zod';

export const BlogTemplateDataSchema = z.object({
  data: z
    .object({
      selectedFirmIds: z.array(z.number().int()).optional(),
      introContent: z.string().optional(),
      outroContent: z.string().optional(),
      perFirmNotes: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
});

export const BlogFirmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  shortDescription: z.string().nullable(),
  trustRating: z.string().nullable(),
  affiliateUrl: z.string().nullable(),
});
export type BlogFirm = z.infer<typeof BlogFirmSchema>;

export const BlogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  category: z.string().nullable(),
  featuredImage: z.string().nullable(),
  author: z.string().nullable(),
  readTime: z.number().int().nullable(),
  publishDate: z.string().nullable(),
  createdAt: z.string(),
  tags: z.array(z.string()),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogPostSchema = BlogPostSummarySchema.extend({
  /** Sanitised HTML, as are the intro, outro and per-firm notes. */
  content: z.string(),
  templateEnabled: z.boolean(),
  templateData: BlogTemplateDataSchema.nullable(),
  /** The template's selected firms, resolved in the order chosen. */
  featuredFirms: z.array(BlogFirmSchema),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const QuickUpdateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type QuickUpdate = z.infer<typeof QuickUpdateSchema>;

export const PublishedQuerySchema = z.object({
  published: z.enum(['true', 'false']).optional(),
});
export const BlogSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
