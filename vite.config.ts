import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const backend = process.env.SCIAI_DEV_BACKEND ?? 'http://127.0.0.1:3000';

/**
 * Builds the SPA in web/ into web/dist, which the gateway serves. `vite dev` proxies the API
 * paths and /config.js to a running `npm start`, so the dev server talks to the same backend.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./web/dist', import.meta.url)),
    emptyOutDir: true,
    // bench/bundle-size.ts reads it to report the JavaScript each route loads
    manifest: true,
    rolldownOptions: {
      output: {
        // React and supabase-js change less often than the app and every page needs them: chunks
        // of their own stay cached across releases. The rest of node_modules (Mantine, icons)
        // goes with the pages that use it, so a route loads only its own components.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'supabase', test: /node_modules[\\/](@supabase)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/rest/v1', '/auth/v1', '/config.js', '/healthz'].map((path) => [path, { target: backend, changeOrigin: false }]),
    ),
  },
});
