import { decodeEntities } from '../harvest-item.ts';
import { SourceError } from '../source-fetch.ts';

/**
 * A reader for the arXiv API's Atom feed (info.arxiv.org/help/api/user-manual.html), enough
 * for its fixed shape: entries with their child elements' text and attributes. core has no DOM
 * parser (it runs in Node and in Workers alike), and the feed needs none of XML's other forms.
 */
export interface AtomElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: AtomElement[];
}

const MAX_FEED_BYTES = 64 * 1_048_576;

/** The feed's root with its entries; throws SourceError for anything that is not an Atom feed. */
export function parseAtomFeed(xml: string): AtomElement {
  if (xml.length > MAX_FEED_BYTES) throw new SourceError('The arXiv feed is larger than 64 MB');
  const body = xml
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw new SourceError('The arXiv feed declares a document type');
  const root: AtomElement = { name: '#root', attributes: {}, text: '', children: [] };
  const stack: AtomElement[] = [root];
  const tag =
    /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>/g;
  let last = 0;
  for (let match = tag.exec(body); match !== null; match = tag.exec(body)) {
    const current = stack[stack.length - 1]!;
    current.text += decodeEntities(body.slice(last, match.index));
    last = tag.lastIndex;
    if (match[5] !== undefined) {
      current.text += match[5];
      continue;
    }
    const [, closing, name, attributeText, selfClosing] = match;
    if (closing) {
      if (stack.length < 2 || current.name !== name)
        throw new SourceError(`The arXiv feed is not well formed at </${name}>`);
      stack.pop();
      continue;
    }
    if (stack.length > 64) throw new SourceError('The arXiv feed is nested too deeply');
    const element: AtomElement = {
      name: name!,
      attributes: readAttributes(attributeText ?? ''),
      text: '',
      children: [],
    };
    current.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new SourceError('The arXiv feed ends before its elements are closed');
  const feed = root.children.find((child) => localName(child.name) === 'feed');
  if (!feed) throw new SourceError('The arXiv answer is not an Atom feed');
  return feed;
}

function readAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes[match[1]!] = decodeEntities(match[2] ?? match[3] ?? '');
  }
  return attributes;
}

export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

export function childrenNamed(element: AtomElement, name: string): AtomElement[] {
  return element.children.filter((child) => localName(child.name) === name);
}

export function childText(element: AtomElement, name: string): string | undefined {
  const child = childrenNamed(element, name)[0];
  const text = child?.text.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}
