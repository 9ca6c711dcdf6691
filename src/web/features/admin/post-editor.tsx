import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  type AdminPost,
  emptyPost,
  type PostInput,
  PostInputSchema,
  readTimeOf,
  slugify,
} from '../../../domain/admin-posts';
import type { BlogPost } from '../../../domain/blog';
import { DEFAULT_AUTHOR } from '../../../domain/blog-rules';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { apiJson } from '../../lib/api';
import { ConfirmDelete } from './confirm-delete';
import { ConflictNotice } from './conflict-notice';
import { CheckboxField, NumberField, SelectField, TextAreaField, TextField } from './fields';
import { ImageField } from './image-field';
import { PostStatusBadge } from './post-list';
import { TemplateFields } from './post-template-fields';
import { RichTextField } from './rich-text-editor';
import { useSaveForm } from './use-save-form';
import { useZodForm } from './use-zod-form';

const toPostInput = (post: AdminPost): PostInput => {
  const { id: _i, version: _v, status: _s, createdAt: _c, updatedAt: _u, ...input } = post;
  return input;
};

/** 'YYYY-MM-DDTHH:mm' in the browser's zone, as a datetime-local input shows it. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string | null) => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
};
const zoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * One post's every field; saves with the version it was loaded at (409 Conflict when stale).
 * Preview renders the unsaved values as the public page would, drafts and scheduled posts too.
 */
