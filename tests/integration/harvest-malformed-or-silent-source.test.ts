import { describe, expect, it } from 'vitest';
import { reportOf, useHarvestSources } from '../support/harvest-sources.ts';
import { runSciai } from '../support/sciai.ts';

/** `sciai harvest` from a source that answers malformed JSON, or never answers: a clear failure, nothing written. */
const { sources, environment } = useHarvestSources();

describe('sciai harvest from a broken source', () => {
  it('fails clearly on malformed JSON and on a source that never answers, writing nothing of that page', async () => {
    sources.fault('biotools', { kind: 'malformed', times: 100 });
    const malformed = await runSciai(['harvest', 'biotools', '--search', 'malformed', '--json'], environment());
    sources.clearFaults();
    expect(malformed.code).toBe(1);
    expect(reportOf(malformed).error).toMatch(/not JSON/);
    expect(reportOf(malformed).added).toBe(0);

    // Each of its four attempts waits out the whole timeout: half a second rather than the file's 2 s.
    sources.fault('biotools', { kind: 'timeout', times: 100 });
    const silent = await runSciai(
      ['harvest', 'biotools', '--search', 'silent', '--json'],
      environment({ HARVEST_TIMEOUT_SECONDS: '0.5' }),
    );
    sources.clearFaults();
    expect(silent.code).toBe(1);
    expect(reportOf(silent).pages).toBe(0);
  });
});
