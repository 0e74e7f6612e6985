import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { PGLITE_WORKER_RESOURCE_LIMITS } from './engine.ts';

/**
 * V8 lets an old generation grow to up to 4 times what survived the last full collection when its
 * heap limit is 2 GB or more (the default on a machine with memory to spare), and to 1.3-2 times
 * under a smaller limit. Under steady traffic that multiple, not a leak, was the server's growing
 * resident memory (docs/decisions/0057-v8-heap-growth.md): these limits keep it bounded, with
 * room for far more than the live data (gateway about 40 MB, PGlite's thread 12-18 MB).
 */
const V8_HIGH_GROWTH_LIMIT_MB = 2048;

describe('heap limits', () => {
  it("bounds PGlite's thread's young and old generations", () => {
    expect(PGLITE_WORKER_RESOURCE_LIMITS.maxYoungGenerationSizeMb).toBeLessThanOrEqual(32);
    expect(PGLITE_WORKER_RESOURCE_LIMITS.maxOldGenerationSizeMb).toBeGreaterThanOrEqual(256);
    expect(PGLITE_WORKER_RESOURCE_LIMITS.maxOldGenerationSizeMb).toBeLessThan(V8_HIGH_GROWTH_LIMIT_MB);
  });

  it('starts the server (npm start) with a capped young generation and an old space under 2 GB', () => {
    const start = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
      .scripts.start;
    const server = start.split('&&').find((command) => command.trim().endsWith('server/src/main.ts'));
    expect(server).toMatch(/--max-semi-space-size=\d+/);
    const oldSpace = Number(/--max-old-space-size=(\d+)/.exec(server ?? '')?.[1]);
    expect(oldSpace).toBeGreaterThanOrEqual(512);
    expect(oldSpace).toBeLessThan(V8_HIGH_GROWTH_LIMIT_MB);
  });
});
