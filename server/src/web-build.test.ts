import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, createLogger } from 'vite';
import { REPO_ROOT } from './config.ts';

/**
 * `npm start` builds the web app when its sources changed (web-build.ts): that build prints
 * nothing but real problems, and the built page still loads /config.js (which the gateway
 * serves, so Vite must leave it alone) before the app starts.
 */
describe('the web app build', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'sciai-web-build-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('warns about nothing and keeps /config.js ahead of the app', { timeout: 120_000 }, async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    await build({
      configFile: join(REPO_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      customLogger: logger,
      build: { outDir, emptyOutDir: true },
    });
    expect(warnings).toEqual([]);

    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const config = html.search(/<script src="\/config\.js" defer\s*>/);
    const boot = html.search(/<script src="\/app-boot\.js" defer\s*>/);
    expect(config).toBeGreaterThan(-1);
    expect(boot).toBeGreaterThan(config);
    // Vite's own marker does not reach the browser (the page's comments may name it).
    expect(html).not.toMatch(/<script[^>]*\svite-ignore/);
  });
});
