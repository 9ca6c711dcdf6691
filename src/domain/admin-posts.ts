import { z } from 'zod';
import { DAY_PATTERN, isBlankHtml } from './admin-content';
import { rowId } from './ids';

/**
 * The blog-post and quick-update editors' contracts: the admin pages validate with these before
 * sending and the server validates the same payload again. Post HTML (content, intro, outro,
 * per-firm notes) is sanitized on the server with the site's allowlist before it is stored.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is limited to ${max.toLocaleString('en-US')} characters`);
const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullable()
    .transform((v) => (v ? v : null));
const html = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} is limited to ${max.toLocaleString('en-US')} characters`)
    .nullable()
    .transform((v) => (isBlankHtml(v) ? null : v));

export const POST_CATEGORIES = ['review', 'article'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const MAX_TAGS = 12;
export const MAX_TEMPLATE_FIRMS = 30;
/** Words a minute behind a computed read time. */
export const READING_WORDS_PER_MINUTE = 200;

export { slugify } from './slug';

/** Minutes to read some HTML at 200 words a minute, at least 1. */
export function readTimeOf(...htmlParts: (string | null | undefined)[]): number {
  const words = htmlParts
    .map((part) => (part ?? '').replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' '))
    .join(' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}

/** A moment as ISO 8601 with its zone (the browser converts the local date and time it shows). */
const isoMoment = z
  .string({ error: 'Publish date must be text' })
  .nullable()
  .refine(
    (v) =>
      v === null ||
      (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
        !Number.isNaN(Date.parse(v)) &&
        DAY_PATTERN.test(v.slice(0, 10)) &&
        Number(v.slice(0, 4)) >= 2000 &&
        Number(v.slice(0, 4)) <= 2100),
    'Publish date must be a date and time between 2000 and 2100',
  );

export const PostTemplateInputSchema = z.object({
  selectedFirmIds: z
    .array(rowId(), { error: 'Selected firms must be a list of firm ids' })
    .max(MAX_TEMPLATE_FIRMS, `At most ${MAX_TEMPLATE_FIRMS} firms`)
    .refine((ids) => new Set(ids).size === ids.length, 'A firm is selected twice'),
  introContent: html('Intro', 50_000),
  outroContent: html('Outro', 50_000),
  /** Keyed by firm id; notes of firms not selected are dropped when saved. */
  perFirmNotes: z
    .record(z.string().regex(/^\d{1,10}$/, 'Notes are keyed by firm id'), html('Firm note', 5_000))
    .refine((notes) => Object.keys(notes).length <= MAX_TEMPLATE_FIRMS, 'Too many firm notes'),
});
export type PostTemplateInput = z.input<typeof PostTemplateInputSchema>;

export const PostInputSchema = z.object({
  title: text('Title', 200).min(1, 'Title is required'),
  /** Blank: made from the title. */
  slug: z
    .string({ error: 'Slug must be text' })
    .trim()
    .max(100, 'Slug is limited to 100 characters')
    .nullable()
    .refine(
      (v) => !v || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v),
      'Slug may hold lower-case letters, digits and single hyphens',
    )
    .transform((v) => (v ? v : null)),
  excerpt: optionalText('Excerpt', 500),
  content: html('Content', 200_000),
  category: z.enum(POST_CATEGORIES, { error: 'Category is review or article' }).nullable(),
  tags: z
    .array(text('Tag', 40).min(1, 'A tag cannot be blank'), { error: 'Tags must be a list' })
    .max(MAX_TAGS, `At most ${MAX_TAGS} tags`)
    .transform((tags) => [...new Set(tags)]),
  featuredImage: z
    .string({ error: 'Featured image must be text' })
    .trim()
    .max(2000, 'Featured image is limited to 2,000 characters')
    .nullable()
    .refine(
      (v) => !v || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v),
      'Featured image must be an https:// address or a path starting with /',
    )
    .transform((v) => (v ? v : null)),
  author: optionalText('Author', 100),
  /** Minutes; blank: computed from the content. */
  readTime: z
    .number({ error: 'Read time must be a number' })
    .int('Read time is whole minutes')
    .min(1, 'Read time must be at least 1 minute')
    .max(600, 'Read time must be at most 600 minutes')
    .nullable(),
  /** False: a draft, never public. */
  published: z.boolean({ error: 'Published must be true or false' }),
  /** A later moment keeps a published post hidden until then; blank: the moment it is first published. */
  publishDate: isoMoment,
  templateEnabled: z.boolean({ error: 'Template mode must be true or false' }),
  template: PostTemplateInputSchema,
});
export type PostInput = z.input<typeof PostInputSchema>;
export type PostValues = z.output<typeof PostInputSchema>;

