import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  readSnapshotFile,
  SNAPSHOT_SOURCES,
  type SnapshotText,
  type Snapshots,
  type SourceId,
} from '@sciai/core/catalog-build';

/** Far above any source's file (bio.tools' machine-learning tools are 3.2 MB); a larger one is not a snapshot. */
export const MAX_SNAPSHOT_FILE_BYTES = 64 * 1024 * 1024;

function readText(path: string): string {
  const size = statSync(path).size;
  if (size > MAX_SNAPSHOT_FILE_BYTES) throw new Error(`${path} is ${size} bytes, more than a snapshot file may be`);
  return readFileSync(path, 'utf8');
}

/** Every source folder under `root` that has a SNAPSHOT file, with the files the build reads. */
export function readSnapshots(root: string): Snapshots {
  const snapshots: Partial<Record<SourceId, SnapshotText>> = {};
  for (const config of SNAPSHOT_SOURCES) {
    const folder = join(root, config.id);
    if (!existsSync(join(folder, 'SNAPSHOT'))) continue;
    const meta = readSnapshotFile(readText(join(folder, 'SNAPSHOT')));
    const files: Record<string, string> = {};
    for (const file of config.files) files[file.saveAs] = readText(join(folder, file.saveAs));
    snapshots[config.id] = { ...meta, files };
  }
  return snapshots;
}
