import type { FastifyRequest } from 'fastify';
import { validationFailed } from './errors.ts';
import type { ClientInfo } from './sessions.ts';

/** The JSON body as a plain object (GoTrue ignores fields it does not know). */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  return asObject(request.body) ?? {};
}

/** A string field, or undefined when absent or empty; anything else is a 400 naming the field. */
export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw validationFailed(`${field} must be a string`);
  return value;
}

/** A JSON object field (user metadata), or undefined; at most 16 KB, as it rides in every token. */
export function optionalObject(body: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  const object = asObject(value);
  if (!object) throw validationFailed(`${field} must be an object`);
  if (JSON.stringify(object).length > 16 * 1024) throw validationFailed(`${field} must be at most 16 KB`);
  return object;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : undefined;
}

export function queryString(request: FastifyRequest, name: string): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
}

/** The address as the per-account rate limits count it, before it is validated. */
export function accountKey(email: unknown): string | undefined {
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}
