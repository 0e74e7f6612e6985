import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  readSnapshotFile,
  SNAPSHOT_SOURCES,
  type SnapshotText,
  type Snapshots,
  type SourceId,
} from '@sciai/core/catalog-build';

/** Every source folder under `root` that has a SNAPSHOT file, with the files the build reads. */
export function readSnapshots(root: string): Snapshots {
  const snapshots: Partial<Record<SourceId, SnapshotText>> = {};
  for (const config of SNAPSHOT_SOURCES) {
    const folder = join(root, config.id);
    if (!existsSync(join(folder, 'SNAPSHOT'))) continue;
    const meta = readSnapshotFile(readFileSync(join(folder, 'SNAPSHOT'), 'utf8'));
    const files: Record<string, string> = {};
    for (const file of config.files) files[file.saveAs] = readFileSync(join(folder, file.saveAs), 'utf8');
    snapshots[config.id] = { ...meta, files };
  }
  return snapshots;
}
