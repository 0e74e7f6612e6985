import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebApp, recordedWebAppBuild } from '../../tests/support/web-app-build.ts';

/**
 * `npm start` builds the web app when its sources changed (web-build.ts): that build prints
 * nothing but real problems, and the built page still loads /config.js (which the gateway
 * serves, so Vite must leave it alone) before the app starts.
 *
 * The build checked is web/dist's when `npm test` has just made it (and kept its warnings) and
 * no source changed since; otherwise one of the test's own.
 */
describe('the web app build', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'sciai-web-build-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('warns about nothing and keeps /config.js ahead of the app', { timeout: 120_000 }, async () => {
    const built = recordedWebAppBuild() ?? {
      warnings: await buildWebApp({ outDir, logLevel: 'warn' }),
      html: readFileSync(join(outDir, 'index.html'), 'utf8'),
    };
    expect(built.warnings).toEqual([]);

    const { html } = built;
    const config = html.search(/<script src="\/config\.js" defer\s*>/);
    const boot = html.search(/<script src="\/app-boot\.js" defer\s*>/);
    expect(config).toBeGreaterThan(-1);
    expect(boot).toBeGreaterThan(config);
    // Vite's own marker does not reach the browser (the page's comments may name it).
    expect(html).not.toMatch(/<script[^>]*\svite-ignore/);
  });
});
