import type { FastifyBaseLogger } from 'fastify';
import type { SecurityEvent } from './security-event.ts';

/** Writes one event; the gateway's is an INSERT over the owner connection. */
export type EventWriter = (event: SecurityEvent) => Promise<void>;

export interface RecorderOptions {
  write: EventWriter;
  log: FastifyBaseLogger;
  now?: () => number;
  /** The same event (type, severity, client, method, path) is written once per this window. */
  repeatWindowMs?: number;
  /** At most this many events are written per minute per process; the rest are only counted. */
  maxPerMinute?: number;
}

/**
 * Records security events off the request path: record() returns at once and never throws, so a
 * slow or failing database cannot slow or fail an answer. Repeats are folded (a flood of 429s
 * must not become a flood of INSERTs); when a write fails, the failure goes to the server log
 * and, as a security_logging_failure by `system`, to the table if the database takes it.
 */
export class SecurityEventRecorder {
  readonly #write: EventWriter;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  readonly #repeatWindowMs: number;
  readonly #maxPerMinute: number;
  readonly #lastWritten = new Map<string, number>();
  readonly #pending = new Set<Promise<void>>();
  #minuteStart = 0;
  #writtenThisMinute = 0;
  #droppedThisMinute = 0;

  constructor(options: RecorderOptions) {
    this.#write = options.write;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#repeatWindowMs = options.repeatWindowMs ?? 60_000;
    this.#maxPerMinute = options.maxPerMinute ?? 600;
  }

  /** Queues the event unless it repeats one written within the window; true when queued. */
  record(event: SecurityEvent): boolean {
    const now = this.#now();
    if (!this.#admit(event, now)) return false;
    this.#track(this.#writeOrReport(event));
    return true;
  }

  /** Resolves when every queued write has finished (the gateway waits for it on close). */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  #admit(event: SecurityEvent, now: number): boolean {
    const key = [event.eventType, event.severity, event.clientHash, event.method, event.path].join('|');
    const last = this.#lastWritten.get(key);
    if (last !== undefined && now - last < this.#repeatWindowMs) return false;
    if (now - this.#minuteStart >= 60_000) {
      if (this.#droppedThisMinute > 0)
        this.#log.warn(
          { dropped: this.#droppedThisMinute },
          'security events over the per-minute budget were not recorded',
        );
      this.#minuteStart = now;
      this.#writtenThisMinute = 0;
      this.#droppedThisMinute = 0;
      this.#sweep(now);
    }
    if (this.#writtenThisMinute >= this.#maxPerMinute) {
      this.#droppedThisMinute++;
      return false;
    }
    this.#writtenThisMinute++;
    this.#lastWritten.set(key, now);
    return true;
  }

  async #writeOrReport(event: SecurityEvent): Promise<void> {
    try {
      await this.#write(event);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#log.error(
        { event_type: 'security_logging_failure', failed_event: event.eventType, path: event.path, err: reason },
        'could not record a security event',
      );
      if (event.eventType === 'security_logging_failure') return; // no loop when the database is down
      await this.#write({
        eventType: 'security_logging_failure',
        severity: 'high',
        actor: 'system',
        userId: undefined,
        path: event.path,
        method: event.method,
        clientHash: undefined,
        details: { failed_event_type: event.eventType, reason: reason.slice(0, 500) },
      }).catch(() =>
        this.#log.error({ event_type: 'security_logging_failure' }, 'could not record the logging failure either'),
      );
    }
  }

  #track(promise: Promise<void>): void {
    this.#pending.add(promise);
    void promise.finally(() => this.#pending.delete(promise));
  }

  #sweep(now: number): void {
    for (const [key, time] of this.#lastWritten) if (now - time >= this.#repeatWindowMs) this.#lastWritten.delete(key);
  }
}
