/**
 * At most `max` reports per sliding minute from this page, and never the same value twice in a
 * row: a user retyping into one field, or a script hammering blur, sends a few reports at most
 * (the gateway refuses more than 10 a minute per address anyway).
 */
export class ReportThrottle {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #sent: number[] = [];
  #lastValue: string | undefined;

  constructor(max = 3, windowMs = 60_000, now: () => number = Date.now) {
    this.#max = max;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** True (and counted) when a report of `value` may go out now. */
  take(value: string): boolean {
    if (value === this.#lastValue) return false;
    const now = this.#now();
    while (this.#sent.length > 0 && this.#sent[0]! <= now - this.#windowMs) this.#sent.shift();
    if (this.#sent.length >= this.#max) return false;
    this.#sent.push(now);
    this.#lastValue = value;
    return true;
  }
}
