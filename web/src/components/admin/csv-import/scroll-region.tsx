import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** Names the region for screen readers. */
  label: string;
  /** Below this width the content scrolls sideways instead of squeezing (375 px phones). */
  minWidth: number;
  children: ReactNode;
}

/** A sideways-scrolling box that keyboard users can focus and scroll with the arrow keys. */
export function ScrollRegion({ label, minWidth, children }: ScrollRegionProps) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
