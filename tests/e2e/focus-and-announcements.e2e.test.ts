import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, MOBILE, openPage } from './browser.ts';
import { focused, tabTo, waitForFocus } from './keyboard.ts';

/** docs/product.md#keyboard and #reduced-motion: what a keyboard or screen-reader user relies on. */
const browser = useBrowser();

// Expressions run in the page, as strings: the tests are type-checked without the DOM library.
const FOCUS_OUTLINE = `(() => {
  const style = getComputedStyle(document.activeElement);
  return { width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor };
})()`;
const FOCUSED_BOX = `(() => {
  const box = document.activeElement.getBoundingClientRect();
  const header = document.querySelector('header').getBoundingClientRect();
  const tray = document.querySelector('aside[aria-label="Compare tray"]');
  return {
    top: box.top,
    bottom: box.bottom,
    inMain: Boolean(document.activeElement.closest('main')),
    headerBottom: header.bottom,
    trayTop: tray ? tray.getBoundingClientRect().top : innerHeight,
  };
})()`;
const PAGE_WIDER_THAN_VIEWPORT = 'document.documentElement.scrollWidth > innerWidth';

/** Mantine's blue-9 and blue-3, the ring's colours on the light and dark themes. */
const RING = { light: 'rgb(24, 100, 171)', dark: 'rgb(116, 192, 252)' } as const;

async function firstResults(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /^Showing 1-/ })
    .waitFor();
}

describe('focus', () => {
  it('starts every page with the skip link, which moves focus to the main content', async () => {
    const { page, close } = await openPage(browser());
    try {
      for (const [path, ready] of [
        ['/', 'Explore by Scientific Field'],
        ['/browse', 'Browse AI Tools'],
        ['/accessibility', 'Accessibility statement'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: ready }).first().waitFor();
        // The gateway's first paint is the page's own text with no header to skip; the link
        // comes with the app's shell.
        await page.getByRole('link', { name: 'Skip to main content' }).waitFor({ state: 'attached' });
        await page.keyboard.press('Tab');
        expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Skip to main content' });
        // shown while focused, not clipped off-screen
        const box = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
        expect(box && box.y >= 0 && box.height > 0).toBe(true);
        await page.keyboard.press('Enter');
        expect(await page.evaluate('document.activeElement.id')).toBe('main-content');
      }
    } finally {
      await close();
    }
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`rings the focused control, buttons and text fields alike, in the ${scheme} theme`, async () => {
      const { page, close } = await openPage(browser(), { colorScheme: scheme });
      try {
        await page.goto('/browse');
        await firstResults(page);
        await tabTo(page, 'Toggle theme', { tag: 'button' });
        expect(await page.evaluate(FOCUS_OUTLINE)).toEqual({ width: '2px', style: 'solid', color: RING[scheme] });
        await tabTo(page, 'Search AI tools', { tag: 'input' });
        expect(await page.evaluate(FOCUS_OUTLINE)).toEqual({ width: '2px', style: 'solid', color: RING[scheme] });
      } finally {
        await close();
      }
    });
  }

  it('never leaves the focused control under the sticky header or the compare tray', async () => {
    const { page, close } = await openPage(browser(), { viewport: { width: 1366, height: 700 } });
    try {
      await page.goto('/browse');
      await firstResults(page);
      // one pick shows the tray at the bottom of the window
      await tabTo(page, /^Compare: /, { tag: 'button', limit: 160 });
      await page.keyboard.press('Enter');
      await page.getByRole('complementary', { name: 'Compare tray' }).waitFor();
      let checked = 0;
      for (let press = 0; press < 60; press++) {
        await page.keyboard.press('Tab');
        const box = (await page.evaluate(FOCUSED_BOX)) as {
          top: number;
          bottom: number;
          inMain: boolean;
          headerBottom: number;
          trayTop: number;
        };
        if (!box.inMain) continue;
        checked++;
        expect(box.top).toBeGreaterThanOrEqual(box.headerBottom);
        expect(box.bottom).toBeLessThanOrEqual(box.trayTop);
      }
      expect(checked).toBeGreaterThan(30);
    } finally {
      await close();
    }
  });

  it('moves focus into the quick view, keeps it there, and gives it back to its button on Escape', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse');
      await firstResults(page);
      const opener = await tabTo(page, /^Quick view: /, { tag: 'button' });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect.poll(async () => (await focused(page))?.inDialog).toBe(true);
      // Tab goes round inside the dialog: no way out but closing it
      for (let press = 0; press < 25; press++) {
        await page.keyboard.press('Tab');
        expect((await focused(page))?.inDialog).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await waitForFocus(page, opener.name);
    } finally {
      await close();
    }
  });

  it('does the same for the phone’s menu and filter drawers', async () => {
    const { page, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      await page.goto('/browse');
      await firstResults(page);
      for (const [opener, dialogName] of [
        ['Open menu', 'Menu'],
        [/^Filters/, 'Filters'],
      ] as const) {
        const button = await tabTo(page, opener, { tag: 'button' });
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: dialogName });
        await dialog.waitFor();
        await expect.poll(async () => (await focused(page))?.inDialog).toBe(true);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await waitForFocus(page, button.name);
      }
    } finally {
      await close();
    }
  });
});

