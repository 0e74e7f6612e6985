import type { Page } from 'playwright-core';

/**
 * What spills out of the page as it is drawn now: how far the page scrolls sideways, and the
 * elements that stick out past the viewport's right edge (or are cut off inside a box that hides
 * its overflow), each named by a short selector and its text. A table or code block may scroll
 * inside its own box (WCAG 1.4.10 allows it): content within a scrolling box is not counted.
 */
export interface Spill {
  /** Pixels the page scrolls sideways; 0 when it reflows. */
  pageOverflow: number;
  /** Elements wider than the viewport or cut off by a box that hides overflow. */
  culprits: string[];
}

export async function measureSpill(page: Page): Promise<Spill> {
  // two frames: the layout after a viewport or font-size change is drawn
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const frame = (globalThis as unknown as { requestAnimationFrame(callback: () => void): void })
          .requestAnimationFrame;
        frame(() => frame(() => resolve()));
      }),
  );
  return page.evaluate(() => {
    // runs in the page, where the document lives
    interface Box {
      tagName: string;
      id: string;
      className: unknown;
      textContent: string | null;
      scrollWidth: number;
      clientWidth: number;
      scrollHeight: number;
      clientHeight: number;
      parentElement: Box | null;
      getBoundingClientRect(): { left: number; right: number; width: number; height: number };
      querySelectorAll(selector: string): Iterable<Box>;
      closest(selector: string): Box | null;
    }
    interface Style {
      overflowX: string;
      overflowY: string;
      textOverflow: string;
      webkitLineClamp: string;
      position: string;
      clip: string;
      clipPath: string;
      display: string;
      visibility: string;
    }
    const scope = globalThis as unknown as {
      document: { documentElement: Box; body: Box };
      innerWidth: number;
      getComputedStyle(element: Box): Style;
    };
    const { document, innerWidth } = scope;
    const styleOf = (element: Box) => scope.getComputedStyle(element);
    const scrolls = (style: Style) => /auto|scroll/.test(style.overflowX);
    const hides = (style: Style) => /hidden|clip/.test(style.overflowX) || /hidden|clip/.test(style.overflowY);
    const name = (element: Box) => {
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/).filter(Boolean) : [];
      const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('')}`;
      return `${label} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    /** Inside a box that scrolls sideways (a table's) or clips what it holds. */
    const excused = (element: Box) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = styleOf(box);
        // its own box scrolls or clips it: it cannot widen the page (the box itself is checked)
        if (scrolls(style) || hides(style)) return true;
      }
      return false;
    };
    /** Hidden on purpose: visually hidden text for screen readers, or not drawn at all. */
    const invisible = (element: Box) => {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return true;
      for (let box: Box | null = element; box; box = box.parentElement) {
        const style = styleOf(box);
        if (style.visibility === 'hidden' || style.display === 'none') return true;
        if (style.clip !== 'auto' && style.position === 'absolute') return true;
        if (style.clipPath !== 'none') return true;
      }
      return false;
    };
    const root = document.documentElement;
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (culprits.length >= 8) break;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      const style = styleOf(element);
      // out of the viewport sideways, and not in something that scrolls its own content
      // hidden or not, a box past the edge makes the page scroll (a chart's hidden tooltip did)
      if ((rect.right > innerWidth + 1 || rect.left < -1) && rect.width > 1 && !excused(element)) {
        culprits.push(`past the edge: ${name(element)}`);
        continue;
      }
      // text cut off by its own box, unless shortened on purpose with an ellipsis or a line clamp
      const cutOff =
        hides(style) &&
        !scrolls(style) &&
        // a few pixels of height are glyphs trimmed to their cap height (text-box-trim), not lost text
        (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 4);
      const shortened =
        style.textOverflow === 'ellipsis' || (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '');
      // a drawing hidden from assistive technology (a chart) says what it shows in text elsewhere
      const drawing = element.closest('[aria-hidden="true"]') !== null;
      if (cutOff && !shortened && !drawing && (element.textContent ?? '').trim() && !invisible(element)) {
        culprits.push(`cut off: ${name(element)}`);
      }
    }
    return { pageOverflow: Math.max(0, root.scrollWidth - root.clientWidth), culprits };
  });
}
