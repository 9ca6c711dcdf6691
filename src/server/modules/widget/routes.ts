import { z } from 'zod';
import type { Http } from '../../lib/http';
import { textResponse } from '../../lib/openapi';
import { getWidgetFirm, renderWidgetHtml, WIDGET_CSS } from './service';

const NOT_FOUND_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Firm not found</title></head>
<body><p>This firm is not listed on Prop Firm Club.</p></body></html>`;

export async function widgetRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.get(
    '/widget/firm/:firmId',
    {
      schema: {
        operationId: 'getFirmWidget',
        tags: ['widget'],
        summary: 'An embeddable HTML card of a listed firm (may be framed by any site)',
        params: z.object({ firmId: z.string().max(20) }),
        response: {
          200: textResponse('text/html', 'The card, a complete HTML page.'),
          404: textResponse('text/html', 'A "not found" page: no listed firm has this id.'),
        },
      },
      config: { cacheTags: ['firms', 'reviews', 'coupons'] },
    },
    async (request, reply) => {
      const { firmId } = request.params;
      const firm = /^\d{1,9}$/.test(firmId) ? await getWidgetFirm(db, Number(firmId)) : null;
      reply.type('text/html; charset=utf-8');
      if (!firm) return reply.status(404).header('cache-control', 'no-store').send(NOT_FOUND_HTML);
      return reply
        .header('cache-control', 'public, max-age=300')
        .send(renderWidgetHtml(firm, app.env.PUBLIC_URL));
    },
  );

  app.get('/widget/widget.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(WIDGET_CSS),
  );
}
