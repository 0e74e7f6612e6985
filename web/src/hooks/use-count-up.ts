import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from '@mantine/hooks';
import { countAt } from '../lib/count-up.ts';

interface CountUpOptions {
  target: number;
  durationMs: number;
  /** Share of the element that must be visible before counting starts. */
  threshold: number;
}

/**
 * A number that counts from 0 to `target` once the element behind the returned ref scrolls
 * into view. With reduced motion, or without IntersectionObserver, it shows the target at once.
 */
export function useCountUp<T extends HTMLElement>({ target, durationMs, threshold }: CountUpOptions) {
  const ref = useRef<T>(null);
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const [value, setValue] = useState(0);
  const [started, setStarted] = useState(false);
  // Derived, not set in an effect: no frame shows 0 first.
  const showTargetAtOnce = reduceMotion || typeof IntersectionObserver === 'undefined';

  useEffect(() => {
    const element = ref.current;
    if (started || showTargetAtOnce || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setStarted(true);
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [started, showTargetAtOnce, threshold]);

  useEffect(() => {
    if (!started || showTargetAtOnce) return;
    let frame = 0;
    const startedAt = performance.now();
    const tick = (now: number) => {
      const elapsed = now - startedAt;
      setValue(countAt(elapsed, target, durationMs));
      if (elapsed < durationMs) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [started, showTargetAtOnce, target, durationMs]);

  return { ref, value: showTargetAtOnce ? target : value };
}
