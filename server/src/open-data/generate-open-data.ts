import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { createGzip, type Gzip } from 'node:zlib';
import type pg from 'pg';
import {
  catalogCsvHeader,
  catalogCsvRows,
  catalogJsonLine,
  dataLicenses,
  itemMarkdownLine,
  markdownText,
  llmsFullHeader,
  OPEN_DATA_FILES,
  type DataLicenses,
  type DataSource,
  type PublicItem,
} from '@sciai/core';
import { catalogFingerprint, publicItemBatches } from './public-items.ts';

/** What /data states about the files: written last, so a manifest always names complete files. */
export interface OpenDataManifest {
  generated_at: string;
  item_count: number;
  /** The catalog state the files were made from (public-items.ts). */
  fingerprint: string;
  files: Array<{ name: string; bytes: number; sha256: string; media_type: string }>;
  /** The catalog text's licence and each source's, share-alike marked (docs/product.md#sources). */
  licenses: DataLicenses;
}

export const MANIFEST_FILE = 'manifest.json';
/** The gzip copy of llms-full.txt, sent to clients that accept gzip. */
export const LLMS_FULL_GZIP = `${OPEN_DATA_FILES.llmsFull}.gz`;

/** A gzip file written with backpressure: a write waits while the disk is behind. */
class GzipFile {
  private readonly gzip: Gzip;
  private readonly file: WriteStream;
  private readonly done: Promise<unknown>;

  constructor(path: string) {
    this.gzip = createGzip({ level: 6 });
    this.file = createWriteStream(path);
    this.gzip.pipe(this.file);
    this.done = once(this.file, 'close');
  }

  async write(text: string): Promise<void> {
    if (text && !this.gzip.write(text)) await once(this.gzip, 'drain');
  }

  async close(): Promise<void> {
    this.gzip.end();
    await this.done;
  }
}

async function fileDigest(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

const OTHER_FIELDS = { slug: '', name: 'Other fields' };

/**
 * The dumps and /llms-full.txt from one pass over the published catalog (a hundred items a
 * query). The dumps stream straight into gzip; llms-full.txt keeps one short line per item in
 * memory until the pass ends, because it is grouped field by field. Files are written beside the
 * current ones and renamed over them, the manifest last: a reader never sees half a file.
 */
export async function generateOpenData(
  pool: pg.Pool,
  directory: string,
  options: { origin?: string | undefined; now?: () => Date } = {},
): Promise<OpenDataManifest> {
  const origin = options.origin ?? '';
  // Taken first: a change during the pass makes the next check generate again.
  const fingerprint = await catalogFingerprint(pool);
  const generatedAt = (options.now ?? (() => new Date()))();
  await mkdir(directory, { recursive: true });
  const staging = join(directory, `.staging-${process.pid}-${generatedAt.getTime()}`);
  await mkdir(staging, { recursive: true });
  try {
    const { rows: sourceRows } = await pool.query<{ sources: DataSource[] | null }>(
      "select public.catalog_data_summary() -> 'sources' as sources",
    );
    const { rows: fields } = await pool.query<{ slug: string; name: string }>(
      'select slug, name from public.scientific_domains order by order_index, name',
    );
    const sections = new Map<string, { name: string; lines: string[] }>(
      [...fields, OTHER_FIELDS].map((field) => [field.slug, { name: field.name, lines: [] }]),
    );
    const jsonl = new GzipFile(join(staging, OPEN_DATA_FILES.jsonl));
    const csv = new GzipFile(join(staging, OPEN_DATA_FILES.csv));
    let count = 0;
    try {
      await csv.write(catalogCsvHeader());
      for await (const batch of publicItemBatches(pool)) {
        count += batch.length;
        await jsonl.write(batch.map((item) => catalogJsonLine(item, options.origin)).join(''));
        await csv.write(catalogCsvRows(batch));
        for (const item of batch) sectionOf(sections, item).lines.push(itemMarkdownLine(item, origin));
      }
    } finally {
      await Promise.all([jsonl.close(), csv.close()]);
    }

    const llms = new GzipFile(join(staging, LLMS_FULL_GZIP));
    const plain = createWriteStream(join(staging, OPEN_DATA_FILES.llmsFull));
    const plainDone = once(plain, 'close');
    const emit = async (text: string) => {
      await llms.write(text);
      if (!plain.write(text)) await once(plain, 'drain');
    };
    try {
      await emit(llmsFullHeader(origin, generatedAt, count));
      for (const { name, lines } of sections.values()) {
        if (!lines.length) continue;
        await emit(`\n## ${markdownText(name)} (${lines.length})\n\n`);
        // A few thousand lines a write: big enough to be quick, small enough to yield often.
        for (let start = 0; start < lines.length; start += 2_000) {
          await emit(`${lines.slice(start, start + 2_000).join('\n')}\n`);
        }
        lines.length = 0;
      }
    } finally {
      plain.end();
      await Promise.all([llms.close(), plainDone]);
    }

    const media: Record<string, string> = {
      [OPEN_DATA_FILES.jsonl]: 'application/gzip',
      [OPEN_DATA_FILES.csv]: 'application/gzip',
      [OPEN_DATA_FILES.llmsFull]: 'text/markdown; charset=utf-8',
    };
    const files: OpenDataManifest['files'] = [];
    for (const name of [OPEN_DATA_FILES.jsonl, OPEN_DATA_FILES.csv, OPEN_DATA_FILES.llmsFull]) {
      files.push({ name, ...(await fileDigest(join(staging, name))), media_type: media[name]! });
    }
    const manifest: OpenDataManifest = {
      generated_at: generatedAt.toISOString(),
      item_count: count,
      fingerprint,
      files,
      licenses: dataLicenses(sourceRows[0]?.sources ?? []),
    };
    for (const name of [...files.map((file) => file.name), LLMS_FULL_GZIP]) {
      await rename(join(staging, name), join(directory, name));
    }
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(join(staging, MANIFEST_FILE), join(directory, MANIFEST_FILE));
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** An item's section of llms-full.txt: its primary field (item_details lists it first). */
function sectionOf(sections: Map<string, { name: string; lines: string[] }>, item: PublicItem) {
  return sections.get(item.domains[0]?.slug ?? '') ?? sections.get('')!;
}
