import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import type { Plugin } from 'vite';
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
 * build writes one file with the messages of the modules every page loads (the entry's and those
 * of components it loads on demand) and one per page (`web/src/pages/…`) with the messages its
 * own modules add. A page waits for its file as it waits for its code (web/src/routes.tsx);
 * the gateway names the first two in the page's HTML (server/src/gateway/i18n-plan.ts).
 */
export function i18nCatalogs(sourceRoots: string[], webSource: string, options: { emit?: boolean } = {}): Plugin {
  const messagesOf = new Map<string, string[]>();
  const ids = new Map<string, string>();
  const inSource = (id: string) => !id.includes('node_modules') && sourceRoots.some((root) => id.startsWith(root));
  return {
    name: 'sciai-i18n-catalogs',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      messagesOf.clear();
      ids.clear();
    },
    transform(code, moduleId) {
      if (!inSource(moduleId) || !/\.tsx?$/.test(moduleId) || /\.test\.tsx?$/.test(moduleId)) return null;
      const found = extractMessages(moduleId, code);
      if (found.length === 0) return null;
      messagesOf.set(moduleId, [...new Set(found.map((entry) => entry.message))]);
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
    generateBundle() {
      // A worker's bundle names its messages by the same ids and is given the page's (web/src/workers).
      if (options.emit === false) return;
      const isPage = (id: string) => id.startsWith(`${webSource}/pages/`) && /\.tsx$/.test(id);
      const closure = (start: string, stop: Set<string> = new Set()) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || stop.has(id)) return;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (!info) return;
          for (const next of info.importedIds) visit(next);
          for (const next of info.dynamicallyImportedIds) if (!isPage(next)) visit(next);
        };
        visit(start);
        return seen;
      };
      const moduleIds = [...this.getModuleIds()];
      const entry = moduleIds.find((id) => this.getModuleInfo(id)?.isEntry);
      if (!entry) this.error('no entry module');
      const boot = closure(entry);
      const pages = new Set(
        moduleIds.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds.filter(isPage) ?? []),
      );
      // each page's importer names it by its key (routes.tsx's lazyPage), or it would get no messages
      for (const page of pages) {
        const key = relative(webSource, page).replace(/\.tsx$/, '');
        const importers = this.getModuleInfo(page)?.dynamicImporters ?? [];
        if (!importers.some((importer) => this.getModuleInfo(importer)?.code?.includes(`'${key}'`)))
          this.error(`${key} is loaded without its messages: name it in lazyPage('${key}', …)`);
      }
      const messagesIn = (modules: Iterable<string>) =>
        [...new Set([...modules].flatMap((id) => messagesOf.get(id) ?? []))].sort();
      const parts = [
        { key: 'boot', messages: messagesIn(boot) },
        ...[...pages].sort().map((page) => ({
          key: relative(webSource, page).replace(/\.tsx$/, ''),
          messages: messagesIn(closure(page, boot)),
        })),
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
