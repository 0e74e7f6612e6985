import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const backend = process.env.SCIAI_DEV_BACKEND ?? 'http://127.0.0.1:3000';

/**
 * The built index.html names the app's entry module in a meta tag rather than loading it with a
 * <script type="module">, which would run before the first paint; web/public/app-boot.js imports
 * it once the page's first frame (the gateway's plain-HTML summary) is on screen. The entry's
 * modulepreload links stay, so the download starts as early as before. Its stylesheet (Mantine's,
 * 40 KB compressed) is preloaded rather than linked: it no longer holds the first paint of that
 * summary (index.html's inline base rules style it meanwhile), and app-boot.js starts the app
 * once it has applied.
 */
function startAppAfterFirstPaint(): Plugin {
  return {
    name: 'sciai-start-app-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const match = entry.exec(html);
        if (!match) throw new Error('index.html: the built entry <script type="module"> was not found');
        const styles = /<link rel="stylesheet" crossorigin href="([^"]+)">/;
        if (!styles.test(html)) throw new Error('index.html: the built entry stylesheet <link> was not found');
        return html
          .replace(entry, `<meta name="sciai-app-entry" content="${match[1]}">\n    <link rel="modulepreload" crossorigin href="${match[1]}">`)
          .replace(styles, '<link rel="preload" as="style" crossorigin href="$1" data-sciai-app-styles>');
      },
    },
  };
}

/**
 * Builds the SPA in web/ into web/dist, which the gateway serves. `vite dev` proxies the API
 * paths and /config.js to a running `npm start`, so the dev server talks to the same backend.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react(), startAppAfterFirstPaint()],
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