export const PostUpdateSchema = z.object({
  version: z.number({ error: 'version is required' }).int().positive(),
  post: PostInputSchema,
});

export const AdminPostSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  content: z.string().nullable(),
  category: z.enum(POST_CATEGORIES).nullable(),
  tags: z.array(z.string()),
  featuredImage: z.string().nullable(),
  author: z.string().nullable(),
  readTime: z.number().int().nullable(),
  published: z.boolean(),
  publishDate: z.string().nullable(),
  templateEnabled: z.boolean(),
  template: z.object({
    selectedFirmIds: z.array(z.number().int()),
    introContent: z.string().nullable(),
    outroContent: z.string().nullable(),
    perFirmNotes: z.record(z.string(), z.string().nullable()),
  }),
  status: z.enum(POST_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPost = z.infer<typeof AdminPostSchema>;

export const ADMIN_POST_SORTS = ['date', 'title', 'updated'] as const;
export const ADMIN_POSTS_PAGE_SIZE = 20;
export const PostListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search is limited to 100 characters').optional(),
  status: z.enum(POST_STATUSES, { error: 'status is draft, scheduled or published' }).optional(),
  sort: z.enum(ADMIN_POST_SORTS, { error: 'sort is date, title or updated' }).default('date'),
  dir: z.enum(['asc', 'desc'], { error: 'dir is asc or desc' }).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

export const AdminPostRowSchema = AdminPostSchema.pick({
  id: true,
  version: true,
  slug: true,
  title: true,
  category: true,
  author: true,
  published: true,
  publishDate: true,
  status: true,
  createdAt: true,
  updatedAt: true,
});
export type AdminPostRow = z.infer<typeof AdminPostRowSchema>;
export const AdminPostPageSchema = z.object({
  posts: z.array(AdminPostRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminPostPage = z.infer<typeof AdminPostPageSchema>;

export const emptyPost = (): PostInput => ({
  title: '',
  slug: null,
  excerpt: null,
  content: null,
  category: 'article',
  tags: [],
  featuredImage: null,
  author: null,
  readTime: null,
  published: false,
  publishDate: null,
  templateEnabled: false,
  template: { selectedFirmIds: [], introContent: null, outroContent: null, perFirmNotes: {} },
});

/** Quick updates are plain text (the /blog card shows them as text, with line breaks). */
export const QuickUpdateInputSchema = z.object({
  title: text('Title', 200).min(1, 'Title is required'),
  content: text('Content', 5_000).min(1, 'Content is required'),
  published: z.boolean({ error: 'Published must be true or false' }),
});
export type QuickUpdateInput = z.input<typeof QuickUpdateInputSchema>;
export type QuickUpdateValues = z.output<typeof QuickUpdateInputSchema>;
export const QuickUpdateUpdateSchema = z.object({
  version: z.number({ error: 'version is required' }).int().positive(),
  update: QuickUpdateInputSchema,
});
export const AdminQuickUpdateSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
  published: z.boolean(),
  createdAt: z.string(),
});
export type AdminQuickUpdate = z.infer<typeof AdminQuickUpdateSchema>;
export const AdminQuickUpdatePageSchema = z.object({
  updates: z.array(AdminQuickUpdateSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminQuickUpdatePage = z.infer<typeof AdminQuickUpdatePageSchema>;
export const emptyQuickUpdate = (): QuickUpdateInput => ({ title: '', content: '', published: true });
