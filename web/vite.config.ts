import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/**
 * The public site and staff portals (DESIGN section 2, "Web"). Built into
 * web/dist, which CloudFront/S3 and the local stack serve with SPA fallback.
 * In dev and preview, /api and /ws go to the local gateway (PORT 3000 unless
 * API_ORIGIN says otherwise).
 */
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiOrigin, changeOrigin: false },
  '/ws': { target: apiOrigin.replace(/^http/, 'ws'), ws: true },
};

export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [react()],
  // the path aliases of tsconfig.json
  resolve: { alias: { '@shared': `${repoRoot}shared`, '@web': `${webRoot}src` } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // Every browser that runs this bundle supports modulepreload natively.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // scripts named by their hash alone: the entry lists every lazy chunk's file for its preload, and the
    // names in those paths cost the home page ~300 gzipped bytes of its 90 KB (DESIGN section 9)
    rollupOptions: { output: { entryFileNames: 'assets/[hash].js', chunkFileNames: 'assets/[hash].js' } },
  },
  server: {
    proxy,
    // web/src imports the repository's shared/ modules (messages, money, phone).
    fs: { allow: [repoRoot] },
  },
  preview: { proxy },
});
