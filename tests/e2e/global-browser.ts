import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core (no downloaded browser builds). */
const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The features playwright-core 1.65 disables (its chromiumSwitches, less Edge's own): Chromium
 * honours only the last --disable-features it is given, so ours repeats them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Browser UI that no test's page shows. Every context opens a (hidden) window, and each window
 * preloaded the address bar's WebUI popups in a renderer of their own: about a third of
 * Chromium's CPU for a page load (docs/decisions/0062-e2e-engine-and-browser-flags.md).
 */
const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
];

/**
 * Vitest global setup of the e2e project: one Chromium for the whole run, which each test file
 * connects to (useBrowser in browser.ts). A launch per file cost a second or two of CPU and a
 * process tree each time; what keeps the files apart is the browser context, not the browser:
 * every page a test opens has a context of its own (a fresh profile: no cookies, storage or
 * cache of another test), and a file's connection closes the contexts it made when it ends.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}
