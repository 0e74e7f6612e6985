import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Backend } from '../backend.ts';
import { dumpDatabase, type DumpOptions } from '../database/backup/dump.ts';
import { MAX_DUMP_BYTES } from '../database/backup/dump-format.ts';
import { restoreDatabase, RestoreRefusedError } from '../database/backup/restore.ts';

/**
 * /ops/v1: operations the CLI asks of a running server that owns the database (PGlite cannot
 * be opened by a second process). Service-role key only, and only from this machine; checked
 * before a body is read, so nobody else can make the server take in a restore file.
 */
export function registerOperationsApi(app: FastifyInstance, backend: Backend, dump: DumpOptions = {}): void {
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith('/ops/')) return;
      const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
      if (!loopback || request.headers.authorization !== `Bearer ${backend.secrets.serviceRoleKey}`) {
        return reply.code(403).send({ message: 'Operations need the service-role key, from this machine' });
      }
    });
    scope.addContentTypeParser('application/sql', { parseAs: 'string', bodyLimit: MAX_DUMP_BYTES }, (_r, body, done) =>
      done(null, body),
    );

    scope.post('/ops/v1/migrate', async () => {
      const applied = await backend.migrate();
      return { applied };
    });

    // docs/security.md, "Backups": a logical dump, streamed as it is read, in chunks between
    // which the database serves everyone else
    scope.get('/ops/v1/dump', async (_request, reply) => {
      return reply
        .type('application/sql; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(Readable.from(dumpDatabase(backend.db.pool, backend.db.engine, dump)));
    });

    scope.post<{ Querystring: { force?: string } }>(
      '/ops/v1/restore',
      { bodyLimit: MAX_DUMP_BYTES },
      async (request, reply) => {
        if (typeof request.body !== 'string') {
          return reply.code(415).send({ message: 'Send the dump as application/sql' });
        }
        try {
          return await restoreDatabase(backend.db.pool, request.body, { force: request.query.force === 'true' });
        } catch (error) {
          if (error instanceof RestoreRefusedError) return reply.code(422).send({ message: error.message });
          throw error;
        }
      },
    );
  });
}
