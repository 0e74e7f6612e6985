import pg from 'pg';

/**
 * A `pg` pool whose connections can break without ending the process. A connection that fails
 * (the database restarted, PGlite's wire server cut a client off, an administrator ended the
 * session) emits 'error' on its client; the pool listens while a client is idle, but not while
 * code holds it from `pool.connect()`, and an 'error' event nobody hears is an uncaught
 * exception. So every client gets a listener of its own for its whole life: the failure still
 * reaches whoever uses the client, as the rejection of its running or next query, and the pool
 * drops the client when it is released.
 */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}
