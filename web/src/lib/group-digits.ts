/**
 * A count with commas between groups of three digits, exactly as `toLocaleString('en')` writes
 * it (1234567 → '1,234,567'), without Intl for whole numbers: a page's first Intl number
 * format loads ICU's number data, tens of milliseconds of main-thread work on a slow phone in
 * the middle of the browse page's first render. Anything but a safe integer goes to Intl.
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}
