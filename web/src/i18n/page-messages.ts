import type { Messages } from '@lingui/core';
import { activateLocale, activeI18n, LOCALE_INFO, splitLocalePath, type Locale } from '@sciai/core';

/**
 * The messages of the page's language, as the web build split them (web/build/i18n-catalogs.ts):
 * the part every page needs before the app's first render, and each page's own part, which the
 * page waits for as it waits for its code (routes.tsx). The gateway names the files in the
 * page's HTML (`<script id="sciai-i18n">`), and app-boot.js asks for the first two with the
 * app's modules.
 */
interface PagePlan {
  boot: string;
  pages: Record<string, string>;
}

/** The page's language, from its address (`/zh/…`); the gateway set `lang` and `dir` to match. */
export const pageLocale: Locale = splitLocalePath(window.location.pathname).locale;

/** The address prefix of the page's language: wouter's base ('' for English). */
export const localeBase = pageLocale === 'en' ? '' : `/${pageLocale}`;

export const pageDirection = LOCALE_INFO[pageLocale].dir;

function readPlan(): PagePlan | undefined {
  const element = document.getElementById('sciai-i18n');
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as PagePlan;
}

const plan = readPlan();

async function fetchMessages(path: string): Promise<Messages> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(path);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return (await response.json()) as Messages;
    } catch (error) {
      // a network blip: once more, then the app does not start (the gateway's page stays)
      if (attempt >= 2) throw error;
    }
  }
}

/**
 * Loads the messages every page needs and shows them from now on. Without a plan (`vite dev`),
 * the catalog is read whole and compiled in the browser (web/build/i18n-catalogs.ts serves it).
 */
export async function startLanguage(): Promise<void> {
  if (plan) {
    activateLocale(pageLocale, await fetchMessages(plan.boot));
    return;
  }
  // the gateway is not in front of `vite dev`: the page says its language itself
  document.documentElement.lang = LOCALE_INFO[pageLocale].tag;
  document.documentElement.dir = pageDirection;
  activateLocale(pageLocale, pageLocale === 'en' ? {} : await fetchMessages(`/i18n/dev/${pageLocale}.json`));
}

const loaded = new Map<string, Promise<void>>();

/** A page's own messages (`key`: its module under web/src without the extension). */
export function loadPageMessages(key: string): Promise<void> {
  const path = plan?.pages[key];
  if (!path) return Promise.resolve();
  let loading = loaded.get(key);
  if (!loading) {
    loading = fetchMessages(path).then(
      (messages) => activeI18n().load(pageLocale, messages),
      (error: unknown) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/**
 * The `lang` of the catalog's own text (items' names and descriptions, from their sources, which
 * write in English), where it differs from the page's: a screen reader reads it as English.
 */
export const contentLang: string | undefined = pageLocale === 'en' ? undefined : 'en';
