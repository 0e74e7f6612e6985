import { describe, expect, it } from 'vitest';
import { isRoutineRequest } from './request-log.ts';

describe('which requests the gateway logs at debug', () => {
  it('takes static files and health checks that went as expected', () => {
    for (const url of [
      '/assets/index-3f2a.js',
      '/assets/fonts/inter.woff2',
      '/favicon.svg',
      '/favicon.ico',
      '/config.js',
      '/embed.js?v=2',
      '/healthz',
      '/healthz?from=monitor',
    ])
      expect(isRoutineRequest(url, 200), url).toBe(true);
    expect(isRoutineRequest('/assets/index-3f2a.js', 304)).toBe(true);
  });

  it('keeps pages, API calls, failing checks and missing files at info', () => {
    for (const url of ['/', '/browse?q=x.js', '/tool/alphafold', '/tool/alphafold.md', '/rest/v1/rpc/search_items'])
      expect(isRoutineRequest(url, 200), url).toBe(false);
    expect(isRoutineRequest('/healthz', 503)).toBe(false);
    expect(isRoutineRequest('/favicon.ico', 404)).toBe(false);
    expect(isRoutineRequest('/healthzx', 200)).toBe(false);
  });
});
