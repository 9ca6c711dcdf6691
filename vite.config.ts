import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import Icons from 'unplugin-icons/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Lucide icons (`~icons/lucide/<name>`) compiled at build time into plain React components with
 * their SVG written out: no work per render beyond the elements themselves (decision 0014).
 * Attributes as lucide's own components set them; an icon is hidden from assistive technology
 * unless it is given `aria-hidden={false}` and a label.
 */
export const icons = () =>
  Icons({
    compiler: 'jsx',
    jsx: 'react',
    iconCustomizer: (_collection, _icon, props) => {
      props.width = '24';
      props.height = '24';
      props['aria-hidden'] = 'true';
    },
  });

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    icons(),
    tailwindcss(),
    // .br and .gz beside each browser asset, served by @fastify/static (preCompressed): no compression per request.
    ...(isSsrBuild
      ? []
      : [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })]),
  ],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
    // A page's chunk is fetched with the chunks it imports, so a link does not wait on a waterfall;
    // the entry lists them for every page it can open. The admin pages and the firm console load
    // without that list: their few users (staff, firms' representatives) pay a round trip or two
    // per page opened, and every visitor's first load carries a smaller entry (the first-load
    // JavaScript goal, docs/performance.md).
    modulePreload: {
      resolveDependencies: (filename, deps) =>
        /^assets\/(admin-[a-z-]*page|firm-console-page)-/.test(filename) ? [] : deps,
    },
    rolldownOptions: {
      input: isSsrBuild
        ? // The render threads' entry (decision 0072) and the render entry it imports, which tests and
          // the development server use alone.
          {
            'entry-server': 'src/web/entry-server.tsx',
            'render-worker': 'src/server/render/render-worker.ts',
          }
        : 'src/web/entry-client.tsx',
      // Everything the entry loads statically goes into the entry chunk itself: one file compresses
      // better than the entry plus the small shared chunks (jsx runtime, api, cn) it otherwise gets.
      output: isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'entry-client', tags: ['$initial'] }] } },
    },
  },
  ssr: { noExternal: ['radix-ui', /^@radix-ui\//] },
}));
