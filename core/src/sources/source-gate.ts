/**
 * How fast one source may be asked: a gate per source keeps at most `concurrency` requests in
 * flight and spaces their starts by 1/perSecond, and holds everyone back while the source has
 * asked to wait. The polite HTTP layer (http.ts) makes one gate per source of a run.
 */

export interface SourceLimit {
  /** Requests in flight at once. */
  concurrency: number;
  /** Requests started per second. */
  perSecond: number;
}

export const DEFAULT_LIMIT: SourceLimit = { concurrency: 4, perSecond: 5 };

/**
 * A per-source gate: at most `concurrency` requests in flight, starts spaced by 1/perSecond,
 * and a pause for everyone when the source said to wait (Retry-After applies to the client,
 * not only to the one request that got it).
 */
export class SourceGate {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private nextStart = 0;
  pausedUntil = 0;
  private readonly limit: SourceLimit;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  constructor(limit: SourceLimit, now: () => number, sleep: (ms: number) => Promise<void>) {
    this.limit = limit;
    this.now = now;
    this.sleep = sleep;
  }

  async enter(): Promise<void> {
    if (this.inFlight >= this.limit.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.inFlight += 1;
    }
    // A slot in time: reserved before sleeping so concurrent callers queue behind each other.
    const spacing = 1000 / Math.max(this.limit.perSecond, 0.001);
    for (;;) {
      const now = this.now();
      const start = Math.max(now, this.nextStart, this.pausedUntil);
      this.nextStart = start + spacing;
      if (start <= now) return;
      await this.sleep(start - now);
      if (this.now() >= this.pausedUntil) return;
    }
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight -= 1;
  }
}
