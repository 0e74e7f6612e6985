import { describe, expect, it } from 'vitest';
import { formatCompactCount, formatDate, formatNumber, formatRelativeTime } from './format-locale.ts';

describe('formatting in a language', () => {
  it('writes short counts the English way in English and the language’s own way elsewhere', () => {
    expect(formatCompactCount(1_250, 'en')).toBe('1.3K');
    expect(formatCompactCount(2_340_000, 'en')).toBe('2.3M');
    expect(formatCompactCount(1_250, 'es')).toMatch(/^1,3\s?mil$/);
    expect(formatCompactCount(12_500, 'zh')).toBe('1.3万');
    expect(formatCompactCount(999, 'ar')).toBe('999');
  });

  it('groups numbers and writes dates and relative times the language’s way', () => {
    expect(formatNumber(12345, {}, 'en')).toBe('12,345');
    expect(formatNumber(12345, {}, 'es')).toBe('12.345');
    expect(formatDate('2026-12-07T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' }, 'zh')).toBe('2026年12月7日');
    const now = Date.parse('2026-12-07T12:00:00Z');
    expect(formatRelativeTime('2026-12-07T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime('2026-12-07T09:00:00Z', now, 'es')).toBe('hace 3 horas');
  });
});
