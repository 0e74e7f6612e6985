import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nCatalogs, i18nCatalogsInDev } from './web/build/i18n-catalogs.ts';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const backend = process.env.SCIAI_DEV_BACKEND ?? 'http://127.0.0.1:3000';

/**
 * The built index.html names the app's entry module in a meta tag rather than loading it with a
 * <script type="module">, which would run before the first paint; web/public/app-boot.js imports
 * it once the page's first frame (the gateway's plain-HTML text) is on screen. The same tag lists
 * the entry's static imports and its stylesheet (Mantine's), which Vite would link in the head:
 * app-boot.js requests them all at once when that frame is shown, so on a slow connection they
 * do not share the bandwidth with what the first paint needs (theme-init.js, the page itself),
 * and no part of the app counts among what that paint waited for.
 */
function startAppAfterFirstPaint(): Plugin {
  return {
    name: 'sciai-start-app-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const entryMatch = entry.exec(html);
        if (!entryMatch) throw new Error('index.html: the built entry <script type="module"> was not found');
        const styles = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/;
        const stylesMatch = styles.exec(html);
        if (!stylesMatch) throw new Error('index.html: the built entry stylesheet <link> was not found');
        const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const modules = [...html.matchAll(preload)].map((match) => match[1]);
        const meta = `\n    <meta name="sciai-app-entry" content="${entryMatch[1]}" data-modules="${modules.join(' ')}" data-styles="${stylesMatch[1]}">`;
        return html.replace(preload, '').replace(styles, '').replace(entry, meta);
      },
    },
  };
}

/**
 * web/src/styles/mantine-core.css imports the stylesheets of the Mantine components the app
 * uses, not Mantine's whole styles.css. This fails the build when the app's code names a class
 * of Mantine's stylesheet (a component newly used, or one a component now renders inside) that
 * no emitted stylesheet defines, so nothing ships unstyled.
 */
function mantineStylesComplete(): Plugin {
  const mantineClass = /\bm_[0-9a-f]{8}\b/g;
  const fullSheet = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');
  const mantineClasses = new Set(fullSheet.match(mantineClass));
  return {
    name: 'sciai-mantine-styles-complete',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const css = files
        .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
        .map((file) => (file.type === 'asset' ? String(file.source) : ''))
        .join('\n');
      const defined = new Set(css.match(mantineClass));
      const missing = new Set<string>();
      for (const file of files) {
        if (file.type !== 'chunk') continue;
        for (const name of file.code.match(mantineClass) ?? []) {
          if (mantineClasses.has(name) && !defined.has(name)) missing.add(name);
        }
      }
      if (missing.size > 0) {
        const sources = [...missing].map((name) => `${name} (${mantineFileDefining(name) ?? '?'})`);
        this.error(
          `web/src/styles/mantine-core.css lacks the stylesheet of Mantine classes the app uses: ${sources.join(', ')}`,
        );
      }
    },
  };
}

/** Which @mantine/core/styles/*.css file defines a class, for the build error above. */
function mantineFileDefining(name: string): string | undefined {
  const require = createRequire(import.meta.url);
  const dir = require.resolve('@mantine/core/styles.css').replace(/styles\.css$/, 'styles/');
  const candidates = readdirSync(dir).filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'));
  return candidates.find((file) => readFileSync(dir + file, 'utf8').includes(`.${name}`));
}

/**
 * What each dynamic import's preload list may leave out, learned from the bundle before Vite
 * writes those lists (its own generateBundle): the files the entry imports statically (React, the
 * runtime, the entry itself), which every page has loaded before it imports anything, and the
 * imports of lazy components (menus, the compare tray, toasts, quick view, the browse page's
 * deferred controls): their lists named some fifty files in the entry and the browse chunk
 * (docs/decisions/0058-browse-first-download.md). A page keeps its list, so its modules and
 * stylesheets load together; a component's chunk brings its imports itself, and a stylesheet's
 * link stays in any list (Vite adds those after this filter).
 */
const preloadPlan = { loaded: new Set<string>(), components: new Set<string>() };

