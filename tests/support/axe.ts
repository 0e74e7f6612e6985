import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  html: string[];
}

/**
 * Waits until the page shows what it will keep showing: nothing marked busy and no transition or
 * finite animation running. Axe reads colours as drawn at that moment, so text on results being
 * refreshed (dimmed while the next answer loads) or fading back in fails contrast that the page
 * itself meets; on a loaded machine the refresh and the fade last long enough to be caught.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      // runs in the page, where the document lives
      const { document } = globalThis as unknown as {
        document: {
          querySelector(selector: string): unknown;
          getAnimations(): Array<{ playState: string; effect: { getTiming(): { iterations?: number } } | null }>;
        };
      };
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
      return document.querySelector('[aria-busy="true"]') === null && running.length === 0;
    },
    undefined,
    { timeout: 15_000 },
  );
}

/** WCAG 2.2 level A and AA, every version's rules: what the product promises. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core (WCAG 2.2 A and AA rules) on the part of the page `include` selects. The page's
 * context must be opened with `bypassCSP: true`: axe is injected as a script, which the app's
 * strict CSP would refuse. It is injected once per loaded document, so several runs on one page
 * (another width, the other theme) do not parse its 500 KB again.
 */
export async function axeViolations(page: Page, include = 'body'): Promise<AxeViolation[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ selector, tags }) => {
      // runs in the page, where axe-core and the document live
      const scope = globalThis as unknown as {
        axe: {
          run(
            context: unknown,
            options: object,
          ): Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: string[]; html: string }>;
            }>;
          }>;
        };
      };
      const result = await scope.axe.run(
        { include: [selector] },
        {
          runOnly: { type: 'tag', values: tags },
        },
      );
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.flatMap((n) => n.target),
        html: v.nodes.map((n) => n.html),
      }));
    },
    { selector: include, tags: WCAG_AA_TAGS },
  );
}
