import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarise } from './run-summary.ts';

const dir = mkdtempSync(join(tmpdir(), 'sciai-run-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm test's closing summary", () => {
  it('says every process passed in one line each', () => {
    const lines = summarise(
      [
        { label: 'npm run check', code: 0, output: 'fine' },
        { label: 'vitest --project unit', code: 0, report: join(dir, 'absent.json') },
      ],
      '/repo',
    );
    expect(lines).toEqual(['', 'npm test: passed', '  ✓ npm run check', '  ✓ vitest --project unit']);
  });

  it("gives each process's wall and CPU time, and the whole run's with the machine's CPU and load", () => {
    const lines = summarise(
      [
        { label: 'npm run check', code: 0, output: '', usage: { seconds: 61.4, cpuSeconds: 88.6 } },
        {
          label: 'vitest --project e2e',
          code: 0,
          report: join(dir, 'absent.json'),
          usage: { seconds: 600, cpuSeconds: 0.4 },
        },
      ],
      '/repo',
      { seconds: 712.2, machineCpuSeconds: 1402.5, load: [1.5, 3.04, 2] },
    );
    expect(lines).toEqual([
      '',
      'npm test: passed',
      '  ✓ npm run check (61 s, 89 CPU-s)',
      '  ✓ vitest --project e2e (600 s, 0 CPU-s)',
      '  712 s after the build, the machine busy for 1403 CPU-s; load average at the end 1.5 3.0 2.0',
    ]);
    expect(summarise([], '/repo', { seconds: 1, load: [0, 0, 0] }).at(-1)).toBe(
      '  1 s after the build; load average at the end 0.0 0.0 0.0',
    );
  });

  it("names a failed process's failed files and tests with the first lines of their errors", () => {
    const report = join(dir, 'failed.json');
    writeFileSync(
      report,
      JSON.stringify({
        testResults: [
          { name: '/repo/a.test.ts', status: 'passed', assertionResults: [{ fullName: 'a works', status: 'passed' }] },
          {
            name: '/repo/b.test.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'b keeps', status: 'passed' },
              {
                fullName: 'b counts',
                status: 'failed',
                failureMessages: ['AssertionError: expected 2 to be 3\n\n    at b'],
              },
            ],
          },
          { name: '/repo/c.test.ts', status: 'failed', message: 'Hook timed out in 120000ms', assertionResults: [] },
        ],
      }),
    );
    const lines = summarise([{ label: 'vitest --project e2e', code: 1, report }], '/repo');
    expect(lines).toEqual([
      '',
      'npm test: FAILED',
      '  ✗ vitest --project e2e (exit 1)',
      '  ✗ b.test.ts',
      '    ✗ b counts',
      '        AssertionError: expected 2 to be 3',
      '            at b',
      '  ✗ c.test.ts',
      '      Hook timed out in 120000ms',
    ]);
  });

  it('says when a failed process left no report, and repeats the end of a failed check', () => {
    const output = Array.from({ length: 50 }, (_, line) => `line ${line + 1}`).join('\n');
    const lines = summarise(
      [
        { label: 'vitest --project unit', code: 1, report: join(dir, 'never-written.json') },
        { label: 'npm run check', code: 2, output },
      ],
      '/repo',
    );
    expect(lines).toContain('    (no report: the process ended before writing it)');
    expect(lines).toContain('  ✗ npm run check (exit 2)');
    expect(lines.at(-1)).toBe('    line 50');
    expect(lines).toContain('    line 11');
    expect(lines).not.toContain('    line 10');
  });
});
