import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core (no downloaded browser builds). */
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
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
