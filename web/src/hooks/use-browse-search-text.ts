import { useEffect, useRef, useState } from 'react';

/** How long typing rests before the URL follows it. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text of a browse search box. Typing updates the box at once and, after a pause, the URL
 * (`commit`, which replaces the history entry); `flush` commits at once (Enter). When the URL
 * changes for another reason (back/forward, a removed chip, Clear All, the nav search), the
 * box shows the URL's value; the echo of the box's own commit is not mistaken for one.
 */
export function useBrowseSearchText(value: string, commit: (text: string) => void) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  // The pause is a timer of its own rather than Mantine's useDebouncedCallback (leading calls,
  // maxWait, flush: none used here), which cost the browse page's first download 0.7 KB gzipped.
  const pending = useRef<number | undefined>(undefined);
  const latestCommit = useRef(commit);

  useEffect(() => {
    latestCommit.current = commit;
  });
  // a commit still waiting when the box goes away is dropped
  useEffect(() => () => window.clearTimeout(pending.current), []);

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  const send = (next: string) => {
    window.clearTimeout(pending.current);
    const trimmed = next.trim();
    committed.current = trimmed;
    latestCommit.current(trimmed);
  };

  return {
    text,
    change(next: string) {
      setText(next);
      window.clearTimeout(pending.current);
      pending.current = window.setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
    },
    flush() {
      send(text);
    },
    clear() {
      setText('');
      send('');
    },
  };
}
