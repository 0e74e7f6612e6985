import { describe, expect, inject, it } from 'vitest';
import { startBackend } from '@sciai/server';
import { createTestDatabase } from '../support/backend.ts';

/** An import interrupted without a chance to discard its batch (kill -9, a closed tab) leaves nothing behind. */
describe('stale import batches', () => {
  const engine = inject('engine');

  it('are removed when the server starts, fresh ones kept', async () => {
    const database = await createTestDatabase(engine, 'migrated', `sciai-stale-batches-${engine}-`);
    const first = await startBackend(
      { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
      { seedSampleCatalog: false, backgroundJobs: false },
    );
    try {
      await first.db.pool.query(`insert into public.import_batches (content_type, file_name, created_at)
        values ('paper', 'interrupted.csv', now() - interval '2 hours'), ('paper', 'in-progress.csv', now())`);
    } finally {
      await first.stop();
    }

    const second = await startBackend(
      { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
      { seedSampleCatalog: false },
    );
    try {
      let names: string[] = [];
      const deadline = Date.now() + 5_000;
      do {
        const { rows } = await second.db.pool.query<{ file_name: string }>(
          'select file_name from public.import_batches order by file_name',
        );
        names = rows.map((row) => row.file_name);
        if (!names.includes('interrupted.csv')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      } while (Date.now() < deadline);
      expect(names).toEqual(['in-progress.csv']);
    } finally {
      await second.stop();
      await database.remove();
    }
  }, 60_000);
});
