/**
 * Vite config of the Tend web app. `vite` serves it on :5173 and proxies `/api` to the API
 * (TEND_API_URL, default http://127.0.0.1:3000); `vite build` writes `dist/`, which the API serves
 * in production (one process is the whole product). Everything is bundled: nothing loads from a CDN.
 *
 * Dev origin: the API accepts state-changing requests only from its PUBLIC_URL origin (CSRF check and
 * better-auth `trustedOrigins`). The proxy therefore rewrites the Origin of requests that come from
 * this dev server itself to TEND_PUBLIC_URL (default http://localhost:3000, the API's default
 * PUBLIC_URL). Requests from any other origin pass unchanged, so the API still rejects them.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const apiUrl = env.TEND_API_URL ?? 'http://127.0.0.1:3000';
const publicOrigin = new URL(env.TEND_PUBLIC_URL ?? 'http://localhost:3000').origin;
const devPort = 5173;
const devOrigins = new Set([`http://localhost:${devPort}`, `http://127.0.0.1:${devPort}`]);

export default defineConfig({
  plugins: [react()],
  server: {
    port: devPort,
    strictPort: true,
    proxy: {
      '/api': {
        target: apiUrl,
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq, req) => {
            const origin = req.headers.origin;
            if (origin && devOrigins.has(origin)) {
              proxyReq.setHeader('origin', publicOrigin);
              const referer = req.headers.referer;
              if (referer?.startsWith(origin))
                proxyReq.setHeader('referer', publicOrigin + referer.slice(origin.length));
            }
          });
        },
      },
    },
  },
  preview: { port: 4173 },
  // The manifest lets `npm run bench:api` measure the JavaScript a page needs (entry + its lazy chunk + imports).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
});
