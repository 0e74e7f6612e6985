import { createHmac } from 'node:crypto';
import { clientKey } from '../auth/rate-limits.ts';

export type SecurityEventType =
  'rls_violation' | 'unauthorized' | 'rate_limit' | 'suspicious_input' | 'security_logging_failure';
export type SecuritySeverity = 'low' | 'medium' | 'high' | 'critical';
export type SecurityActor = 'user' | 'anonymous' | 'system';

/** One row of public.security_events, as the gateway writes it. */
export interface SecurityEvent {
  eventType: SecurityEventType;
  severity: SecuritySeverity;
  actor: SecurityActor;
  userId: string | undefined;
  path: string | undefined;
  method: string | undefined;
  /** HMAC of the client address (see hashClientAddress); never the address itself. */
  clientHash: string | undefined;
  details: Record<string, unknown>;
}

/**
 * How the gateway classifies an answer of the APIs (docs/product.md#security-log): 401 is a request the database or
 * the auth service refused for want of a valid identity (PostgREST answers RLS refusals of anon
 * with 401), 403 one refused to a signed-in caller, 429 a client over a rate limit.
 */
export function classifyStatus(status: number): Pick<SecurityEvent, 'eventType' | 'severity'> | undefined {
  if (status === 401) return { eventType: 'rls_violation', severity: 'medium' };
  if (status === 403) return { eventType: 'rls_violation', severity: 'high' };
  if (status === 429) return { eventType: 'rate_limit', severity: 'critical' };
  return undefined;
}

/** The APIs whose refusals are recorded: the Data API and the auth service. */
export function isMonitoredApiPath(url: string): boolean {
  return /^\/(rest|auth)\/v1(\/|$|\?)/.test(url);
}

/**
 * Events from one address can be grouped, yet the table never holds the address: a keyed
 * hash (the JWT secret never leaves the server), truncated, of the address as the rate limits
 * count it (an IPv6 /64 as one).
 */
export function hashClientAddress(secret: string, ip: string | undefined): string {
  return createHmac('sha256', secret)
    .update(`security-event\n${clientKey(ip)}`)
    .digest('hex')
    .slice(0, 32);
}

/** The path without its query (which may carry search terms or tokens), capped at the column's size. */
export function pathOf(url: string): string {
  return (url.split('?')[0] ?? '/').slice(0, 2048);
}
