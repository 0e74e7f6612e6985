import type { Page } from 'playwright-core';

/** What a keyboard user has focused: its tag, role and name as assistive technology would read them. */
export interface Focused {
  tag: string;
  role: string | null;
  name: string;
  /** Focus is inside a dialog (Mantine's Modal and Drawer, the menus' dropdowns are not dialogs). */
  inDialog: boolean;
}

// Runs in the page, as a string: the tests are type-checked without the DOM library.
const READ_FOCUSED = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const labelledBy = element.getAttribute('aria-labelledby');
  const byIds = labelledBy
    ? labelledBy.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
    : '';
  const labels = element.labels ? [...element.labels].map((label) => label.textContent ?? '').join(' ') : '';
  const name = (element.getAttribute('aria-label') || byIds || labels || element.textContent || '')
    .replace(/\\s+/g, ' ')
    .replace(/\\s*\\*$/, '')
    .trim();
  return {
    tag: element.tagName.toLowerCase(),
    role: element.getAttribute('role'),
    name,
    inDialog: Boolean(element.closest('[role="dialog"]')),
  };
})()`;

export async function focused(page: Page): Promise<Focused | null> {
  return (await page.evaluate(READ_FOCUSED)) as Focused | null;
}

function matches(target: Focused | null, name: string | RegExp, tag?: string): boolean {
  if (!target) return false;
  if (tag && target.tag !== tag) return false;
  return typeof name === 'string' ? target.name === name : name.test(target.name);
}

/**
 * Presses Tab (or `key`: Shift+Tab, an arrow in a menu or tab list) until the focused element has
 * this name, as a keyboard user moves through a page; fails, naming where focus went, when it is
 * not reached within `limit` presses (a trap, a control the key cannot reach, one hidden from the order).
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { tag, limit = 80, key = 'Tab' }: { tag?: string; limit?: number; key?: string } = {},
): Promise<Focused> {
  const visited: string[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (matches(now, name, tag)) return now!;
    visited.push(now ? `${now.tag}:${now.name.slice(0, 40)}` : '(body)');
  }
  throw new Error(`${key} did not reach ${String(name)} in ${limit} presses; focus went ${visited.join(' → ')}`);
}

/** Waits until the focused element has this name (focus moved by the page: a dialog, a new step). */
export async function waitForFocus(page: Page, name: string | RegExp, timeout = 10_000): Promise<Focused> {
  const until = Date.now() + timeout;
  let now = await focused(page);
  while (!matches(now, name)) {
    if (Date.now() > until) throw new Error(`focus is on ${JSON.stringify(now)}, not ${String(name)}`);
    await page.waitForTimeout(50);
    now = await focused(page);
  }
  return now!;
}
