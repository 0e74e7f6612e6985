import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitsFor } from './route-limits.ts';

describe('limitsFor', () => {
  it('gives an admin’s import calls room for a staging chunk and the lookup’s keys', () => {
    const staging = limitsFor('POST', '/rest/v1/rpc/stage_import_rows', 'authenticated');
    expect(staging.maxBodyBytes).toBeGreaterThanOrEqual(6 * 1024 * 1024);
    expect(staging.maxArrayLength).toBeGreaterThanOrEqual(20_000);
    expect(staging.upstreamTimeoutMs).toBeGreaterThan(DEFAULT_LIMITS.upstreamTimeoutMs);
  });

  it('keeps anonymous callers to the defaults, on import routes too', () => {
    expect(limitsFor('POST', '/rest/v1/rpc/stage_import_rows', 'anon')).toEqual(DEFAULT_LIMITS);
    expect(limitsFor('POST', '/rest/v1/rpc/search_items', 'authenticated')).toEqual(DEFAULT_LIMITS);
    // another spelling of the name is not the import route
    expect(limitsFor('POST', '/rest/v1/rpc/stage%5Fimport%5Frows', 'authenticated')).toEqual(DEFAULT_LIMITS);
  });

  it('keeps the depth bound for every caller, the service role included', () => {
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      expect(limitsFor('POST', '/rest/v1/rpc/load_catalog', role).maxJsonDepth).toBe(32);
      expect(limitsFor('POST', '/auth/v1/signup', role).maxJsonDepth).toBe(32);
    }
  });
});
