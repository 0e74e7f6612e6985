/**
 * Work that no page needs in order to show and answer (the toasts' container, supabase-js's
 * auth): it waits until the first page the visitor opened is on screen, and then for the browser
 * to be idle, so it never delays that page (docs/decisions/0048-catalog-reads-before-auth.md).
 */
let shown = false;
const waiting: Array<() => void> = [];

/** Runs `task` once the first page is shown and the browser is idle (at once if it already was). */
export function afterPageShown(task: () => void): void {
  if (shown) whenIdle(task);
  else waiting.push(task);
}

/** Called by the router once the first page (not its loading placeholder) is committed. */
export function markPageShown(): void {
  if (shown) return;
  shown = true;
  whenIdle(() => {
    for (const task of waiting.splice(0)) task();
  });
}

function whenIdle(task: () => void): void {
  // Safari has no requestIdleCallback; the timeout bounds the wait on a page that never idles
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2_000 });
  else window.setTimeout(task, 200);
}
