import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { t } from '@sciai/core';

/** `<0>…</0>` wraps text in the first component, `<0/>` puts it in place (Lingui's notation). */
const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g;

function withElements(text: string, components: Record<string, ReactElement>, keyPrefix: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > at) nodes.push(text.slice(at, match.index));
    const element = components[match[1] ?? match[3]!];
    const key = `${keyPrefix}${nodes.length}`;
    const inner = match[2];
    if (!element) nodes.push(inner ?? '');
    else if (inner === undefined) nodes.push(cloneElement(element, { key }));
    else nodes.push(cloneElement(element, { key }, ...withElements(inner, components, `${key}.`)));
    at = match.index + match[0].length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

/**
 * A message with markup: `<Trans id="Read the <0>guide</0> first." components={{ 0: <Anchor href="…" /> }} />`.
 * The translation places the tags where its language puts the words; the components keep their
 * props and get the words as children.
 */
export function Trans({
  id,
  values,
  components = {},
}: {
  id: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  return <>{withElements(t(id, values), components, '')}</>;
}
