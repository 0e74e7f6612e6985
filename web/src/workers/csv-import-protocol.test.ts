import { describe, expect, it } from 'vitest';
import { estimateRows, importPercent, processingPercent } from './csv-import-protocol.ts';

describe('estimateRows', () => {
  it('counts data lines with or without a final line break', () => {
    expect(estimateRows('title\na\nb\n')).toBe(2);
    expect(estimateRows('title\na\nb')).toBe(2);
    expect(estimateRows('title\r\na\r\nb\r\n')).toBe(2);
  });

  it('never undercounts, so the reading bar cannot run ahead: quoted line breaks count extra', () => {
    expect(estimateRows('title,abstract\na,"line one\nline two"\n')).toBe(2);
  });

  it('is at least 1, so it can divide', () => {
    expect(estimateRows('')).toBe(1);
    expect(estimateRows('title\n')).toBe(1);
  });
});

describe('processingPercent', () => {
  it('fills the first half while reading, capped at 50 however wrong the estimate', () => {
    expect(processingPercent({ phase: 'reading', rowsRead: 500 }, 1_000)).toBe(25);
    expect(processingPercent({ phase: 'reading', rowsRead: 2_000 }, 1_000)).toBe(50);
  });

  it('goes from 50 to 90 while validating, then 95 for the duplicate lookup and 100 when done', () => {
    expect(processingPercent({ phase: 'validating', rowsValidated: 0, totalRows: 10 }, 10)).toBe(50);
    expect(processingPercent({ phase: 'validating', rowsValidated: 5, totalRows: 10 }, 10)).toBe(70);
    expect(processingPercent({ phase: 'validating', rowsValidated: 10, totalRows: 10 }, 10)).toBe(90);
    expect(processingPercent({ phase: 'checking-duplicates', keys: 3 }, 10)).toBe(95);
    expect(processingPercent({ phase: 'done' }, 10)).toBe(100);
  });
});

describe('importPercent', () => {
  it('follows the staged chunks to 90, the commit to 95 and 100 when done', () => {
    const staging = (chunksStaged: number) =>
      ({ phase: 'staging', chunksStaged, totalChunks: 4, rowsStaged: 0, totalRows: 10 }) as const;
    expect(importPercent(staging(0))).toBe(0);
    expect(importPercent(staging(2))).toBe(45);
    expect(importPercent(staging(4))).toBe(90);
    expect(importPercent({ phase: 'committing', rows: 10 })).toBe(95);
    expect(importPercent({ phase: 'done' })).toBe(100);
  });
});
