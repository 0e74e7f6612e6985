/**
 * Writes the trimmed source snapshots under fixtures/sources/snapshots/ from bare git mirrors of
 * the source repositories: the files the catalog build reads (bio.tools cut to its
 * machine-learning tools), the licence file, and a SNAPSHOT file naming the repository, the
 * commit and its date. Run by hand when refreshing the sources:
 *
 *   node cli/src/catalog/trim-snapshots.ts <mirror-root> [<output-dir>]
 *
 * where <mirror-root>/<owner>+<name>/repo is a clone (bare or not) of each repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMachineLearningTool, SNAPSHOT_SOURCES, type SnapshotSourceConfig } from '@sciai/core/catalog-build';

const [mirrorRoot, outputRoot = 'fixtures/sources/snapshots'] = process.argv.slice(2);
if (mirrorRoot === undefined) {
  process.stderr.write('usage: node cli/src/catalog/trim-snapshots.ts <mirror-root> [<output-dir>]\n');
  process.exit(2);
}

function gitDir(repository: string): string {
  const base = join(mirrorRoot!, repository.replace('/', '+'), 'repo');
  return existsSync(join(base, '.git')) ? join(base, '.git') : base;
}

function git(dir: string, args: string[], input?: string): string {
  return execFileSync('git', [`--git-dir=${dir}`, ...args], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    ...(input === undefined ? {} : { input }),
  });
}

interface BiotoolsJson {
  biotoolsID: string;
  description?: string;
  topic?: { uri?: string }[];
  credit?: Record<string, unknown>[];
}

/** bio.tools: every data/<id>/<id>.biotools.json read in one `cat-file --batch`, kept when machine learning. */
function biotoolsRecords(dir: string): string {
  const tree = git(dir, ['ls-tree', '-r', 'HEAD', 'data']);
  const blobs = tree
    .split('\n')
    .filter((line) => line.endsWith('.biotools.json'))
    .map((line) => line.split(/\s+/)[2]!);
  const raw = Buffer.from(git(dir, ['cat-file', '--batch'], blobs.join('\n') + '\n'), 'utf8');
  const kept: BiotoolsJson[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const headerEnd = raw.indexOf(10, offset);
    const size = Number(raw.subarray(offset, headerEnd).toString('utf8').split(' ')[2]);
    const record = JSON.parse(raw.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8')) as BiotoolsJson;
    if (isMachineLearningTool(record)) kept.push(withoutEmails(record));
    offset = headerEnd + 1 + size + 1;
  }
  kept.sort((a, b) => (a.biotoolsID < b.biotoolsID ? -1 : 1));
  // One record a line: small diffs when the snapshot is refreshed.
  return kept.map((record) => JSON.stringify(record)).join('\n') + '\n';
}

/** Contacts' e-mail addresses are not catalog facts; they stay out of the repository. */
function withoutEmails(record: BiotoolsJson): BiotoolsJson {
  if (record.credit === undefined) return record;
  return { ...record, credit: record.credit.map(({ email: _email, ...rest }) => rest) };
}

function writeSource(config: SnapshotSourceConfig): void {
  const dir = gitDir(config.repository);
  const [commit, date] = git(dir, ['log', '-1', '--format=%H %cI', 'HEAD']).trim().split(' ') as [string, string];
  const target = join(outputRoot, config.id);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const file of config.files) {
    const text = config.id === 'biotools' ? biotoolsRecords(dir) : git(dir, ['show', `HEAD:${file.path}`]);
    writeFileSync(join(target, file.saveAs), text);
  }
  if (config.licenseFile !== undefined) {
    writeFileSync(join(target, 'LICENSE'), git(dir, ['show', `HEAD:${config.licenseFile}`]));
  }
  const snapshot = [
    `repository: https://github.com/${config.repository}`,
    `commit: ${commit}`,
    `date: ${date}`,
    `files: ${config.files.map((file) => `${file.path} -> ${file.saveAs}`).join('; ')}`,
    `licence: ${config.license}`,
    `licence-basis: ${config.licenseBasis}`,
    '',
  ].join('\n');
  writeFileSync(join(target, 'SNAPSHOT'), snapshot);
  process.stdout.write(`${config.id}: ${commit} ${date}\n`);
}

for (const config of SNAPSHOT_SOURCES) writeSource(config);
