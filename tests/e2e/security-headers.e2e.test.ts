import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInAs } from '../support/auth.ts';
import { useBrowser, MOBILE, openPage, restAsVisitor } from './browser.ts';

/**
 * The Content-Security-Policy holds on the real pages (no inline script, no eval, connections
 * to the app only): Chromium reports no violation, on the console or as an event. And the
 * client input watcher reports markup typed into a field.
 */
const browser = useBrowser();

const fromAddress = () => ({ extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${1 + randomInt(254)}` } });

/** Collects securitypolicyviolation events from the first script on, before the app runs. */
async function watchViolations(page: Page): Promise<void> {
  // A string: these tests compile without the DOM's types.
  await page.addInitScript(`
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
    });
  `);
}

/** What the page collected (a script error would show up as the fallback). */
async function violations(page: Page): Promise<unknown> {
  return page.evaluate("window.__cspViolations ?? ['watcher missing']");
}

async function aToolSlug(): Promise<string> {
  const response = await restAsVisitor(
    'content_items?select=slug&content_type=eq.software&status=eq.published&limit=1',
  );
  const rows: unknown = await response.json();
  if (!Array.isArray(rows) || typeof rows[0]?.slug !== 'string') throw new Error('no published tool to open');
  return rows[0].slug;
}

describe('no CSP violations on the main pages', () => {
  it('/, /browse, a tool page, /auth/signin, /about and a 404', async () => {
    const pages = ['/', '/browse', `/tool/${await aToolSlug()}`, '/auth/signin', '/about', '/no-such-page-anywhere'];
    const { page, consoleErrors, close } = await openPage(browser(), fromAddress());
    const consoleMessages: string[] = [];
    page.on('console', (message) => consoleMessages.push(message.text()));
    await watchViolations(page);
    try {
      for (const path of pages) {
        const response = await page.goto(path);
        expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
        expect(response?.status()).toBe(path === '/no-such-page-anywhere' ? 404 : 200);
        await page.locator('main, [role="main"], h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await violations(page), path).toEqual([]);
      }
      const reported = [...consoleMessages, ...consoleErrors].filter((text) =>
        /content security policy|refused to (load|execute|connect|apply)/i.test(text),
      );
      expect(reported).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the input watcher', () => {
  it('reports script markup typed into a field when the field loses focus, once', async () => {
    const { page, close } = await openPage(browser(), { ...fromAddress(), viewport: MOBILE });
    await watchViolations(page);
    try {
      await page.goto('/browse');
      const search = page.getByRole('searchbox').first();
      await search.waitFor();
      const sample = `<img src=x onerror=alert(${randomInt(1e6)})>`;
      await search.fill(sample);
      const reported = page.waitForResponse((response) => response.url().endsWith('/security/v1/events'));
      await search.blur();
      const response = await reported;
      expect(response.status()).toBe(202);
      expect(response.request().postDataJSON()).toMatchObject({
        type: 'suspicious_input',
        patterns: ['inline_handler'],
        sample,
        page: '/browse',
      });
      // the same value again is not sent again
      let again = false;
      page.on('request', (request) => {
        if (request.url().endsWith('/security/v1/events')) again = true;
      });
      await search.focus();
      await search.blur();
      await page.waitForTimeout(500);
      expect(again).toBe(false);
      expect(await violations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('/admin/security', () => {
  it('shows an admin the recorded events, newest first, filterable, with counts per severity', async () => {
    const admin = await signedInAs('admin', 'security-page');
    // a fresh event to find: a 401 from the Data API
    const probe = `/rest/v1/e2e_probe_${randomInt(1e9)}`;
    await (
      await fetch(`${inject('backend').url}${probe}`, { headers: { 'x-forwarded-for': '192.0.2.77' } })
    ).body?.cancel();

    const { page, close } = await openPage(browser(), { ...fromAddress(), viewport: MOBILE });
    const storageKey = `sb-${new URL(inject('backend').url).hostname.split('.')[0]}-auth-token`;
    // supabase-js finds the admin's session where it keeps it, as after a sign-in in this browser.
    await page.addInitScript(
      `window.localStorage.setItem(${JSON.stringify(storageKey)}, ${JSON.stringify(JSON.stringify(admin.session))});`,
    );
    await watchViolations(page);
    try {
      await page.goto('/admin/security');
      await page.getByRole('heading', { name: 'Security' }).waitFor();
      await page.getByText(probe).waitFor();
      // named as drawn: the severity, then its count of events (WCAG 2.5.3)
      await page.getByRole('button', { name: /^Medium\s*\d[\d,]* events?$/ }).waitFor();

      await page.getByRole('combobox', { name: 'Severity' }).click();
      await page.getByRole('option', { name: 'Critical' }).click();
      await expect.poll(() => page.getByText(probe).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Severity' }).click();
      await page.getByRole('option', { name: 'Medium' }).click();
      await page.getByText(probe).waitFor();
      expect(await violations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
