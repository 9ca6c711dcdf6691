import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDanger, XSS_CORPUS } from '../../../../tests/fixtures/xss-corpus';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { insertBlogPost, insertFirm, insertQuickUpdate } from '../../db/seed/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

describe('GET /api/blog', () => {
  it('lists published posts only, newest first', async () => {
    await insertBlogPost(ctx.db, { slug: 'older', publishDate: new Date(Date.now() - 2 * DAY) });
    await insertBlogPost(ctx.db, { slug: 'newer', publishDate: new Date(Date.now() - DAY) });
    await insertBlogPost(ctx.db, { slug: 'draft', published: false });
    await insertBlogPost(ctx.db, { slug: 'scheduled', publishDate: new Date(Date.now() + DAY) });
    const res = await ctx.app.inject('/api/blog?published=true');
    expect(res.statusCode).toBe(200);
    const slugs = (res.json() as { slug: string }[]).map((p) => p.slug);
    expect(slugs.indexOf('newer')).toBeLessThan(slugs.indexOf('older'));
    expect(slugs).not.toContain('draft');
    expect(slugs).not.toContain('scheduled');
    // Asking for unpublished posts does not reveal them to visitors.
    const drafts = (await ctx.app.inject('/api/blog?published=false')).json() as { slug: string }[];
    expect(drafts.map((p) => p.slug)).not.toContain('draft');
    expect(res.json()[0]).not.toHaveProperty('content');
    expect((await ctx.app.inject('/api/blog?published=maybe')).statusCode).toBe(400);
  });
});

describe('GET /api/blog/{slug}', () => {
  it('returns a post, and 404 for unknown, draft and scheduled posts', async () => {
    await insertBlogPost(ctx.db, { slug: 'readable', author: null, tags: ['a', 'b'] });
    await insertBlogPost(ctx.db, { slug: 'hidden-draft', published: false });
    await insertBlogPost(ctx.db, { slug: 'hidden-scheduled', publishDate: new Date(Date.now() + DAY) });
    const res = await ctx.app.inject('/api/blog/readable');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'readable', author: null, tags: ['a', 'b'], featuredFirms: [] });
    for (const slug of ['nope', 'hidden-draft', 'hidden-scheduled']) {
      const miss = await ctx.app.inject(`/api/blog/${slug}`);
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toEqual({ message: 'Post not found', code: 'not_found' });
    }
  });

  it('resolves template firms in the chosen order with sanitised notes', async () => {
    const a = await insertFirm(ctx.db, { name: 'Alpha Funded' });
    const b = await insertFirm(ctx.db, { name: 'Beta Capital' });
    await insertBlogPost(ctx.db, {
      slug: 'templated',
      templateEnabled: true,
      templateData: {
        data: {
          selectedFirmIds: [b.id, a.id, 999_999],
          introContent: '<p>Intro</p><script>alert(1)</script>',
          outroContent: '<p onclick="x()">Outro</p>',
          perFirmNotes: { [String(b.id)]: '<b>Best</b><img src=x onerror=alert(1)>' },
        },
      },
    });
    const post = (await ctx.app.inject('/api/blog/templated')).json();
    expect(post.featuredFirms.map((f: { name: string }) => f.name)).toEqual(['Beta Capital', 'Alpha Funded']);
    expect(post.templateData.data.introContent).toBe('<p>Intro</p>');
    expect(post.templateData.data.outroContent).toBe('<p>Outro</p>');
    expect(post.templateData.data.perFirmNotes[String(b.id)]).toBe(
      '<b>Best</b><img src="x" loading="lazy" />',
    );
  });

  it('never serves the XSS corpus in a body, intro, outro or note', async () => {
    for (const [i, payload] of XSS_CORPUS.entries()) {
      await insertBlogPost(ctx.db, {
        slug: `xss-post-${i}`,
        content: `<p>Body</p>${payload}`,
        templateEnabled: true,
        templateData: {
          data: { introContent: payload, outroContent: payload, perFirmNotes: { '1': payload } },
        },
      });
      const post = (await ctx.app.inject(`/api/blog/xss-post-${i}`)).json();
      for (const html of [
        post.content,
        post.templateData.data.introContent,
        post.templateData.data.outroContent,
        post.templateData.data.perFirmNotes['1'],
      ]) {
        expect(findDanger(html), payload).toBeNull();
      }
    }
  });
});

describe('GET /api/quick-updates', () => {
  it('lists published updates only', async () => {
    await insertQuickUpdate(ctx.db, { title: 'Shown update' });
    await insertQuickUpdate(ctx.db, { title: 'Hidden update', published: false });
    const titles = (
      (await ctx.app.inject('/api/quick-updates?published=true')).json() as { title: string }[]
    ).map((u) => u.title);
    expect(titles).toContain('Shown update');
    expect(titles).not.toContain('Hidden update');
  });
});

describe('GET /blog/rss.xml', () => {
  it('is an RSS feed of published posts with escaped titles', async () => {
    await insertBlogPost(ctx.db, { slug: 'feed-post', title: 'Fees & <Rules>' });
    await insertBlogPost(ctx.db, { slug: 'feed-draft', published: false });
    const res = await ctx.app.inject('/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain('<title>Fees &amp; &lt;Rules&gt;</title>');
    expect(res.body).toContain(`${ctx.env.PUBLIC_URL}/blog/feed-post`);
    expect(res.body).not.toContain('feed-draft');
  });
});
