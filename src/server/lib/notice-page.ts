import escapeHtml from 'escape-html';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A small self-contained HTML page for answers a browser gets outside the React app: an email
 * link's result, or an address the server refuses before any page renders.
 */
export function sendNoticePage(
  reply: FastifyReply,
  status: number,
  notice: { title: string; text: string; links?: { href: string; label: string }[] },
): FastifyReply {
  const links = [...(notice.links ?? []), { href: '/', label: 'Go to Prop Firm Club' }]
    .map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`)
    .join(' · ');
  const title = escapeHtml(notice.title);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title} | Prop Firm Club</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0b1220"><h1>${title}</h1><p>${escapeHtml(notice.text)}</p><p>${links}</p></body></html>`;
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** A browser asking for a page (not the API, not a script): it should get HTML, not JSON. */
export function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}
