import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import {
  type AdminPost,
  type AdminPostPage,
  type AdminQuickUpdate,
  emptyPost,
  type PostInput,
} from '../../../domain/admin-posts';
import type { BlogPost, BlogPostSummary, QuickUpdate } from '../../../domain/blog';
import { adminAuditLog } from '../../db/schema';
import { insertFirm } from '../../db/seed/factories';

let ctx: TestContext;
const who: Record<'user' | 'admin', TestUser> = {} as never;

beforeAll(async () => {
  ctx = await createTestApp();
  who.user = await signUpUser(ctx, { prefix: 'usr', verified: true });
  who.admin = await signUpUser(ctx, { prefix: 'adm', verified: true, admin: true });
});
afterAll(() => ctx.close());

type Role = 'anonymous' | 'user' | 'admin';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, role: Role, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(role === 'anonymous' ? {} : { cookie: who[role].cookie }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const post = (overrides: Partial<PostInput> = {}): PostInput => ({
  ...emptyPost(),
  title: 'Prop firm news',
  excerpt: 'What changed this week',
  content: '<p>Hello traders.</p>',
  published: true,
  ...overrides,
});
const create = async (overrides: Partial<PostInput> = {}): Promise<AdminPost> => {
  const res = await call('POST', '/api/admin/posts', 'admin', post(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const toInput = (p: AdminPost): PostInput => {
  const { id: _i, version: _v, status: _s, createdAt: _c, updatedAt: _u, ...input } = p;
  return input;
};
const publicSlugs = async () =>
  ((await ctx.app.inject('/api/blog')).json() as BlogPostSummary[]).map((p) => p.slug);

describe('posts admin', () => {
  it('is for admins only: 401 signed out, 403 for users', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/posts'],
      ['GET', '/api/admin/posts/1'],
      ['POST', '/api/admin/posts'],
      ['POST', '/api/admin/posts/preview'],
      ['PUT', '/api/admin/posts/1'],
      ['DELETE', '/api/admin/posts/1?version=1'],
      ['GET', '/api/admin/quick-updates'],
      ['GET', '/api/admin/quick-updates/1'],
      ['POST', '/api/admin/quick-updates'],
      ['PUT', '/api/admin/quick-updates/1'],
      ['DELETE', '/api/admin/quick-updates/1?version=1'],
    ] as const) {
      expect((await call(method, url, 'anonymous', method === 'GET' ? undefined : {})).statusCode).toBe(401);
      expect((await call(method, url, 'user', method === 'GET' ? undefined : {})).statusCode).toBe(403);
    }
  });

  it('creates a post with sanitized HTML, a slug from the title and a computed read time, public at once', async () => {
    expect(await publicSlugs()).not.toContain('funded-in-30-days'); // cached now
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ');
    const created = await create({
      title: 'Funded in 30 Days!',
      content: `<h2>Plan</h2><p>${words}</p><script>alert(1)</script><img src="/x.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a>`,
      tags: ['futures', 'futures', 'payouts'],
      category: 'review',
      featuredImage: '/uploads/cover.webp',
    });
    expect(created).toMatchObject({
      slug: 'funded-in-30-days',
      readTime: 3,
      status: 'published',
      version: 1,
      tags: ['futures', 'payouts'],
    });
    expect(created.publishDate).not.toBeNull();
    expect(created.content).toContain('<h2>Plan</h2>');
    expect(created.content).not.toMatch(/script|onerror|javascript:/);
    expect(await publicSlugs()).toContain('funded-in-30-days');
    const page = (await ctx.app.inject('/api/blog/funded-in-30-days')).json() as BlogPost;
    expect(page).toMatchObject({ title: 'Funded in 30 Days!', featuredImage: '/uploads/cover.webp' });
    // A second post with the same title gets a numbered slug; a chosen slug in use is refused.
    expect((await create({ title: 'Funded in 30 Days!' })).slug).toBe('funded-in-30-days-2');
    const taken = await call('POST', '/api/admin/posts', 'admin', post({ slug: 'funded-in-30-days' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'slug_taken' });
    expect(taken.json().message).toMatch(/^slug: /);
    const [entry] = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, String(created.id)));
    expect(entry).toMatchObject({ entity: 'post', action: 'create', actorEmail: who.admin.email });
  });

  it('validates every field with its name and changes nothing on refusal', async () => {
    const before = (await call('GET', '/api/admin/posts', 'admin')).json() as AdminPostPage;
    const bad = await call(
      'POST',
      '/api/admin/posts',
      'admin',
      post({
        title: ' ',
        slug: 'Not A Slug',
        readTime: 0,
        publishDate: '31/12/2030',
        featuredImage: 'javascript:alert(1)',
        tags: ['ok', ''],
      }),
    );
    expect(bad.statusCode).toBe(400);
    const message = bad.json().message as string;
    for (const part of [
      'title: Title is required',
      'slug: Slug may hold lower-case letters, digits and single hyphens',
      'readTime: Read time must be at least 1 minute',
      'publishDate: Publish date must be a date and time',
      'featuredImage: Featured image must be an https:// address or a path starting with /',
      'tags.1: A tag cannot be blank',
    ])
      expect(message).toContain(part);
    const wrongCategory = await call('POST', '/api/admin/posts', 'admin', { ...post(), category: 'news' });
    expect(wrongCategory.statusCode).toBe(400);
    const noFirm = await call(
      'POST',
      '/api/admin/posts',
      'admin',
      post({
        templateEnabled: true,
        template: { ...emptyPost().template, selectedFirmIds: [2_000_000_000] },
      }),
    );
    expect(noFirm.statusCode).toBe(400);
    expect(noFirm.json().message).toContain('template.selectedFirmIds');
    const after = (await call('GET', '/api/admin/posts', 'admin')).json() as AdminPostPage;
    expect(after.total).toBe(before.total);
  });

  it('keeps drafts and scheduled posts off /blog, the post page, RSS and the sitemap, then shows them when due', async () => {
    const draft = await create({ title: 'Secret draft', published: false });
    expect(draft).toMatchObject({ status: 'draft', publishDate: null });
    const soon = new Date(Date.now() + 1500).toISOString();
    const scheduled = await create({ title: 'Scheduled soon', publishDate: soon });
    expect(scheduled.status).toBe('scheduled');
    const later = await create({
      title: 'Next year',
      publishDate: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    });
    expect(later.status).toBe('scheduled');

    const hidden = async (slug: string) => {
      expect(await publicSlugs()).not.toContain(slug);
      expect((await ctx.app.inject(`/api/blog/${slug}`)).statusCode).toBe(404);
      expect((await ctx.app.inject('/blog/rss.xml')).body).not.toContain(`/blog/${slug}<`);
      expect((await ctx.app.inject('/sitemap.xml')).body).not.toContain(`/blog/${slug}<`);
    };
    for (const slug of [draft.slug, scheduled.slug, later.slug]) await hidden(slug);
    const statuses = (
      await call('GET', '/api/admin/posts?status=scheduled', 'admin')
    ).json() as AdminPostPage;
    expect(statuses.posts.map((p) => p.slug)).toEqual(expect.arrayContaining([scheduled.slug, later.slug]));
    expect(statuses.posts.every((p) => p.status === 'scheduled')).toBe(true);

    // Its time passes: the cached answers still hide it until the job announces it.
    while (Date.now() <= Date.parse(soon)) await new Promise((r) => setTimeout(r, 50));
    expect(await publicSlugs()).not.toContain(scheduled.slug);
    const run = await ctx.app.jobs.runScheduled('publish-due-posts', new Date());
    expect(run.status).toBe('succeeded');
    expect(await publicSlugs()).toContain(scheduled.slug);
    expect((await ctx.app.inject(`/api/blog/${scheduled.slug}`)).statusCode).toBe(200);
    expect((await ctx.app.inject('/blog/rss.xml')).body).toContain(`/blog/${scheduled.slug}<`);
    expect((await ctx.app.inject('/sitemap.xml')).body).toContain(`/blog/${scheduled.slug}<`);
    for (const slug of [draft.slug, later.slug]) await hidden(slug);
  });

  it('saves over the current version only (409 Conflict), and deletes with the version', async () => {
    const created = await create({ title: 'Versioned post' });
    const saved = await call('PUT', `/api/admin/posts/${created.id}`, 'admin', {
      version: 1,
      post: { ...toInput(created), title: 'Versioned post, edited', readTime: 7 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, readTime: 7, slug: 'versioned-post' });
    // A published post keeps its first publish date when edited.
    expect(saved.json().publishDate).toBe(created.publishDate);
    const stale = await call('PUT', `/api/admin/posts/${created.id}`, 'admin', {
      version: 1,
      post: { ...toInput(created), title: 'Lost edit' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CONFLICT_MESSAGE);
    expect((await call('GET', `/api/admin/posts/${created.id}`, 'admin')).json().title).toBe(
      'Versioned post, edited',
    );
    expect((await call('DELETE', `/api/admin/posts/${created.id}?version=1`, 'admin')).statusCode).toBe(409);
    expect((await call('DELETE', `/api/admin/posts/${created.id}?version=2`, 'admin')).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/posts/${created.id}`, 'admin')).statusCode).toBe(404);
    expect(await publicSlugs()).not.toContain('versioned-post');
    expect(
      (await call('PUT', '/api/admin/posts/2000000000', 'admin', { version: 1, post: post() })).statusCode,
    ).toBe(404);
  });

  it('lists with search, status and sort', async () => {
    await create({ title: 'Aardvark trading', tags: ['zebra-tag'] });
    const byTag = (await call('GET', '/api/admin/posts?q=zebra', 'admin')).json() as AdminPostPage;
    expect(byTag.posts.map((p) => p.title)).toEqual(['Aardvark trading']);
    const byTitle = (
      await call('GET', '/api/admin/posts?sort=title&dir=asc', 'admin')
    ).json() as AdminPostPage;
    expect(byTitle.posts[0].title).toBe('Aardvark trading');
    const drafts = (await call('GET', '/api/admin/posts?status=draft', 'admin')).json() as AdminPostPage;
    expect(drafts.posts.every((p) => p.status === 'draft')).toBe(true);
    expect((await call('GET', '/api/admin/posts?sort=nope', 'admin')).statusCode).toBe(400);
  });

  it('stores template mode sanitized, shows it on the public page, and previews drafts as the page would', async () => {
    const a = await insertFirm(ctx.db, { name: 'Template Alpha', slug: 'template-alpha' });
    const b = await insertFirm(ctx.db, { name: 'Template Beta', slug: 'template-beta' });
    const values = post({
      title: 'Best firms this month',
      published: false,
      templateEnabled: true,
      template: {
        selectedFirmIds: [b.id, a.id],
        introContent: '<p>Intro <em>here</em></p><script>x()</script>',
        outroContent: '<p>Outro</p><iframe src="https://evil.example/"></iframe>',
        perFirmNotes: { [String(a.id)]: '<p>Alpha note</p><img src=x onerror=y>', '999999': '<p>stray</p>' },
      },
    });
    const preview = await call('POST', '/api/admin/posts/preview', 'admin', values);
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json() as BlogPost;
    expect(shown.featuredFirms.map((f) => f.name)).toEqual(['Template Beta', 'Template Alpha']);
    expect(shown.templateData?.data?.introContent).toBe('<p>Intro <em>here</em></p>');
    expect(shown.templateData?.data?.outroContent).not.toContain('iframe');
    const notes = shown.templateData?.data?.perFirmNotes ?? {};
    expect(Object.keys(notes)).toEqual([String(a.id)]);
    expect(notes[String(a.id)]).toMatch(/^<p>Alpha note<\/p><img src="x"[^>]*\/>$/);
    expect(notes[String(a.id)]).not.toContain('onerror');
    expect(shown.slug).toBe('best-firms-this-month');
    const draft = await create(values);
    expect(draft.template.perFirmNotes).toEqual(notes);
    expect((await ctx.app.inject(`/api/blog/${draft.slug}`)).statusCode).toBe(404);
    const previewSaved = await call(
      'POST',
      `/api/admin/posts/preview?id=${draft.id}`,
      'admin',
      toInput(draft),
    );
    expect(previewSaved.json()).toMatchObject({ id: draft.id, slug: draft.slug });
    const published = await call('PUT', `/api/admin/posts/${draft.id}`, 'admin', {
      version: 1,
      post: { ...toInput(draft), published: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    const page = (await ctx.app.inject(`/api/blog/${draft.slug}`)).json() as BlogPost;
    expect(page.templateEnabled).toBe(true);
    expect(page.featuredFirms.map((f) => f.slug)).toEqual(['template-beta', 'template-alpha']);
    expect(page.templateData?.data?.introContent).toBe('<p>Intro <em>here</em></p>');
  });
});

describe('quick updates admin', () => {
  const publicTitles = async () =>
    ((await ctx.app.inject('/api/quick-updates')).json() as QuickUpdate[]).map((u) => u.title);

  it('creates, hides, edits over the version and deletes, public at once', async () => {
    expect(await publicTitles()).not.toContain('Payout day moved'); // cached now
    const res = await call('POST', '/api/admin/quick-updates', 'admin', {
      title: 'Payout day moved',
      content: 'Payouts now go out on Fridays.\n<b>Plain text</b>',
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as AdminQuickUpdate;
    expect(await publicTitles()).toContain('Payout day moved');
    const hidden = await call('PUT', `/api/admin/quick-updates/${created.id}`, 'admin', {
      version: 1,
      update: { title: created.title, content: created.content, published: false },
    });
    expect(hidden.json()).toMatchObject({ version: 2, published: false });
    expect(await publicTitles()).not.toContain('Payout day moved');
    const stale = await call('PUT', `/api/admin/quick-updates/${created.id}`, 'admin', {
      version: 1,
      update: { title: 'Lost', content: 'Lost', published: true },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CONFLICT_MESSAGE);
    const list = (await call('GET', '/api/admin/quick-updates?q=payout', 'admin')).json();
    expect(list.updates.map((u: AdminQuickUpdate) => u.title)).toEqual(['Payout day moved']);
    const bad = await call('POST', '/api/admin/quick-updates', 'admin', {
      title: '',
      content: ' ',
      published: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('title: Title is required');
    expect(bad.json().message).toContain('content: Content is required');
    expect(
      (await call('DELETE', `/api/admin/quick-updates/${created.id}?version=1`, 'admin')).statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', `/api/admin/quick-updates/${created.id}?version=2`, 'admin')).statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/admin/quick-updates/${created.id}`, 'admin')).statusCode).toBe(404);
  });
});
