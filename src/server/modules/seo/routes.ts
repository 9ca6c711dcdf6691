import type { Http } from '../../lib/http';
import { textResponse } from '../../lib/openapi';
import { listSitemapEntries, renderRobots, renderSitemap } from './service';

export async function seoRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.get(
    '/sitemap.xml',
    {
      schema: {
        operationId: 'getSitemap',
        tags: ['seo'],
        summary: 'Every public page and entity, with lastmod where known',
        response: { 200: textResponse('application/xml', 'The sitemap (sitemaps.org XML).') },
      },
      config: { cacheTags: ['firms', 'blog', 'coupons', 'giveaways'] },
    },
    async (_request, reply) => {
      const xml = renderSitemap(await listSitemapEntries(db), app.env.PUBLIC_URL);
      return reply.type('application/xml; charset=utf-8').send(xml);
    },
  );

  app.get(
    '/robots.txt',
    {
      schema: {
        operationId: 'getRobots',
        summary: 'The crawler rules and the sitemap address',
        tags: ['seo'],
        response: { 200: textResponse('text/plain', 'The robots.txt rules.') },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(renderRobots(app.env.PUBLIC_URL)),
  );
}
