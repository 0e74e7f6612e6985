import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runSciai } from '../support/sciai.ts';

/** `sciai export` with wrong arguments or an unwritable file: a usage error (exit 2), never a stack trace. */
const scratch = mkdtempSync(join(tmpdir(), 'sciai-export-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('sciai export under odd input', () => {
  it('refuses unknown formats and types, and files it cannot write, with exit 2', async () => {
    const backend = inject('backend');
    const env = { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey };
    for (const args of [
      ['export', '--format', 'xml'],
      ['export', '--format', 'csv', '--type', 'dataset'],
      ['export', '--format', 'csv', '--type', '../../etc/passwd'],
      ['export'],
      ['export', '--format', 'jsonl', '-o', join(scratch, 'no-such-dir', 'x.jsonl')],
      ['export', '--format', 'jsonl', '-o', scratch],
    ]) {
      const run = await runSciai(args, env);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
    }
  });
});
