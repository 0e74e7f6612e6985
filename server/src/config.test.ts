import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_API_TIMEOUT_MS, loadConfig, parseDataApiTimeout } from './config.ts';

describe('DATA_API_TIMEOUT_SECONDS', () => {
  it('is 15 s when unset or empty', () => {
    expect(DEFAULT_DATA_API_TIMEOUT_MS).toBe(15_000);
    expect(parseDataApiTimeout(undefined)).toBe(15_000);
    expect(parseDataApiTimeout(' ')).toBe(15_000);
    expect(loadConfig({}).dataApiTimeoutMs).toBe(15_000);
  });

  it('takes whole seconds from 1 to 600', () => {
    expect(parseDataApiTimeout('2')).toBe(2_000);
    expect(parseDataApiTimeout(' 600 ')).toBe(600_000);
    expect(loadConfig({ DATA_API_TIMEOUT_SECONDS: '30' }).dataApiTimeoutMs).toBe(30_000);
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['0', '601', '1.5', '-3', '15s', 'abc', '1e3'])
      expect(() => parseDataApiTimeout(value), value).toThrow(/DATA_API_TIMEOUT_SECONDS/);
  });
});
