import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, MOBILE, openPage } from './browser.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; summary?: string }>;
}

/** Runs axe-core (WCAG 2.1 A and AA rules) in the page and returns what it found. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    // runs in the page, where axe-core and the document live
    const scope = globalThis as unknown as {
      axe: {
        run(
          context: unknown,
          options: object,
        ): Promise<{ violations: Array<Omit<AxeViolation, 'nodes'> & { nodes: Array<{ target: string[]; failureSummary?: string }> }> }>;
      };
      document: unknown;
    };
    const result = await scope.axe.run(scope.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, summary: n.failureSummary })),
    }));
  });
}

const PAGES: Array<{ path: string; ready: string }> = [
  { path: '/', ready: 'text=Explore by Scientific Field' },
  { path: '/browse', ready: 'text=/Showing 1-/' },
  { path: '/tool/alphafold', ready: 'text=Key Features' },
  { path: '/compare?items=alphafold,rosettafold,esm-esmfold', ready: 'h1' },
  // one unknown item: the page warns about it
  { path: '/compare?items=alphafold,rosettafold,no-such-item', ready: 'text=Some items were not found' },
];

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const { path, ready } of PAGES) {
    for (const [label, options] of [
      ['desktop, light', { colorScheme: 'light' as const }],
      ['phone, dark', { viewport: MOBILE, colorScheme: 'dark' as const }],
    ] as const) {
      it(`${path} has no violations (${label})`, async () => {
        // axe-core is injected as a script, which the app's strict CSP would refuse
        const { page, close } = await openPage(browser, { ...options, bypassCSP: true });
        try {
          await page.goto(path);
          await page.locator(ready).first().waitFor({ timeout: 15_000 });
          await page.waitForLoadState('networkidle');
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  }
});
