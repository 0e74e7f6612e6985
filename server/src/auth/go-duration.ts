/** Nanoseconds per unit, as Go's time.ParseDuration knows them. */
const UNIT_NANOSECONDS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n, // U+00B5 micro sign
  μs: 1_000n, // U+03BC Greek mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
/** Go's time.Duration is an int64 of nanoseconds (about 292 years). */
const MAX_NANOSECONDS = 2n ** 63n - 1n;
const PART = /^(\d*)(?:\.(\d*))?([^\d.]+)/;

/**
 * A duration written as Go's time.ParseDuration reads it ("24h", "1h30m", "-1.5h", "0"), in
 * whole milliseconds; GoTrue's admin API takes a ban's length so. Throws Go's own message.
 */
export function parseGoDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration ${JSON.stringify(text)}`);
  let rest = text;
  let negative = false;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    negative = rest.startsWith('-');
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0n;
  while (rest !== '') {
    const match = PART.exec(rest);
    if (!match) {
      if (/^\d*\.?\d*$/.test(rest) && /\d/.test(rest))
        throw new Error(`time: missing unit in duration ${JSON.stringify(text)}`);
      throw invalid();
    }
    const [whole, integer = '', fraction = '', unit = ''] = match;
    if (integer === '' && fraction === '') throw invalid();
    const scale = UNIT_NANOSECONDS[unit];
    if (scale === undefined)
      throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(text)}`);
    // Go keeps the fraction to the nanosecond and drops what lies below it.
    const fractionNanoseconds = fraction === '' ? 0n : (BigInt(fraction) * scale) / 10n ** BigInt(fraction.length);
    total += BigInt(integer || '0') * scale + fractionNanoseconds;
    if (total > MAX_NANOSECONDS) throw invalid();
    rest = rest.slice(whole.length);
  }
  const milliseconds = Number(total / 1_000_000n);
  return negative ? -milliseconds : milliseconds;
}
