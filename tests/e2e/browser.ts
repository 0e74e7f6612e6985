import { randomInt } from 'node:crypto';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * The run's Chromium (launched once by global-browser.ts) for the calling test file: connected
 * before its tests and disconnected after them, which closes the contexts the file opened. Call it
 * at the file's top level and pass `browser()` to openPage.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('no browser yet: useBrowser() connects in beforeAll');
    return browser;
  };
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 740 } as const;

/**
 * A visitor's address, passed as the test backend's trusted proxy would: the gateway counts every
 * address (only the service-role key is exempt), and all browsers of a run share one backend.
 */
function visitorAddress(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

/** A fresh browser profile (no stored theme, no session), a visitor of its own, with the page's errors collected. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; consoleErrors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: inject('backend').url,
    ...options,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(), ...options.extraHTTPHeaders },
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, consoleErrors, close: () => context.close() };
}

/** Calls the Data API as a visitor's browser does (anon key, no session). */
export async function restAsVisitor(path: string, init: RequestInit = {}): Promise<Response> {
  const backend = inject('backend');
  return fetch(`${backend.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${backend.anonKey}`,
      'x-forwarded-for': visitorAddress(),
      ...init.headers,
    },
  });
}

/** The exact row count PostgREST reports for a visitor's query. */
export async function countAsVisitor(pathAndQuery: string): Promise<number> {
  const response = await restAsVisitor(pathAndQuery, { method: 'HEAD', headers: { prefer: 'count=exact' } });
  const range = response.headers.get('content-range');
  const total = Number(range?.split('/')[1]);
  if (!response.ok || !Number.isInteger(total))
    throw new Error(`no count for ${pathAndQuery}: ${response.status} ${range}`);
  return total;
}

/** A Data API request with the service-role key, as an administrator's tools make it; throws unless it succeeded. */
export async function restAsService(path: string, init: RequestInit = {}): Promise<Response> {
  const backend = inject('backend');
  const response = await fetch(`${backend.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: backend.serviceRoleKey,
      authorization: `Bearer ${backend.serviceRoleKey}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** Sets a site setting with the service-role key, as an administrator's tools would. */
export async function setSiteSetting(key: string, value: unknown): Promise<void> {
  await restAsService(`site_settings?key=eq.${encodeURIComponent(key)}`, {
    method: 'PATCH',
    headers: { prefer: 'return=minimal' },
    body: JSON.stringify({ value }),
  });
}
