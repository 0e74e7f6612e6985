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
  /** At most this many of them per client (its hashed address); events without a client count only in the total. */
  maxPerClientPerMinute?: number;
}

/** The whole log's room a minute, per process: a backstop against many clients at once. */
export const SECURITY_EVENTS_PER_MINUTE = 600;
/**
 * One client's room a minute: a thirtieth of the whole, so that one address (an IPv6 /64) that
 * sends refusal after refusal on paths of its own leaves the log room for everyone else's.
 */
export const SECURITY_EVENTS_PER_CLIENT_PER_MINUTE = 20;

/**
 * Records security events off the request path: record() returns at once and never throws, so a
 * slow or failing database cannot slow or fail an answer. Repeats are folded (a flood of 429s
 * must not become a flood of INSERTs), each client has a budget a minute within the process's
 * (so one client's flood of distinct refusals cannot crowd out another's); when a write fails, the failure goes to the server log
 * and, as a security_logging_failure by `system`, to the table if the database takes it.
 */
export class SecurityEventRecorder {
  readonly #write: EventWriter;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  readonly #repeatWindowMs: number;
  readonly #maxPerMinute: number;
  readonly #maxPerClient: number;
  readonly #writtenByClient = new Map<string, number>();
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
    this.#maxPerMinute = options.maxPerMinute ?? SECURITY_EVENTS_PER_MINUTE;
    this.#maxPerClient = options.maxPerClientPerMinute ?? SECURITY_EVENTS_PER_CLIENT_PER_MINUTE;
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
      this.#writtenByClient.clear();
      this.#sweep(now);
    }
    const byClient = event.clientHash === undefined ? 0 : (this.#writtenByClient.get(event.clientHash) ?? 0);
    if (this.#writtenThisMinute >= this.#maxPerMinute || byClient >= this.#maxPerClient) {
      this.#droppedThisMinute++;
      return false;
    }
    this.#writtenThisMinute++;
    if (event.clientHash !== undefined) this.#writtenByClient.set(event.clientHash, byClient + 1);
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
