import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
    rollupOptions: { input: 'src/web/entry-client.tsx' },
  },
  ssr: { noExternal: ['radix-ui', /^@radix-ui\//] },
});
