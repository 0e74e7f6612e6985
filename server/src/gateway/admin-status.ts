import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { pingDatabase, type Backend } from '../backend.ts';
import { readMigrations } from '../database/migrations.ts';

/**
 * GET /healthz/admin: what the admin dashboard's System Status needs and the database cannot
 * know about itself — the engine, PGlite's data-directory size, the latency seen from here and
 * the migrations shipped but not applied. Only for an administrator: the bearer token is
 * verified here, and the role is asked of the database with that token's claims, so the same
 * rule (public.is_admin(), which may require aal2) decides as everywhere else. The token's session
 * is checked first by the function PostgREST runs before every Data API request
 * (public.check_request_session): a banned user's or an ended session's token is refused here
 * as there (docs/security.md, "Database rights").
 */
export function registerAdminStatus(app: FastifyInstance, backend: Backend): void {
  app.get('/healthz/admin', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const claims = await verifiedClaims(request, backend.secrets.jwtSecret);
    if (!claims) return reply.code(401).send({ message: 'Sign in as an administrator' });
    const standing = await adminStanding(backend, claims);
    if (standing === 'session-ended')
      return reply.code(401).send({ message: 'Session ended or account banned: sign in again' });
    if (standing !== 'admin') return reply.code(403).send({ message: 'Administrator access required' });

    const [latency, applied, dataDirBytes] = await Promise.allSettled([
      pingDatabase(backend.db.pool),
      backend.db.pool.query<{ version: string }>('select version from supabase_migrations.schema_migrations'),
      backend.db.engine === 'pglite' ? directorySize(join(backend.dataDir, 'pglite')) : Promise.resolve(null),
    ]);
    const appliedVersions = new Set(applied.status === 'fulfilled' ? applied.value.rows.map((row) => row.version) : []);
    const shipped = readMigrations();
    return {
      engine: backend.db.engine,
      database:
        latency.status === 'fulfilled'
          ? { ok: true, latency_ms: Number(latency.value.toFixed(2)) }
          : { ok: false, error: String(latency.reason) },
      data_dir_bytes: dataDirBytes.status === 'fulfilled' ? dataDirBytes.value : null,
      migrations: {
        applied: appliedVersions.size,
        shipped: shipped.length,
        pending: shipped
          .filter((migration) => !appliedVersions.has(migration.version))
          .map((m) => `${m.version}_${m.name}`),
      },
    };
  });
}

async function verifiedClaims(request: FastifyRequest, secret: string): Promise<Record<string, unknown> | undefined> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return typeof payload.sub === 'string' && payload.role === 'authenticated' ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** PostgREST's error for a token whose session ended or whose user is banned (check_request_session). */
const SESSION_ENDED = 'PT401';

async function adminStanding(
  backend: Backend,
  claims: Record<string, unknown>,
): Promise<'admin' | 'not-admin' | 'session-ended'> {
  const client = await backend.db.pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await client.query('select public.check_request_session()');
    const { rows } = await client.query<{ admin: boolean | null }>('select public.is_admin() as admin');
    await client.query('commit');
    return rows[0]?.admin === true ? 'admin' : 'not-admin';
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    if ((error as { code?: unknown }).code === SESSION_ENDED) return 'session-ended';
    throw error;
  } finally {
    client.release();
  }
}

/** Bytes of every file under `dir` (PGlite's files: a few levels, a few thousand entries). */
async function directorySize(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        stat(join(entry.parentPath, entry.name)).then(
          (info) => info.size,
          () => 0,
        ),
      ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}
