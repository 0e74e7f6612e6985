import { isIPv6 } from 'node:net';
import { rateLimitReached } from './errors.ts';

/**
 * What is limited, and how much: per client address and per e-mail address (or user), in memory.
 * A sign-in counts against the account only together with the address it came from: anyone may
 * name any account, so an account-wide count would let strangers lock its owner out
 * (docs/security.md#sign-in-limits).
 *
 * The two counts are sized apart. An address may stand for a whole room (a workshop or a
 * department behind one NAT), so sign-ups, resent confirmations and codes entered get room for
 * everyone in it; one e-mail address needs few, and its count is what stops mail floods to one
 * inbox and guessing a mailed code.
 */
export const AUTH_RATE_LIMITS = {
  sign_in: { perAddress: 5, perAccount: 5, windowMs: 60_000, accountFromAddress: true },
  sign_up: { perAddress: 30, perAccount: 5, windowMs: 60_000 },
  recover: { perAddress: 5, perAccount: 5, windowMs: 60_000 },
  // sign-in links by mail: a room signs in together, one inbox needs few
  otp: { perAddress: 30, perAccount: 5, windowMs: 60_000 },
  resend: { perAddress: 30, perAccount: 5, windowMs: 60_000 },
  mfa_verify: { perAddress: 5, perAccount: 5, windowMs: 60_000 },
  reauthenticate: { perAddress: 5, perAccount: 5, windowMs: 60_000 },
  // Links are followed, and codes entered, by a whole room at once; five tries in five minutes
  // for one e-mail address reach at most 1,440 of a six-digit code's million values in its day.
  verify: { perAddress: 150, perAccount: 5, windowMs: 5 * 60_000 },
  // GoTrue's default: sessions are refreshed far more often.
  refresh: { perAddress: 150, perAccount: 150, windowMs: 5 * 60_000 },
} as const;

export type LimitedAction = keyof typeof AUTH_RATE_LIMITS;

/** Who an attempt counts against: the client address, and the account when the request names one. */
export interface RateLimitSubject {
  ip: string | undefined;
  account?: string | undefined;
}

const SWEEP_EVERY = 1_000;

/**
 * Sliding-window counters. An attempt is refused (429 over_request_rate_limit, GoTrue's answer)
 * when any of its keys already had `max` attempts within the window; refused attempts do not
 * count, so a client that waits gets in again.
 */
export class RateLimits {
  readonly #hits = new Map<string, number[]>();
  readonly #now: () => number;
  #calls = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  consume(action: LimitedAction, subject: RateLimitSubject): void {
    const { perAddress, perAccount, windowMs } = AUTH_RATE_LIMITS[action];
    const now = this.#now();
    const counts = [{ key: `${action}:ip:${clientKey(subject.ip)}`, max: perAddress }];
    if (subject.account)
      counts.push({
        key: `${action}:account:${accountLimitKey(action, subject.account, subject.ip)}`,
        max: perAccount,
      });
    // The latest wait of the counts that are full: trying again sooner would be refused again.
    let retryAfterSeconds = 0;
    for (const { key, max } of counts) {
      const recent = this.#recent(key, now, windowMs);
      if (recent.length >= max) {
        const wait = Math.max(1, Math.ceil((recent[recent.length - max]! + windowMs - now) / 1000));
        retryAfterSeconds = Math.max(retryAfterSeconds, wait);
      }
    }
    if (retryAfterSeconds > 0) throw rateLimitReached(retryAfterSeconds);
    for (const { key } of counts) this.#recent(key, now, windowMs).push(now);
    if (++this.#calls % SWEEP_EVERY === 0) this.#sweep(now);
  }

  #recent(key: string, now: number, windowMs: number): number[] {
    const hits = this.#hits.get(key)?.filter((time) => time > now - windowMs) ?? [];
    this.#hits.set(key, hits);
    return hits;
  }

  /** Drops keys with no attempt inside the longest window, so memory follows active clients. */
  #sweep(now: number): void {
    const longest = Math.max(...Object.values(AUTH_RATE_LIMITS).map((limit) => limit.windowMs));
    for (const [key, hits] of this.#hits) {
      if (hits.every((time) => time <= now - longest)) this.#hits.delete(key);
    }
  }
}

/** What an account's counter is keyed by: the account, or for sign-ins the account and address. */
export function accountLimitKey(action: LimitedAction, account: string, ip: string | undefined): string {
  const name = account.toLowerCase();
  return 'accountFromAddress' in AUTH_RATE_LIMITS[action] ? `${name}@from:${clientKey(ip)}` : name;
}

/** An IPv6 client controls a whole /64, so it counts as one address. */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  if (!isIPv6(ip) || ip.toLowerCase().startsWith('::ffff:')) return ip;
  return expandIPv6(ip).slice(0, 4).join(':') + '::/64';
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
