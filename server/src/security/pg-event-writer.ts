import type pg from 'pg';
import type { EventWriter } from './event-recorder.ts';

/**
 * One parameterised INSERT over the gateway's owner connection (the API has no write path). The
 * user is looked up rather than trusted: a token can outlive its deleted account.
 */
export function createPgEventWriter(pool: pg.Pool): EventWriter {
  return async (event) => {
    await pool.query(
      `insert into public.security_events (event_type, severity, actor, user_id, path, method, client_hash, details)
       values ($1, $2, $3, (select u.id from auth.users u where u.id = $4::uuid), $5, $6, $7, $8::jsonb)`,
      [
        event.eventType,
        event.severity,
        event.actor,
        event.userId ?? null,
        event.path ?? null,
        event.method ?? null,
        event.clientHash ?? null,
        JSON.stringify(event.details),
      ],
    );
  };
}
