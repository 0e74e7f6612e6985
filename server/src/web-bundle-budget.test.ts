import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../tests/support/web-app-build.ts';
import { REPO_ROOT } from './config.ts';
import { webBuildIsCurrent } from './web-build-sources.ts';
import { LOCALES } from '@sciai/core';
import { gzippedBytes, messagesBytes, namedChunkKey, pageDownload, readBuildManifest } from './web-bundle.ts';

/**
 * The most JavaScript, gzipped, that a visitor without a session may load before /browse is
 * interactive (docs/decisions/0093-browse-budget-without-stand-ins.md): the entry, the browse
 * page's chunk and their static imports, the chunks named in BROWSE_WAITS_FOR, and the page's
 * messages in one language, whichever weighs most (docs/decisions/0092-interface-languages.md).
 */
const BROWSE_BUDGET_KB = 160;

/** The browse page's chunk in the build manifest. */
const BROWSE_PAGE = 'src/pages/browse-page.tsx';

/**
 * Chunks a visitor's /browse waits for beside its static imports, by the names vite.config.ts
 * gives them: supabase-js's PostgREST client, for the catalog's reads.
 */
const BROWSE_WAITS_FOR = ['postgrest'];

/**
 * The build measured is web/dist when `npm test` has just made it (tests/build-web-app.ts) and
 * no source changed since; otherwise one of the test's own.
 */
describe('the browse page download budget', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'sciai-web-bundle-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it(
    `loads at most ${BROWSE_BUDGET_KB} KB of gzipped JavaScript before /browse is interactive, in every language`,
    {
      timeout: 120_000,
    },
    async () => {
      let dist = join(REPO_ROOT, 'web/dist');
      if (!webBuildIsCurrent()) {
        await buildWebApp({ outDir, logLevel: 'warn' });
        dist = outDir;
      }
      const manifest = readBuildManifest(dist);
      if (!manifest) throw new Error(`no build manifest in ${dist}`);
      const download = pageDownload(manifest, BROWSE_PAGE, BROWSE_WAITS_FOR);
      // what is measured holds the page itself, React and the reads' client, not a part of them
      for (const key of [BROWSE_PAGE, namedChunkKey(manifest, 'react'), namedChunkKey(manifest, 'postgrest')]) {
        expect(download).toContain(key);
      }
      const sizes = gzippedBytes(dist, manifest, download);
      const messages = Math.max(...LOCALES.map((locale) => messagesBytes(dist, locale, 'pages/browse-page')));
      expect(messages).toBeGreaterThan(0);
      sizes.set('the messages in the heaviest language', messages);
      const kb = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
      const largest = [...sizes]
        .sort(([, a], [, b]) => b - a)
        .slice(0, 8)
        .map(([key, bytes]) => `${(bytes / 1024).toFixed(1)} KB ${key}`);
      expect(kb, `${kb.toFixed(1)} KB in ${sizes.size} files; the largest: ${largest.join(', ')}`).toBeLessThanOrEqual(
        BROWSE_BUDGET_KB,
      );
    },
  );
});
