import { useEffect, useRef, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';

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

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  const send = (next: string) => {
    const trimmed = next.trim();
    committed.current = trimmed;
    commit(trimmed);
  };
  const debounced = useDebouncedCallback(send, SEARCH_DEBOUNCE_MS);

  return {
    text,
    change(next: string) {
      setText(next);
      debounced(next);
    },
    flush() {
      debounced.cancel();
      send(text);
    },
    clear() {
      debounced.cancel();
      setText('');
      send('');
    },
  };
}
