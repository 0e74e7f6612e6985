import { describe, expect, it } from 'vitest';
import { DEFAULT_LOG_RETENTION_DAYS, parseLogRetentionDays } from './log-retention.ts';

describe('LOG_RETENTION_DAYS', () => {
  it('defaults to 90 days when unset or empty', () => {
    expect(DEFAULT_LOG_RETENTION_DAYS).toBe(90);
    expect(parseLogRetentionDays(undefined)).toBe(90);
    expect(parseLogRetentionDays('  ')).toBe(90);
  });

  it('takes whole days from 1 to 3650 and refuses anything else', () => {
    expect(parseLogRetentionDays('30')).toBe(30);
    for (const bad of ['0', '-5', '1.5', '3651', 'ninety', '30d']) {
      expect(() => parseLogRetentionDays(bad)).toThrow(/LOG_RETENTION_DAYS/);
    }
  });
});
