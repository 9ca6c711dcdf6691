import escapeHtml from 'escape-html';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The site's look in a few rules (colours and type of src/web/styles.css, the header of
 * components/site-nav.tsx), inline: a notice page loads nothing else, so it shows while the
 * database or the built assets are what is failing.
 */
const NOTICE_STYLE = [
  'body{margin:0;background:#f8fafc;color:#0b1220;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}',
  'header{background:#fff;border-bottom:1px solid #e2e8f0}',
  'header a{display:flex;align-items:center;gap:.5rem;max-width:80rem;margin:0 auto;padding:0 1rem;height:4rem;font-size:1.125rem;font-weight:700;letter-spacing:-.025em;color:#0f172a;text-decoration:none}',
  'header span{display:inline-block;width:2rem;height:2rem;border-radius:.5rem;background:linear-gradient(to bottom right,#2f6fed,#1a46ad)}',
  'main{max-width:36rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}',
  'h1{margin:0 0 .75rem;font-size:1.5rem;letter-spacing:-.025em}',
  'p{margin:0 0 1rem;color:#334155}',
  'main a{color:#1f57d6;font-weight:600}',
].join('');

/**
 * A small self-contained HTML page for answers a browser gets outside the React app: an email
 * link's result, an address the server refuses before any page renders, a page while the database
 * is unreachable. Never a stack trace: the text is the answer's message.
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
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title} | Prop Firm Club</title><style>${NOTICE_STYLE}</style></head><body><header><a href="/"><span aria-hidden="true"></span>Prop Firm Club</a></header><main><h1>${title}</h1><p>${escapeHtml(notice.text)}</p><p>${links}</p></main></body></html>`;
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
