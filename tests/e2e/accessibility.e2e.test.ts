import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withDatabase } from '../support/auth.ts';
import { axeViolations, type AxeViolation } from '../support/axe.ts';
import { measureSpill } from '../support/reflow.ts';
import { AUDITED_ROUTES, LANGUAGE_PREFIXES, routeFor, type Viewer } from './accessibility-routes.ts';
import { useBrowser, openPage } from './browser.ts';
import { addressesIn, createAccount, createTotpAdmin, signInTo, signInWithTotp } from './session.ts';

const browser = useBrowser();

/** This file's own addresses: sign-ins and the Data API are limited per address. */
const { address, fromAddress } = addressesIn('198.51.181');

const WIDE = { width: 1366, height: 768 } as const;
const PHONE = { width: 390, height: 844 } as const;
/** WCAG 1.4.10: content reflows at 320 CSS px without scrolling in two directions. */
const NARROWEST = { width: 320, height: 640 } as const;
const SCHEMES = ['light', 'dark'] as const;

const viewers = new Map<Viewer, { page: Page; close(): Promise<void> }>();
const fill = { org: '', handle: '' };

/**
 * One browser page per viewer, signed in once, that every route of theirs is loaded in. axe is
 * injected as a script, which the app's strict CSP would refuse, hence bypassCSP.
 */
async function openViewer(viewer: Viewer, n: number): Promise<{ page: Page; close(): Promise<void> }> {
  const opened = await openPage(browser(), { ...fromAddress(n), viewport: WIDE, bypassCSP: true });
  viewers.set(viewer, opened);
  return opened;
}

beforeAll(async () => {
  fill.org = await withDatabase((db) =>
    db
      .query<{ id: string }>(`select organization_id as id from public.content_items where slug = 'alphafold'`)
      .then((result) => result.rows[0]!.id),
  );
  fill.handle = `ada-${randomUUID().slice(0, 6)}`;
  const member = await createAccount('e2e-a11y-member', address(1), { first: 'Ada', last: 'Lovelace' });
  await withDatabase((db) =>
    db.query(
      `update public.user_profiles set handle = $2, is_public = true, institution = 'Analytical Engines',
         research_interests = array['biology', 'climate_science']
       where id = $1`,
      [member.id, fill.handle],
    ),
  );
  // something in the library and on the following page, so they show their lists
  const alphafold = await withDatabase((db) =>
    db
      .query<{ id: string }>(`select id from public.content_items where slug = 'alphafold'`)
      .then((result) => result.rows[0]!.id),
  );
  const saved = await member.client.rpc('save_item', { item_id: alphafold });
  if (saved.error) throw saved.error;
  const followed = await member.client.rpc('follow', {
    target_type: 'field',
    target: 'astronomy',
    label: 'Astronomy and Astrophysics',
  });
  if (followed.error) throw followed.error;
  const admin = await createTotpAdmin('e2e-a11y-admin', address(2), { first: 'Grace', last: 'Hopper' });

  await openViewer('visitor', 3);
  const { page: memberPage } = await openViewer('member', 4);
  await signInTo(memberPage, member.email, '/library');
  await memberPage.waitForURL((url) => url.pathname === '/library');
  const { page: adminPage } = await openViewer('admin', 5);
  await signInWithTotp(adminPage, '/admin', admin);
  await adminPage.waitForURL((url) => url.pathname === '/admin');
});

afterAll(async () => {
  for (const { close } of viewers.values()) await close();
});

/** The page has drawn its content: a top heading, and no page or section still loading. */
async function shown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const { document } = globalThis as unknown as {
        document: { querySelector(selector: string): unknown };
      };
      return (
        document.querySelector('h1') !== null &&
        document.querySelector('[role="status"][aria-label^="Loading"], .mantine-Skeleton-root[data-visible]') === null
      );
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForLoadState('networkidle');
}

/** Switches the browser's colour scheme and waits until the app has followed it. */
async function useScheme(page: Page, scheme: (typeof SCHEMES)[number], followsBrowser: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  if (!followsBrowser) return;
  await page.waitForFunction(
    (expected) =>
      (
        globalThis as unknown as { document: { documentElement: { getAttribute(name: string): string | null } } }
      ).document.documentElement.getAttribute('data-mantine-color-scheme') === expected,
    scheme,
  );
}

const setRootFontSize = (page: Page, size: string) =>
  page.evaluate((value) => {
    (
      globalThis as unknown as { document: { documentElement: { style: { fontSize: string } } } }
    ).document.documentElement.style.fontSize = value;
  }, size);

describe('accessibility: axe-core (WCAG 2.2 AA) and reflow on every route', () => {
  for (const prefix of LANGUAGE_PREFIXES) {
    for (const route of AUDITED_ROUTES) {
      for (const viewer of route.viewers) {
        it(`${routeFor(route.path, prefix)} as ${viewer === 'admin' ? 'an' : 'a'} ${viewer}`, async () => {
          const page = viewers.get(viewer)!.page;
          const followsBrowser = route.themes !== 'fixed';
          await page.setViewportSize(WIDE);
          await page.emulateMedia({ colorScheme: 'light' });
          const path = routeFor(route.path, prefix).replace('{org}', fill.org).replace('{handle}', fill.handle);
          await page.goto(path);
          await shown(page);

          // each width in both schemes, switched in place: one load per route and viewer. Another
          // language changes the words and the direction, not the colours: one scheme per width.
          const violations: Record<string, AxeViolation[]> = {};
          const plan = prefix
            ? ([
                [WIDE, ['light']],
                [PHONE, ['dark']],
              ] as const)
            : ([
                [WIDE, SCHEMES],
                [PHONE, [...SCHEMES].reverse()],
              ] as const);
          for (const [viewport, schemes] of plan) {
            await page.setViewportSize(viewport);
            for (const scheme of followsBrowser ? schemes : (['light'] as const)) {
              await useScheme(page, scheme, followsBrowser);
              const found = await axeViolations(page);
              if (found.length) violations[`${viewport.width} px, ${scheme}`] = found;
            }
          }

          await page.setViewportSize(NARROWEST);
          const at320 = await measureSpill(page);
          // WCAG 1.4.4: text at 200 % in the wide layout, where the lines are longest
          await page.setViewportSize(WIDE);
          await setRootFontSize(page, '200%');
          const text200 = await measureSpill(page);
          await setRootFontSize(page, '');

          expect({ violations, at320, text200 }).toEqual({
            violations: {},
            at320: { pageOverflow: 0, culprits: [] },
            text200: { pageOverflow: 0, culprits: [] },
          });
        });
      }
    }
  }
});
