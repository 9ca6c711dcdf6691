import escapeHtml from 'escape-html';
import type { Head, RenderRequest, RenderResult } from '../../domain/render';

/** JSON text inside a <script> element: `<` is escaped so no value can close the element. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const serializeJson = (value: unknown) => scriptSafe(JSON.stringify(value));

/** Stands for the response's CSP nonce in development documents (Vite's inline preamble needs one). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export interface DocumentAssets {
  /** Tags placed in <head> (stylesheets, module preloads; in development Vite's scripts, nonce placeholders). */
  head: string;
  /** The entry module script. */
  entry: string;
  /**
   * `<link rel="modulepreload">` tags for each page module's chunk and the chunks it imports that the
   * entry does not, by module source path.
   */
  pagePreloads: Record<string, string>;
}

/**
 * The whole HTML document. In production it holds no per-response value, so it can be cached as
 * bytes.
 */
export function renderDocument(input: {
  head: Head;
  publicUrl: string;
  appHtml: string;
  /** JSON text of the state the browser reads before hydrating. */
  stateJson: string;
  /** Source path of the page's module, whose chunks are preloaded. */
  pageModule?: string;
  assets: DocumentAssets;
}): string {
  const { head, publicUrl } = input;
  const canonical = new URL(head.canonicalPath, publicUrl).toString();
  const image = head.image
    ? new URL(head.image, publicUrl).toString()
    : new URL('/og-default.png', publicUrl).toString();
  const meta = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:site_name" content="Prop Firm Club">`,
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    ...(head.links ?? []).map(
      (l) =>
        `<link rel="${escapeHtml(l.rel)}" href="${escapeHtml(l.href)}"${l.type ? ` type="${escapeHtml(l.type)}"` : ''}${l.title ? ` title="${escapeHtml(l.title)}"` : ''}>`,
    ),
    ...(head.jsonLd ?? []).map((d) => `<script type="application/ld+json">${serializeJson(d)}</script>`),
  ].join('\n    ');
  // What the first paint waits for (the stylesheet) and the module preloads come first in <head>,
  // ahead of the meta tags and the structured data, so the browser asks for them sooner.
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    ${input.assets.head}${input.pageModule ? (input.assets.pagePreloads[input.pageModule] ?? '') : ''}
    <meta name="theme-color" content="#0b1220">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${meta}
  </head>
  <body>
    <div id="root">${input.appHtml}</div>
    <script type="application/json" id="__STATE__">${scriptSafe(input.stateJson)}</script>
    ${input.assets.entry}
  </body>
</html>`;
}

/** A rendered page as the server sends it: the render's outcome and the whole document's bytes. */
export interface PageDocument
  extends Pick<RenderResult, 'status' | 'redirect' | 'tags' | 'pageModule' | 'missingData'> {
  /** UTF-8 bytes of the document, in a buffer of their own (a render thread hands it over). */
  body: Uint8Array;
}

const utf8 = new TextEncoder();

/**
 * Renders a page and writes its document. `nonce` (development only) takes the place of the
 * placeholder Vite's inline scripts carry.
 */
export async function renderPageDocument(
  render: (request: RenderRequest) => Promise<RenderResult>,
  request: RenderRequest,
  assets: DocumentAssets,
  nonce?: string,
): Promise<PageDocument> {
  const { html, head, stateJson, ...result } = await render(request);
  if (result.redirect) return { ...result, body: new Uint8Array(0) };
  let document = renderDocument({
    head,
    publicUrl: request.config.publicUrl,
    appHtml: html,
    stateJson,
    pageModule: result.pageModule,
    assets,
  });
  if (nonce) document = document.replaceAll(NONCE_PLACEHOLDER, nonce);
  return { ...result, body: utf8.encode(document) };
}
