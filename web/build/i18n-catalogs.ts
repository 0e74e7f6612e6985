import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;
import { CATALOGS, compileCatalog } from '../../core/src/i18n/catalogs.ts';
import { extractMessages, messageId } from '../../core/src/i18n/extract-messages.ts';
import { LOCALES, type Locale } from '../../core/src/i18n/locales.ts';

/** Where the build writes what the gateway reads to give each page its language's messages. */
export const I18N_PLAN_FILE = 'i18n/plan.json';

/** Per language: the messages every page needs, and each page's own (by its key in routes.tsx). */
export type I18nPlan = Record<Locale, { boot: string; pages: Record<string, string> }>;

/**
 * Gives the app its messages in one language, in parts: the code names each message by a short
 * id instead of its English text (`t('Save')` becomes `t('Ab3dE9xQ')`), and for each language the
 * build writes one file with the messages in the code every page loads (the entry's chunks and
 * those of components it loads on demand, as tree-shaking left them) and one per page
 * (`web/src/pages/…`) with the messages its own chunks add. A page waits for its file as it waits for its code (web/src/routes.tsx);
 * the gateway names the first two in the page's HTML (server/src/gateway/seo/page-language.ts).
 */
/** Each message's id, shared with the worker bundles' builds, which run within the app's. */
const ids = new Map<string, string>();

export function i18nCatalogs(sourceRoots: string[], webSource: string, options: { emit?: boolean } = {}): Plugin {
  const inSource = (id: string) => !id.includes('node_modules') && sourceRoots.some((root) => id.startsWith(root));
  return {
    name: 'sciai-i18n-catalogs',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      if (options.emit !== false) ids.clear();
    },
    transform(code, moduleId) {
      if (!inSource(moduleId) || !/\.tsx?$/.test(moduleId) || /\.test\.tsx?$/.test(moduleId)) return null;
      const found = extractMessages(moduleId, code);
      if (found.length === 0) return null;
      let out = '';
      let at = 0;
      for (const entry of found) {
        const id = messageId(entry.message);
        const earlier = ids.get(id);
        if (earlier !== undefined && earlier !== entry.message)
          this.error(`messages ${JSON.stringify(earlier)} and ${JSON.stringify(entry.message)} have the same id ${id}`);
        ids.set(id, entry.message);
        out += code.slice(at, entry.start) + JSON.stringify(id);
        at = entry.end;
      }
      return { code: out + code.slice(at), map: null };
    },
    generateBundle(_output, bundle) {
      // A worker's bundle names its messages by the same ids and is given the page's (web/src/workers).
      if (options.emit === false) return;
      const isPage = (id: string | null) => !!id && id.startsWith(`${webSource}/pages/`) && /\.tsx$/.test(id);
      const pageKey = (id: string) => relative(webSource, id).replace(/\.tsx$/, '');
      // each page's importer names it by its key (routes.tsx's lazyPage), or it would get no messages
      for (const id of this.getModuleIds()) {
        if (!isPage(id) || !this.getModuleInfo(id)?.dynamicImporters.length) continue;
        const key = pageKey(id);
        const named = (code: string | null | undefined) =>
          !code || code.includes(`'${key}'`) || code.includes(`"${key}"`);
        if (!this.getModuleInfo(id)!.dynamicImporters.some((importer) => named(this.getModuleInfo(importer)?.code)))
          this.error(`${key} is loaded without its messages: name it in lazyPage('${key}', …)`);
      }
      // A chunk needs the messages whose ids are still in its code once unused exports are dropped
      // (a module of core's that a page imports for one function brings that function's messages).
      const chunks = new Map<string, OutputChunk>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
      const messagesInCode = new Map<string, string[]>();
      const idsIn = (code: string) => {
        const found = new Set<string>();
        for (const match of code.matchAll(/["'`]([0-9a-z]{4,12})["'`]/g)) {
          const message = ids.get(match[1]!);
          if (message !== undefined) found.add(message);
        }
        return [...found];
      };
      for (const chunk of chunks.values()) messagesInCode.set(chunk.fileName, idsIn(chunk.code));
      // a worker's messages go with the chunk that starts it (the page gives them to the worker)
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.js')) continue;
        const found = idsIn(String(file.source));
        const name = file.fileName.split('/').pop()!;
        for (const chunk of chunks.values()) {
          if (chunk.code.includes(name)) messagesInCode.get(chunk.fileName)!.push(...found);
        }
      }
      /** A chunk and what it loads before or while it runs: static imports and components on demand. */
      const closure = (start: OutputChunk) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          if (!chunk || seen.has(fileName)) return;
          seen.add(fileName);
          for (const next of chunk.imports) visit(next);
          for (const next of chunk.dynamicImports) if (!isPage(chunks.get(next)?.facadeModuleId ?? null)) visit(next);
        };
        visit(start.fileName);
        return seen;
      };
      const messagesIn = (files: Iterable<string>) =>
        new Set([...files].flatMap((file) => messagesInCode.get(file) ?? []));
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) this.error('no entry chunk');
      const boot = messagesIn(closure(entry));
      const parts = [
        { key: 'boot', messages: [...boot].sort() },
        ...[...chunks.values()]
          .filter((chunk) => chunk.isDynamicEntry && isPage(chunk.facadeModuleId))
          .map((chunk) => ({
            key: pageKey(chunk.facadeModuleId!),
            messages: [...messagesIn(closure(chunk))].filter((message) => !boot.has(message)).sort(),
          }))
          .sort((a, b) => (a.key < b.key ? -1 : 1)),
      ];
      const plan = {} as I18nPlan;
      for (const locale of LOCALES) {
        plan[locale] = { boot: '', pages: {} };
        for (const part of parts) {
          if (part.messages.length === 0 && part.key !== 'boot') continue;
          const source = JSON.stringify(compileCatalog(CATALOGS[locale], part.messages, messageId));
          const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
          const fileName = `assets/i18n/${locale}/${part.key.replaceAll('/', '.')}-${hash}.json`;
          this.emitFile({ type: 'asset', fileName, source });
          if (part.key === 'boot') plan[locale].boot = `/${fileName}`;
          else plan[locale].pages[part.key] = `/${fileName}`;
        }
      }
      this.emitFile({ type: 'asset', fileName: I18N_PLAN_FILE, source: JSON.stringify(plan, null, 1) });
    },
  };
}

/**
 * `vite dev` has no build to split: the app asks for a language's whole catalog, keyed by the
 * English text (web/src/i18n/page-messages.ts), and compiles it in the browser.
 */
export function i18nCatalogsInDev(): Plugin {
  return {
    name: 'sciai-i18n-catalogs-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/i18n\/dev\/(zh|es|ar)\.json$/.exec(request.url ?? '');
        if (!match) return next();
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(JSON.stringify(CATALOGS[match[1] as Locale]));
      });
    },
  };
}
