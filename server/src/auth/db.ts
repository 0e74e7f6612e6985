import type pg from 'pg';

/** What a query runs on: the pool, or the client holding a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/**
 * Runs `work` in one transaction: every write of it lands, or none does. Keep network I/O
 * (mail) out of it: on PGlite an open transaction holds the database's only session.
 */
export function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransactionCommittingOn(pool, () => false, work);
}

/**
 * Like inTransaction, but commits before rethrowing a failure that `keep` selects: used when
 * refusing a request must still leave a trace (revoking a token family on reuse).
 */
export async function inTransactionCommittingOn<T>(
  pool: pg.Pool,
  keep: (error: unknown) => boolean,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    let result: T;
    try {
      result = await work(client);
    } catch (error) {
      await client.query(keep(error) ? 'commit' : 'rollback');
      throw error;
    }
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
