import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANDING_LEAD } from '@sciai/core';
import { MOBILE, openPage, useBrowser } from './browser.ts';

const browser = useBrowser();

/** Where each line of the landing's lead paragraph is drawn, rounded to the pixel. */
function leadLines(page: Page): Promise<number[][]> {
  return page.getByText(LANDING_LEAD, { exact: true }).evaluate((element) => {
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    return [...range.getClientRects()].map((line) => [line.left, line.top, line.width, line.height].map(Math.round));
  });
}

describe('landing first paint', () => {
  // The gateway's hero is what a phone shows first; the app's render replaces it. Set in another
  // font, the lead rewraps and jumps, and the browser counts the app's copy as a new, later
  // largest paint.
  it("sets the hero's lead on the same lines before and after the app renders, at 375px", async () => {
    const firstPaint = await openPage(browser(), { viewport: MOBILE, javaScriptEnabled: false });
    const app = await openPage(browser(), { viewport: MOBILE });
    try {
      await firstPaint.page.goto('/');
      const before = await leadLines(firstPaint.page);

      await app.page.goto('/');
      // the app's hero: its search field has an id, the server's plain form's has not
      await app.page.locator('#hero-search').waitFor();
      const after = await leadLines(app.page);

      expect(before.length).toBeGreaterThan(1);
      expect(after).toEqual(before);
      expect(app.consoleErrors).toEqual([]);
    } finally {
      await firstPaint.close();
      await app.close();
    }
  });
});