function planPreloads(): Plugin {
  return {
    name: 'sciai-plan-preloads',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        preloadPlan.loaded.clear();
        preloadPlan.components.clear();
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const visit = (fileName: string) => {
          if (preloadPlan.loaded.has(fileName)) return;
          preloadPlan.loaded.add(fileName);
          for (const dependency of byName.get(fileName)?.imports ?? []) visit(dependency);
        };
        const component = /[\\/]web[\\/]src[\\/](components|security)[\\/]/;
        // The browse page's filter panel is asked for as the page first renders (on a wide screen):
        // like a page's, its modules load together rather than one import after another.
        const loadedAsPageRenders = /[\\/]components[\\/]browse[\\/]filter-panel\.tsx$/;
        const lazyComponent = (id: string) =>
          component.test(id) && (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
        for (const chunk of chunks) {
          if (chunk.isEntry) visit(chunk.fileName);
          // A lazy component that a page also imports statically (the quick view: the library
          // shows it) is in a shared chunk, not one of its own; its list named 38 files on /browse.
          const sharedLazyComponent = !chunk.isEntry && !chunk.isDynamicEntry && chunk.moduleIds.some(lazyComponent);
          const facade = chunk.facadeModuleId ?? '';
          if (
            (chunk.isDynamicEntry && component.test(facade) && !loadedAsPageRenders.test(facade)) ||
            sharedLazyComponent
          ) {
            preloadPlan.components.add(chunk.fileName);
          }
        }
      },
    },
  };
}

/** The chunks vite.config.ts's groups name (and rolldown's runtime), whose files keep their names. */
const NAMED_CHUNKS = new Set(['react', 'postgrest', 'supabase', 'app', 'rolldown-runtime']);

/**
 * Builds the SPA in web/ into web/dist, which the gateway serves. `vite dev` proxies the API
 * paths and /config.js to a running `npm start`, so the dev server talks to the same backend.
 */
export default defineConfig({
  root: webRoot,
  plugins: [
    i18nCatalogs(
      [webRoot, fileURLToPath(new URL('./core/src', import.meta.url))],
      fileURLToPath(new URL('./web/src', import.meta.url)),
    ),
    i18nCatalogsInDev(),
    react(),
    startAppAfterFirstPaint(),
    mantineStylesComplete(),
    planPreloads(),
  ],
  worker: {
    plugins: () => [
      i18nCatalogs(
        [webRoot, fileURLToPath(new URL('./core/src', import.meta.url))],
        fileURLToPath(new URL('./web/src', import.meta.url)),
        { emit: false },
      ),
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./web/dist', import.meta.url)),
    emptyOutDir: true,
    // bench/bundle-size.ts reads it to report the JavaScript each route loads
    manifest: true,
    // No polyfill for <link rel="modulepreload"> in the entry: a browser without it (Safari
    // before 17, Firefox before 115) still runs the app and fetches each module when it is
    // imported, only without the head start (docs/decisions/0058-browse-first-download.md).
    modulePreload: {
      polyfill: false,
      // A page's files, less what the entry already loaded; a lazy component's, none (above).
      resolveDependencies: (fileName, dependencies) =>
        process.env.SCIAI_PRELOAD_ALL
          ? dependencies
          : preloadPlan.components.has(fileName)
            ? []
            : dependencies.filter((file) => !preloadPlan.loaded.has(file)),
    },
    rolldownOptions: {
      output: {
        // A lazy chunk's name is its hash alone: every chunk's import list and the entry's preload
        // lists (one per lazy page or component, some 150 files in all) spell out these names,
        // and 'create-scoped-keydown-handler-BNvoN0m4.js' cost 1.7 KB gzipped on the browse page
        // (0058). The named groups below keep their names (bench/bundle-size.ts finds them so).
        chunkFileNames: (chunk) => (NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/c-[hash:7].js'),
        // React and supabase-js change less often than the app and every page needs them: chunks
        // of their own stay cached across releases. The rest of node_modules (Mantine, icons)
        // goes with the pages that use it, so a route loads only its own components.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            // supabase-js's PostgREST client alone: the catalog's reads before the rest of it loads
            // (web/src/data/supabase-client.ts), and part of the full client afterwards.
            { name: 'postgrest', test: /node_modules[\\/]@supabase[\\/]postgrest-js[\\/]/, priority: 3 },
            { name: 'supabase', test: /node_modules[\\/](@supabase)[\\/]/, priority: 2 },
            // Everything else the entry imports statically, in one file. Left to itself the bundler
            // cut it into some twenty files by which lazy pages share each module (Mantine's base,
            // Button, Loader, Transition, core's helpers...), though every page loads them all
            // first anyway: each file costs its own gzip window, import and export lists and an
            // entry in every preload list, about 8 KB gzipped in all on every page (0058).
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/rest/v1', '/auth/v1', '/config.js', '/healthz'].map((path) => [
        path,
        { target: backend, changeOrigin: false },
      ]),
    ),
  },
});
