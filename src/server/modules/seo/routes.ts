import type { Http } from '../../lib/http';
import { listSitemapEntries, renderRobots, renderSitemap } from './service';

export async function seoRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.get(
    '/sitemap.xml',
    {
      schema: { tags: ['seo'], summary: 'Every public page and entity, with lastmod where known' },
      config: { cacheTags: ['firms', 'blog', 'coupons', 'giveaways'] },
    },
    async (_request, reply) => {
      const xml = renderSitemap(await listSitemapEntries(db), app.env.PUBLIC_URL);
      return reply.type('application/xml; charset=utf-8').send(xml);
    },
  );

  app.get('/robots.txt', { schema: { tags: ['seo'] } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderRobots(app.env.PUBLIC_URL)),
  );
}
