import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DATA_API_TIMEOUT_MS,
  DEFAULT_JOB_LOCK_RETRY_MS,
  DEFAULT_OPEN_DATA_REFRESH,
  DEFAULT_PASSWORD_HASH_COST,
  loadConfig,
  parseDataApiTimeout,
  parseJobLockRetry,
  parseOpenDataRefresh,
  parseDumpChunkMs,
  parseOutboxPoll,
  parsePasswordHashCost,
  parseSearchCacheMaxMb,
} from './config.ts';

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

describe('OPEN_DATA_CHECK_SECONDS and OPEN_DATA_MIN_GAP_SECONDS', () => {
  it('are 15 s and 30 s when unset or empty', () => {
    expect(DEFAULT_OPEN_DATA_REFRESH).toEqual({ checkMs: 15_000, minGapMs: 30_000 });
    expect(parseOpenDataRefresh({})).toEqual({ checkMs: 15_000, minGapMs: 30_000 });
    expect(parseOpenDataRefresh({ OPEN_DATA_CHECK_SECONDS: '', OPEN_DATA_MIN_GAP_SECONDS: ' ' })).toEqual({
      checkMs: 15_000,
      minGapMs: 30_000,
    });
    expect(loadConfig({}).openDataRefresh).toEqual({ checkMs: 15_000, minGapMs: 30_000 });
  });

  it('take whole seconds, each on its own', () => {
    expect(parseOpenDataRefresh({ OPEN_DATA_CHECK_SECONDS: '1' })).toEqual({ checkMs: 1_000, minGapMs: 30_000 });
    expect(parseOpenDataRefresh({ OPEN_DATA_MIN_GAP_SECONDS: ' 600 ' })).toEqual({
      checkMs: 15_000,
      minGapMs: 600_000,
    });
    expect(loadConfig({ OPEN_DATA_CHECK_SECONDS: '3600', OPEN_DATA_MIN_GAP_SECONDS: '86400' }).openDataRefresh).toEqual(
      {
        checkMs: 3_600_000,
        minGapMs: 86_400_000,
      },
    );
  });

  it('refuse anything else, naming the variable', () => {
    for (const value of ['0', '3601', '1.5', '-3', '15s', 'abc', '1e3'])
      expect(() => parseOpenDataRefresh({ OPEN_DATA_CHECK_SECONDS: value }), value).toThrow(/OPEN_DATA_CHECK_SECONDS/);
    for (const value of ['0', '86401', '2.5', '30 s'])
      expect(() => parseOpenDataRefresh({ OPEN_DATA_MIN_GAP_SECONDS: value }), value).toThrow(
        /OPEN_DATA_MIN_GAP_SECONDS/,
      );
  });
});

describe('JOB_LOCK_RETRY_SECONDS', () => {
  it('is 5 s when unset or empty, else whole seconds from 1 to 300', () => {
    expect(DEFAULT_JOB_LOCK_RETRY_MS).toBe(5_000);
    expect(parseJobLockRetry(undefined)).toBe(5_000);
    expect(parseJobLockRetry('')).toBe(5_000);
    expect(parseJobLockRetry('1')).toBe(1_000);
    expect(parseJobLockRetry(' 300 ')).toBe(300_000);
    for (const value of ['0', '301', '0.5', '-1', '5s'])
      expect(() => parseJobLockRetry(value), value).toThrow(/JOB_LOCK_RETRY_SECONDS/);
  });
});

describe('OUTBOX_POLL_SECONDS', () => {
  it('is 2 s when unset or empty, else whole seconds from 1 to 3600', () => {
    expect(parseOutboxPoll(undefined)).toBe(2_000);
    expect(parseOutboxPoll('')).toBe(2_000);
    expect(parseOutboxPoll('1')).toBe(1_000);
    expect(parseOutboxPoll(' 3600 ')).toBe(3_600_000);
    for (const value of ['0', '3601', '0.5', '-1', '2s'])
      expect(() => parseOutboxPoll(value), value).toThrow(/OUTBOX_POLL_SECONDS/);
  });
});

describe('SEARCH_CACHE_MAX_MB and DUMP_CHUNK_MS', () => {
  it('are 64 MiB and 50 ms when unset or empty, else whole numbers in their ranges', () => {
    expect(parseSearchCacheMaxMb(undefined)).toBe(64);
    expect(parseSearchCacheMaxMb(' ')).toBe(64);
    expect(parseSearchCacheMaxMb('1')).toBe(1);
    expect(parseSearchCacheMaxMb(' 65536 ')).toBe(65_536);
    for (const value of ['0', '65537', '1.5', '-1', '64MB', '1e3', '0x10'])
      expect(() => parseSearchCacheMaxMb(value), value).toThrow(/SEARCH_CACHE_MAX_MB/);
    expect(parseDumpChunkMs(undefined)).toBe(50);
    expect(parseDumpChunkMs('1')).toBe(1);
    expect(parseDumpChunkMs('10000')).toBe(10_000);
    for (const value of ['0', '10001', '2.5', '-5', '50ms'])
      expect(() => parseDumpChunkMs(value), value).toThrow(/DUMP_CHUNK_MS/);
  });
});

describe('PASSWORD_HASH_COST', () => {
  it('is 10 when unset or empty, else a whole number from 4 to 15, and a bad value stops the start', () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(10);
    expect(parsePasswordHashCost(undefined)).toBe(10);
    expect(parsePasswordHashCost('')).toBe(10);
    expect(parsePasswordHashCost('4')).toBe(4);
    expect(parsePasswordHashCost(' 15 ')).toBe(15);
    for (const value of ['3', '16', '10.5', '-4', 'ten'])
      expect(() => parsePasswordHashCost(value), value).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '31' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
