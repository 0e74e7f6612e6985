import { LANDING_FIGURE } from '@sciai/core';

/** docs/product.md#landing-counter: the landing counter rises to 82 over 2500 ms once 10% of it is visible. */
export const COUNTER_TARGET = LANDING_FIGURE;
export const COUNTER_DURATION_MS = 2500;
export const COUNTER_VISIBLE_THRESHOLD = 0.1;

/** Fast start, gentle landing: the number settles on its target instead of stopping dead. */
export function easeOutCubic(progress: number): number {
  const clamped = Math.min(1, Math.max(0, progress));
  return 1 - (1 - clamped) ** 3;
}

/** The whole number the counter shows `elapsedMs` after it started. */
export function countAt(elapsedMs: number, target: number, durationMs: number): number {
  if (durationMs <= 0) return target;
  return Math.round(target * easeOutCubic(elapsedMs / durationMs));
}
