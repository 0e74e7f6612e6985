import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { DEFAULT_OPEN_DATA_REFRESH, type OpenDataRefresh } from '../config.ts';
import { generateOpenData, MANIFEST_FILE, type OpenDataManifest } from './generate-open-data.ts';
import { catalogFingerprint } from './public-items.ts';

/** The files are made again at least this often, whatever the check says (type-table edits). */
export const OPEN_DATA_MAX_AGE_MS = 6 * 60 * 60 * 1_000;

type Log = (message: string, details?: Record<string, unknown>) => void;

export async function readManifest(directory: string): Promise<OpenDataManifest | undefined> {
  try {
    return JSON.parse(await readFile(join(directory, MANIFEST_FILE), 'utf8')) as OpenDataManifest;
  } catch {
    return undefined;
  }
}

/** Whether a process with this id still runs (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Staging directories a killed generation left behind (named .staging-{pid}-{time}). */
export async function removeAbandonedStaging(directory: string): Promise<void> {
  const names = await readdir(directory).catch(() => [] as string[]);
  for (const name of names) {
    const pid = /^\.staging-(\d+)-\d+$/.exec(name)?.[1];
    if (pid && (Number(pid) === process.pid || !isRunning(Number(pid)))) {
      await rm(join(directory, name), { recursive: true, force: true });
    }
  }
}

/**
 * Keeps the open-data files in `directory` in step with the catalog: made at start when missing
 * or stale, then again when the catalog changes (one cheap query every `checkMs`, 15 s unless
 * OPEN_DATA_CHECK_SECONDS says otherwise; a generation at most once per `minGapMs`, 30 s unless
 * OPEN_DATA_MIN_GAP_SECONDS says otherwise, so a burst of edits or an import costs one) and on a
 * schedule. Never on a request: visitors only read the files. One generation at a time.
 */
export function startOpenDataRefresher(
  pool: pg.Pool,
  directory: string,
  options: {
    origin?: string | undefined;
    log?: Log;
    /** Called when a check finds the catalog changed since the one before (not at the first). */
    onCatalogChange?: () => void;
  } & Partial<OpenDataRefresh> = {},
): { stop(): Promise<void> } {
  const log = options.log ?? (() => {});
  const checkMs = options.checkMs ?? DEFAULT_OPEN_DATA_REFRESH.checkMs;
  const minGapMs = options.minGapMs ?? DEFAULT_OPEN_DATA_REFRESH.minGapMs;
  let lastRun = 0;
  let lastFingerprint: string | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  let cleaned = false;
  const tick = async () => {
    if (!cleaned) {
      cleaned = true;
      await removeAbandonedStaging(directory);
    }
    const manifest = await readManifest(directory);
    const fingerprint = await catalogFingerprint(pool);
    if (lastFingerprint !== undefined && fingerprint !== lastFingerprint) options.onCatalogChange?.();
    lastFingerprint = fingerprint;
    const age = manifest ? Date.now() - Date.parse(manifest.generated_at) : Infinity;
    if (manifest && manifest.fingerprint === fingerprint && age < OPEN_DATA_MAX_AGE_MS) return;
    if (Date.now() - lastRun < minGapMs) return;
    lastRun = Date.now();
    const started = performance.now();
    const made = await generateOpenData(pool, directory, { origin: options.origin });
    log('open data generated', { items: made.item_count, ms: Math.round(performance.now() - started) });
  };
  const run = () => {
    if (running || stopped) return;
    running = tick()
      .catch((error: unknown) => log('open data generation failed', { error: String(error) }))
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, checkMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
