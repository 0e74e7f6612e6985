import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { useBrowser, MOBILE, openPage } from './browser.ts';

const PAGES: Array<{ path: string; ready: string }> = [
  { path: '/', ready: 'text=Explore by Scientific Field' },
  { path: '/browse', ready: 'text=/Showing 1-/' },
  // a short first page followed by items matching some of the words
  { path: '/browse?search=climate%20nlp', ready: '[data-testid="partial-fill"]' },
  { path: '/tool/alphafold', ready: 'text=Key Features' },
  { path: '/compare?items=alphafold,rosettafold,esm-esmfold', ready: 'h1' },
  // one unknown item: the page warns about it
  { path: '/compare?items=alphafold,rosettafold,no-such-item', ready: 'text=Some items were not found' },
];

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  const browser = useBrowser();

  for (const { path, ready } of PAGES) {
    for (const [label, options] of [
      ['desktop, light', { colorScheme: 'light' as const }],
      ['phone, dark', { viewport: MOBILE, colorScheme: 'dark' as const }],
    ] as const) {
      it(`${path} has no violations (${label})`, async () => {
        // axe-core is injected as a script, which the app's strict CSP would refuse
        const { page, close } = await openPage(browser(), { ...options, bypassCSP: true });
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