describe('announcements', () => {
  it('tells the results count from a status region that was there before it changed', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse');
      const count = page.getByRole('status').filter({ hasText: /^Showing 1-/ });
      await count.waitFor();
      const region = await count.elementHandle();
      const before = await count.textContent();
      await tabTo(page, 'Search AI tools', { tag: 'input' });
      await page.keyboard.type('protein structure');
      await page.keyboard.press('Enter');
      await expect.poll(() => region!.textContent()).not.toBe(before);
      expect(await region!.textContent()).toMatch(/^Showing 1-\d+ of [\d,]+/);
      // the same element: a region replaced with its text would not be read
      expect(await region!.evaluate((element) => element.isConnected)).toBe(true);
    } finally {
      await close();
    }
  });

  it('shows toasts as alerts, read when they appear', async () => {
    const { page, close } = await openPage(browser(), { permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await page.goto('/tool/alphafold');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await tabTo(page, /^Share/, { tag: 'button' });
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Link copied' }).waitFor();
      // the toast did not take focus: the user goes on from the button they pressed
      expect((await focused(page))?.name).toMatch(/^Share/);
    } finally {
      await close();
    }
  });
});

describe('reduced motion', () => {
  it('opens drawers without sliding and stops the page’s own transitions', async () => {
    const transition = (selector: string) =>
      `getComputedStyle(document.querySelector(${JSON.stringify(selector)})).transitionDuration`;
    const drawerDuration = async (page: Page) => {
      await page.goto('/browse');
      await firstResults(page);
      await tabTo(page, 'Open menu', { tag: 'button' });
      await page.keyboard.press('Enter');
      const content = page.locator('.mantine-Drawer-content');
      await content.waitFor();
      const duration = (await page.evaluate(transition('.mantine-Drawer-content'))) as string;
      await page.keyboard.press('Escape');
      return duration;
    };
    const moving = await openPage(browser(), { viewport: MOBILE });
    const still = await openPage(browser(), { viewport: MOBILE, reducedMotion: 'reduce' });
    try {
      // A page that moves, for comparison: the check could not pass by accident.
      expect(Number.parseFloat(await drawerDuration(moving.page))).toBeGreaterThan(0.05);
      expect(Number.parseFloat(await drawerDuration(still.page))).toBeLessThan(0.001);
      expect(Number.parseFloat((await still.page.evaluate(transition('button'))) as string)).toBeLessThan(0.001);
    } finally {
      await moving.close();
      await still.close();
    }
  });
});

describe('reflow', () => {
  for (const path of ['/', '/browse', '/tool/alphafold', '/accessibility']) {
    it(`${path} fits 320 px without sideways scrolling, and 1280 px with text at 200%`, async () => {
      const { page, close } = await openPage(browser(), { viewport: { width: 320, height: 640 } });
      try {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(PAGE_WIDER_THAN_VIEWPORT)).toBe(false);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.evaluate(`document.documentElement.style.fontSize = '200%'`);
        expect(await page.evaluate(PAGE_WIDER_THAN_VIEWPORT)).toBe(false);
      } finally {
        await close();
      }
    });
  }
});
