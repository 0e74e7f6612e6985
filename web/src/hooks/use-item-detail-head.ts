import { useEffect } from 'react';
import { t } from '../i18n/index.ts';

/** The tags a detail page puts in <head>; the gateway writes the same ones into the first HTML. */
export interface ItemHead {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  ogType: 'website' | 'article';
  jsonLd?: unknown;
  noindex?: boolean;
}

const siteDescription = () =>
  t(
    'SciAI helps scientists find, compare and adopt AI tools for research: software, papers, companies and AI agents, organised by scientific field.',
  );

/**
 * Keeps <head> in step with the page shown: title, description, Open Graph, Twitter, canonical
 * and JSON-LD. Tags the gateway wrote are updated in place (never duplicated); on leaving the
 * page, the item's tags go and the site description comes back.
 */
export function useItemDetailHead(head: ItemHead | undefined): void {
  const key = head ? JSON.stringify(head) : '';
  useEffect(() => {
    if (!key) return;
    const tags = JSON.parse(key) as ItemHead;
    document.title = tags.title;
    setMeta('name', 'description', tags.description);
    setLink('canonical', tags.canonical);
    setMeta('property', 'og:site_name', 'SciAI');
    setMeta('property', 'og:type', tags.ogType);
    setMeta('property', 'og:title', tags.title);
    setMeta('property', 'og:description', tags.description);
    setMeta('property', 'og:url', tags.canonical);
    setMeta('name', 'twitter:card', 'summary');
    setMeta('name', 'twitter:title', tags.title);
    setMeta('name', 'twitter:description', tags.description);
    if (tags.noindex) setMeta('name', 'robots', 'noindex');
    else removeAll('meta[name="robots"]');
    if (tags.jsonLd === undefined) removeAll('script[type="application/ld+json"]');
    else setJsonLd(tags.jsonLd);
    return () => {
      setMeta('name', 'description', siteDescription());
      removeAll(
        'link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"], meta[name="robots"], script[type="application/ld+json"]',
      );
    };
  }, [key]);
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setLink(rel: string, href: string): void {
  let element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    document.head.append(element);
  }
  element.href = href;
}

/** A data block, never executed, so the CSP's script-src does not apply. */
function setJsonLd(data: unknown): void {
  let element = document.head.querySelector<HTMLScriptElement>('script[type="application/ld+json"]');
  if (!element) {
    element = document.createElement('script');
    element.type = 'application/ld+json';
    element.id = 'sciai-jsonld';
    document.head.append(element);
  }
  element.textContent = JSON.stringify(data);
}

function removeAll(selector: string): void {
  for (const element of document.head.querySelectorAll(selector)) element.remove();
}
