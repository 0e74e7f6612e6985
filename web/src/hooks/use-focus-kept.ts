import { useEffect, useRef, type RefObject } from 'react';

/**
 * A panel whose content a step replaces (the control just pressed is gone with it) takes focus
 * when `step` changes and focus fell to the page's body: a keyboard user goes on from the panel
 * instead of from the top of the page. Focus that is still somewhere is left where it is.
 * The panel needs tabIndex={-1}.
 */
export function useFocusKept<T extends HTMLElement>(step: string): RefObject<T | null> {
  const ref = useRef<T>(null);
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) ref.current?.focus({ preventScroll: false });
  }, [step]);
  return ref;
}
