import { describe, expect, it } from 'vitest';
import { detectSuspiciousInput } from './detect-suspicious-input.ts';
import { ReportThrottle } from './report-throttle.ts';

describe('detecting suspicious input', () => {
  it.each([
    ['<script>alert(1)</script>', ['script_tag']],
    ['< SCRIPT src=//x.example/a.js>', ['script_tag']],
    ['</script><b>', ['script_tag']],
    ['javascript:alert(1)', ['javascript_url']],
    ['JaVa\tScRiPt:void(0)', ['javascript_url']],
    ['&#106;avascript&colon;alert(1)', ['javascript_url']],
    ['<img src=x onerror=alert(1)>', ['inline_handler']],
    ['<svg onload = "x()">', ['inline_handler']],
    ['<a href="javascript:x" onclick="y">', ['javascript_url', 'inline_handler']],
  ])('%s', (value, expected) => {
    expect(detectSuspiciousInput(value)).toEqual(expected);
  });

  it.each([
    'protein folding',
    'online=true',
    'condition=met',
    'The script of the talk',
    'Java Script: the good parts?',
    'x',
  ])('lets "%s" pass', (value) => {
    expect(detectSuspiciousInput(value)).toEqual([]);
  });
});

describe('the report throttle', () => {
  it('lets a few reports a minute through, never the same value twice in a row', () => {
    let now = 0;
    const throttle = new ReportThrottle(3, 60_000, () => now);
    expect(throttle.take('a')).toBe(true);
    expect(throttle.take('a')).toBe(false);
    expect(throttle.take('b')).toBe(true);
    expect(throttle.take('c')).toBe(true);
    expect(throttle.take('d')).toBe(false);
    now = 60_001;
    expect(throttle.take('d')).toBe(true);
  });
});
