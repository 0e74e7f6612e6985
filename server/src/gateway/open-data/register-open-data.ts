import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Backend } from '../../backend.ts';
import type { OpenDataRefresh } from '../../config.ts';
import { startOpenDataRefresher } from '../../open-data/open-data-refresher.ts';
import { registerEmbedWidget } from './embed-widget.ts';
import { registerOpenDataRoutes } from './open-data-routes.ts';

/** Where a server keeps its generated open-data files. */
export function openDataDirectory(dataDir: string): string {
  return join(dataDir, 'open-data');
}

/**
 * The open-data routes, and the refresher that keeps their files current. The files live in
 * each server's own data directory, so every server with background jobs keeps its own copy
 * (not only the holder of the job lock); a one-shot CLI gateway (no jobs) only serves.
 */
export function registerOpenData(
  app: FastifyInstance,
  backend: Backend,
  publicUrl: string | undefined,
  refresh: OpenDataRefresh,
): void {
  const directory = openDataDirectory(backend.dataDir);
  const routes = registerOpenDataRoutes(app, backend.db.pool, directory, publicUrl);
  registerEmbedWidget(app, backend.db.pool, publicUrl);
  if (!backend.jobs) return;
  const refresher = startOpenDataRefresher(backend.db.pool, directory, {
    origin: publicUrl,
    ...refresh,
    onCatalogChange: () => routes.forgetItems(),
    log: (message, details) => app.log.info(details ?? {}, message),
  });
  app.addHook('onClose', async () => refresher.stop());
}
