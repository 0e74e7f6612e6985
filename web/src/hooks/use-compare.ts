import { useCallback, useSyncExternalStore } from 'react';
import { notifications } from '@mantine/notifications';
import {
  addToSelection,
  COMPARE_STORAGE_KEY,
  MAX_COMPARE_ITEMS,
  parseStoredSelection,
  removeFromSelection,
  type CompareEntry,
} from '@sciai/core';
import { t } from '../i18n/index.ts';

/**
 * The items picked for comparison, kept in localStorage so they survive page changes and
 * reloads and are the same in every tab. Memory holds the truth when storage is unavailable
 * (private modes, full quota): the picks then last as long as the page.
 */
let current: CompareEntry[] = readStorage();
const listeners = new Set<() => void>();

function readStorage(): CompareEntry[] {
  try {
    return parseStoredSelection(window.localStorage.getItem(COMPARE_STORAGE_KEY));
  } catch {
    return [];
  }
}

function write(next: CompareEntry[]): void {
  current = next;
  try {
    if (next.length === 0) window.localStorage.removeItem(COMPARE_STORAGE_KEY);
    else window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage is optional; see above.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the picks.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== COMPARE_STORAGE_KEY) return;
    current = readStorage();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getSnapshot = () => current;
const getServerSnapshot = (): CompareEntry[] => [];

/** Adds an item, or tells the visitor why not (four already picked). */
export function addToCompare(entry: CompareEntry): boolean {
  const { selection, outcome } = addToSelection(current, entry);
  if (outcome === 'full') {
    notifications.show({
      id: 'compare-full',
      title: t('You can compare up to {max} items', { max: MAX_COMPARE_ITEMS }),
      message: t('Remove one from the compare tray to add another.'),
      color: 'yellow',
    });
    return false;
  }
  if (outcome === 'added') write(selection);
  return true;
}

export function removeFromCompare(slug: string): void {
  if (current.some((item) => item.slug === slug)) write(removeFromSelection(current, slug));
}

export function clearCompare(): void {
  write([]);
}

export interface CompareSelection {
  items: CompareEntry[];
  isSelected(slug: string): boolean;
  /** Adds the item, or removes it when it is picked already. */
  toggle(entry: CompareEntry): void;
  remove(slug: string): void;
  clear(): void;
}

export function useCompare(): CompareSelection {
  const items = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const isSelected = useCallback((slug: string) => items.some((item) => item.slug === slug), [items]);
  const toggle = useCallback(
    (entry: CompareEntry) => {
      if (isSelected(entry.slug)) removeFromCompare(entry.slug);
      else addToCompare(entry);
    },
    [isSelected],
  );
  return { items, isSelected, toggle, remove: removeFromCompare, clear: clearCompare };
}
