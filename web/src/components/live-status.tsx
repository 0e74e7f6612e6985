/**
 * A polite live region for screen readers, kept in the page from the first render: a region
 * inserted together with its text is often not read, while a change of text in one already
 * there is. What it says is shown visibly elsewhere, so the region itself is visually hidden.
 */
export function LiveStatus({ children }: { children: string }) {
  return (
    <div className="visually-hidden" role="status">
      {children}
    </div>
  );
}