export function PostEditor({
  post,
  renderPreview,
}: {
  post: AdminPost | null;
  /** Shows the preview as the public page would (the page passes /blog/{slug}'s view: features stay apart). */
  renderPreview: (post: BlogPost) => ReactNode;
}) {
  const [, navigate] = useLocation();
  const form = useZodForm({
    schema: PostInputSchema,
    initial: (): PostInput => (post ? toPostInput(post) : emptyPost()),
  });
  const { values, set, errors, setErrors, check } = form;
  const [saved, setSaved] = useState(post);
  const [tagText, setTagText] = useState(() => values.tags.join(', '));
  // A new post's slug follows its title until the admin types one.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [preview, setPreview] = useState<BlogPost | null>(null);
  const { save, version, conflict, reload, refused } = useSaveForm({
    form,
    record: post,
    request: (payload: PostInput, version) =>
      post
        ? apiJson<AdminPost>('PUT', `/api/admin/posts/${post.id}`, { version, post: payload })
        : apiJson<AdminPost>('POST', '/api/admin/posts', payload),
    toValues: toPostInput,
    savedToast: (result) => ({
      title: result.status === 'draft' ? 'Draft saved' : 'Post saved',
      description:
        result.status === 'published'
          ? `${result.title} is live on /blog.`
          : result.status === 'scheduled'
            ? `${result.title} goes live on ${new Date(result.publishDate ?? '').toLocaleString()}.`
            : `${result.title} is not public.`,
    }),
    pathOf: (result) => `/admin/posts/${result.id}`,
    latest: (current) => apiJson<AdminPost>('GET', `/api/admin/posts/${current.id}`),
    onLoaded: (current) => {
      setTagText(current.tags.join(', '));
      setSaved(current);
    },
    // The form is hidden behind a preview: errors show on the form, so it comes back first.
    onRefused: () => setPreview(null),
  });

  // Values the schema refuses show on the form too, so it comes back from a preview first.
  const checked = () => check({ onInvalid: () => setPreview(null) }) !== null;

  const showPreview = useMutation({
    mutationFn: (payload: PostInput) =>
      apiJson<BlogPost>('POST', `/api/admin/posts/preview${post ? `?id=${post.id}` : ''}`, payload),
    onSuccess: (shown) => {
      setErrors({});
      setPreview(shown);
      window.scrollTo({ top: 0 });
    },
    onError: refused,
  });

  // A refused tag ('tags.2') shows on the one tags field.
  const tagError = errors.tags ?? Object.entries(errors).find(([key]) => key.startsWith('tags.'))?.[1];
  const tagErrors = tagError ? { ...errors, tags: tagError } : errors;

  const estimate = values.templateEnabled
    ? readTimeOf(
        values.template.introContent,
        values.content,
        ...Object.values(values.template.perFirmNotes),
        values.template.outroContent,
      )
    : readTimeOf(values.content);

  return (
    <>
      {preview ? (
        <section aria-label="Preview" className="grid gap-4">
          <Card tone="warning" className="flex flex-wrap items-center justify-between gap-3 p-4">
            <p className="text-sm text-amber-900">
              <strong>Preview.</strong> This is how /blog/{preview.slug} will look.{' '}
              {values.published ? '' : 'It is a draft: visitors cannot see it.'} Nothing is saved yet.
            </p>
            <Button type="button" variant="outline" onClick={() => setPreview(null)}>
              Back to editing
            </Button>
          </Card>
          <Card className="overflow-hidden">{renderPreview(preview)}</Card>
        </section>
      ) : null}
      <form
        noValidate
        hidden={preview !== null}
        className="grid gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (checked()) save.mutate(values);
        }}
      >
        {conflict ? <ConflictNotice onReload={reload} /> : null}
        {saved ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <PostStatusBadge status={saved.status} />
            {saved.status === 'published' ? (
              <a
                href={`/blog/${saved.slug}`}
                className="text-brand-700 underline"
                target="_blank"
                rel="noreferrer"
              >
                /blog/{saved.slug}
              </a>
            ) : (
              <span>/blog/{saved.slug}</span>
            )}
          </p>
        ) : null}
        <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
          <TextField
            path="title"
            label="Title"
            required
            className="sm:col-span-2"
            errors={errors}
            value={values.title}
            onChange={(v) =>
              set({ title: v ?? '', ...(slugEdited ? {} : { slug: slugify(v ?? '') || null }) })
            }
          />
          <TextField
            path="slug"
            label="Slug"
            hint="The post's address: /blog/your-slug. Blank: made from the title."
            errors={errors}
            value={values.slug}
            onChange={(v) => {
              setSlugEdited(true);
              set({ slug: v });
            }}
          />
          <SelectField
            path="category"
            label="Category"
            hint="Reviews and articles are listed in their own /blog sections."
            errors={errors}
            value={values.category ?? ''}
            options={[
              { value: 'article', label: 'Article' },
              { value: 'review', label: 'Review' },
              { value: '', label: 'None (listed with articles)' },
            ]}
            onChange={(v) => set({ category: v === 'review' || v === 'article' ? v : null })}
          />
          <TextAreaField
            path="excerpt"
            label="Excerpt"
            hint="A sentence or two under the title and on the post's card."
            className="sm:col-span-2"
            rows={2}
            errors={errors}
            value={values.excerpt}
            onChange={(v) => set({ excerpt: v })}
          />
          <ImageField
            path="featuredImage"
            label="Featured image"
            errors={errors}
            value={values.featuredImage}
            onChange={(v) => set({ featuredImage: v })}
          />
          <TextField
            path="tags"
            label="Tags"
            hint="Separated by commas; cards show the first three."
            errors={tagErrors}
            value={tagText}
            onChange={(v) => {
              setTagText(v ?? '');
              set({
                tags: (v ?? '')
                  .split(',')
                  .map((t) => t.trim())
                  .filter(Boolean),
              });
            }}
          />
          <TextField
            path="author"
            label="Author"
            placeholder={DEFAULT_AUTHOR}
            hint={`Blank: ${DEFAULT_AUTHOR}.`}
            errors={errors}
            value={values.author}
            onChange={(v) => set({ author: v })}
          />
          <NumberField
            path="readTime"
            label="Read time (minutes)"
            hint={`Blank: computed from the text (${estimate} min now).`}
            errors={errors}
            value={values.readTime}
            onChange={(v) => set({ readTime: v })}
          />
          <CheckboxField
            path="published"
            label="Published"
            hint="Unchecked: a draft only admins see."
            errors={errors}
            checked={values.published}
            onChange={(v) => set({ published: v })}
          />
          <TextField
            path="publishDate"
            label="Publish date"
            type="datetime-local"
            hint={`Your time (${zoneName()}). A later date keeps the post hidden until then; blank: when first published.`}
            errors={errors}
            value={toLocalInput(values.publishDate)}
            onChange={(v) => set({ publishDate: fromLocalInput(v) })}
          />
          <RichTextField
            path="content"
            label="Content"
            className="sm:col-span-2"
            errors={errors}
            value={values.content}
            onChange={(v) => set({ content: v })}
          />
        </Card>
        <TemplateFields values={values} errors={errors} set={set} />
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending
              ? 'Saving...'
              : post
                ? 'Save changes'
                : values.published
                  ? 'Create post'
                  : 'Save draft'}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={showPreview.isPending}
            onClick={() => {
              if (checked()) showPreview.mutate(values);
            }}
          >
            {showPreview.isPending ? 'Loading preview...' : 'Preview'}
          </Button>
          <Button variant="outline" asChild>
            <Link to="/admin/posts">Cancel</Link>
          </Button>
        </div>
        {post ? (
          <Card tone="danger" className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
            <p className="text-sm text-slate-700">
              Deleting a post removes it from /blog, the feed and the sitemap.
            </p>
            <ConfirmDelete
              label="Delete post"
              title={`Delete ${post.title}?`}
              description="The post and its address disappear from the site. This cannot be undone."
              url={`/api/admin/posts/${post.id}?version=${version}`}
              onDeleted={() => navigate('/admin/posts')}
            />
          </Card>
        ) : null}
      </form>
    </>
  );
}
