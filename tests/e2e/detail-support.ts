import type { Browser, Page } from 'playwright-core';
import { openPage } from './browser.ts';

/** Helpers shared by the detail-page e2e files (one file per section). */

/** The browser profile's options (viewport, user agent). */
export type DetailOptions = Parameters<typeof openPage>[1];

/** Records every CSP violation the page reports (the event fires even when nothing is logged). */
const WATCH_CSP = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
`;
/**
 * Violations other than zod's feature probe: zod tries `Function('')` once to learn whether it
 * may compile parsers, catches the refusal and parses without; the CSP is doing its job there.
 */
export const cspViolations = async (page: Page) =>
  ((await page.evaluate('window.__cspViolations')) as string[]).filter((violation) => violation !== 'script-src eval');

/** The cards of a detail page, by their headings. */
export async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('section h2').allTextContents();
}

/** A card's label → value rows. */
export async function facts(page: Page, card: string): Promise<Record<string, string>> {
  const region = page.getByRole('region', { name: card, exact: true });
  const labels = await region.locator('dt').allTextContents();
  const values = await region.locator('dd').allTextContents();
  return Object.fromEntries(labels.map((label, i) => [label, values[i]!]));
}

/** A detail page in a fresh browser profile, once the app has replaced the server's summary; CSP violations recorded. */
export async function openDetail(browser: Browser, path: string, options: DetailOptions = {}) {
  const opened = await openPage(browser, options);
  await opened.page.addInitScript(WATCH_CSP);
  const response = await opened.page.goto(path);
  // The server's plain summary (same h1) shows until the app's first render replaces it.
  await opened.page.locator('#root > article').waitFor({ state: 'detached' });
  return { ...opened, response };
}
