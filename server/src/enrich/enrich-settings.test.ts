import { describe, expect, it } from 'vitest';
import { parseEnrichIntervalHours } from './enrich-job.ts';
import { trustHosts } from '../outbound/guarded-fetch.ts';
import { ENRICH_LIMITS, linkVetter, parseEnrichLimits } from './enrich-settings.ts';

describe('enrich settings', () => {
  it('refuses private, loopback, link-local and metadata targets unless allow-listed', async () => {
    const vet = linkVetter(trustHosts('127.0.0.1:4010'));
    for (const url of [
      'http://127.0.0.1/',
      'http://localhost:5432/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.8/',
      'http://[::1]/',
      'http://[fd12::1]/',
      'http://db.internal/',
      'http://127.0.0.1:4011/',
      'http://[::ffff:127.0.0.1]:4010/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://017700000001/',
    ]) {
      expect(await vet(new URL(url)), url).toMatch(/is not a public (address|name)$/);
    }
    expect(await vet(new URL('http://127.0.0.1:4010/home'))).toBeUndefined();
    expect(await vet(new URL('http://93.184.215.14/'))).toBeUndefined();
  });

  it('reads ENRICH_LIMITS over the defaults and ignores what it cannot read', () => {
    const limits = parseEnrichLimits('github=2/0.5, links=20/30, nonsense, openalex=0/5, crossref=a/b');
    expect(limits.github).toEqual({ concurrency: 2, perSecond: 0.5 });
    expect(limits.links).toEqual({ concurrency: 20, perSecond: 30 });
    expect(limits.openalex).toEqual(ENRICH_LIMITS.openalex);
    expect(limits.crossref).toEqual(ENRICH_LIMITS.crossref);
  });

  it('reads ENRICH_INTERVAL_HOURS: 24 by default, 0 turns the schedule off', () => {
    expect(parseEnrichIntervalHours(undefined)).toBe(24);
    expect(parseEnrichIntervalHours('')).toBe(24);
    expect(parseEnrichIntervalHours('0')).toBe(0);
    expect(parseEnrichIntervalHours('6')).toBe(6);
    expect(parseEnrichIntervalHours('-3')).toBe(24);
    expect(parseEnrichIntervalHours('soon')).toBe(24);
  });
});
