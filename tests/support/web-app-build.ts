import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build, createLogger, type LogLevel } from 'vite';
import { REPO_ROOT } from '../../server/src/config.ts';
import { BUILT_INDEX, webBuildIsCurrent } from '../../server/src/web-build-sources.ts';

/**
 * The web app's production build (vite.config.ts) with every warning Vite prints kept, for
 * server/src/web-build.test.ts, which asserts there are none. `npm test` builds web/dist this way
 * (tests/build-web-app.ts) and keeps the warnings beside it, so the test checks that build rather
 * than making one of its own (about 10 CPU-s).
 */
const RECORD = join(REPO_ROOT, 'node_modules/.cache/sciai-web-build.json');

interface BuildRecord {
  /** sha256 of the index.html that build wrote: the record is of that build, and no other. */
  indexHtml: string;
  warnings: string[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Builds the app into `outDir` (web/dist by default); resolves to the warnings it printed. */
export async function buildWebApp(options: { outDir?: string; logLevel?: LogLevel } = {}): Promise<string[]> {
  const warnings: string[] = [];
  const logger = createLogger(options.logLevel ?? 'info');
  const { warn, warnOnce } = logger;
  logger.warn = (message, printOptions) => {
    warnings.push(message);
    warn(message, printOptions);
  };
  logger.warnOnce = (message, printOptions) => {
    warnings.push(message);
    warnOnce(message, printOptions);
  };
  // Vite builds for the NODE_ENV it finds, and vitest sets 'test': React's development build
  // (twice the size) would then be what a test measures. The variable is restored afterwards.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(REPO_ROOT, 'vite.config.ts'),
      logLevel: options.logLevel,
      customLogger: logger,
      build: options.outDir ? { outDir: options.outDir, emptyOutDir: true } : {},
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return warnings;
}

/** Builds web/dist and records its warnings for recordedWebAppBuild. */
export async function buildAndRecordWebApp(): Promise<void> {
  const warnings = await buildWebApp();
  const record: BuildRecord = { indexHtml: sha256(readFileSync(BUILT_INDEX, 'utf8')), warnings };
  mkdirSync(dirname(RECORD), { recursive: true });
  writeFileSync(RECORD, JSON.stringify(record));
}

/**
 * web/dist's page and its build's warnings, when web/dist is newer than every source and is what
 * the recorded build wrote (a plain `vite build` since keeps no warnings: then undefined).
 */
export function recordedWebAppBuild(): { html: string; warnings: string[] } | undefined {
  if (!existsSync(RECORD) || !webBuildIsCurrent()) return undefined;
  let record: BuildRecord;
  try {
    record = JSON.parse(readFileSync(RECORD, 'utf8')) as BuildRecord;
  } catch {
    return undefined;
  }
  const html = readFileSync(BUILT_INDEX, 'utf8');
  return sha256(html) === record.indexHtml && Array.isArray(record.warnings)
    ? { html, warnings: record.warnings }
    : undefined;
}
