import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { REPO_ROOT, startBackend } from '@sciai/server';
import { openPglite } from '../../server/src/database/engine.ts';

/**
 * Test databases are copied from templates instead of being migrated one by one (a PGlite
 * migration costs 10-13 s, a copy well under one). A template is made by the server's own start
 * (bootstrap, migrations, catalog), so it holds whatever the migrations are; it is keyed by
 * a hash of everything that shapes it, and rebuilt when any of that changes.
 *
 * `migrated`: the schema and reference data, no catalog. `seeded`: plus the catalog.
 * `initialised` (PGlite only): a new cluster as PGlite's initdb leaves it, nothing else: what a
 * first start finds once PGlite has made its files. Making one costs PGlite about 8 CPU-s (the
 * initdb program, compiled and run), opening a copy about 1.5.
 */
export type TemplateKind = 'initialised' | 'migrated' | 'seeded';
/** A PostgreSQL server makes a new database for the asking: there, `initialised` is simply a new one. */
export type PostgresTemplateKind = Exclude<TemplateKind, 'initialised'>;

/** Changes when what a template directory holds changes, so a run never finds one without its kinds. */
const TEMPLATE_LAYOUT = 'initialised, initialised.tar, migrated, seeded';

/** What a migrated, seeded database is made of (their tests aside). */
const TEMPLATE_INPUTS = [
  'supabase',
  'fixtures/catalog',
  'server/src/database',
  'server/src/seed',
  'node_modules/@electric-sql/pglite/package.json',
];

/**
 * Rows take their load time (created_at defaults to now()), so a template stands for a fresh
 * start only for a while; past this age the next run builds a new one.
 */
export const TEMPLATE_MAX_AGE_MS = 2 * 3600_000;
/**
 * Other templates (older, or of other inputs while the schema is being edited) are deleted when
 * a new one is built, once unused this long: any run still using one copies it more often.
 */
export const TEMPLATE_UNUSED_MS = 30 * 60_000;
const BUILD_WAIT_MS = 10 * 60_000;

const PGLITE_TEMPLATES = join(REPO_ROOT, 'node_modules/.cache/sciai-test-templates');

let inputsHash: string | undefined;

/** sha256 over the paths and contents of TEMPLATE_INPUTS, first 16 hex digits. */
export function templateInputsHash(): string {
  if (inputsHash) return inputsHash;
  const hash = createHash('sha256');
  const visit = (path: string) => {
    const absolute = join(REPO_ROOT, path);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const entry of readdirSync(absolute).sort()) visit(join(path, entry));
      return;
    }
    if (path.endsWith('.test.ts')) return;
    hash.update(`${path}\0`);
    hash.update(readFileSync(absolute));
    hash.update('\0');
  };
  for (const input of TEMPLATE_INPUTS) visit(input);
  hash.update(TEMPLATE_LAYOUT);
  inputsHash = hash.digest('hex').slice(0, 16);
  return inputsHash;
}

/**
 * A PGlite data directory of the given kind (its `pglite/` files, and `secrets.json` but in `initialised`), built on
 * first use. Copy it, never open it: opening it would change it under every later copy.
 */
export async function pgliteTemplate(kind: TemplateKind): Promise<string> {
  const hash = templateInputsHash();
  const found = findPgliteTemplate(hash);
  if (found) return join(markUsed(found), kind);
  mkdirSync(PGLITE_TEMPLATES, { recursive: true });
  const release = await lockFile(join(PGLITE_TEMPLATES, `${hash}.lock`), () => Boolean(findPgliteTemplate(hash)));
  try {
    const built = findPgliteTemplate(hash) ?? (await buildPgliteTemplate(hash));
    return join(markUsed(built), kind);
  } finally {
    release();
  }
}

/** Beside a PGlite template's kinds: the `initialised` cluster as a tar (PGlite's dumpDataDir). */
const CLUSTER_IMAGE = 'initialised.tar';

/**
 * A new, empty PGlite cluster as a tar, for openScratchDatabase's `pgliteImage`: a scratch
 * database in memory without PGlite's initdb. Read it, never change it.
 */
export async function pgliteClusterImage(): Promise<string> {
  return join(dirname(await pgliteTemplate('initialised')), CLUSTER_IMAGE);
}

/** The secrets every test data directory shares (see copySharedSecrets). */
export async function sharedSecretsFile(): Promise<string> {
  return join(await pgliteTemplate('migrated'), 'secrets.json');
}

/**
 * Gives a data directory the templates' secrets. On PostgreSQL this matters: the `authenticator`
 * role is the cluster's, and every start sets its password from its data directory's secrets, so
 * backends with different secrets on one server would lock each other's PostgREST out as soon as
 * it reconnects.
 */
export async function copySharedSecrets(dataDir: string): Promise<void> {
  cpSync(await sharedSecretsFile(), join(dataDir, 'secrets.json'));
}

function findPgliteTemplate(hash: string): string | undefined {
  if (!existsSync(PGLITE_TEMPLATES)) return undefined;
  const fresh = readdirSync(PGLITE_TEMPLATES)
    .map((name) => ({ name, builtAt: builtAtOf(name, hash) }))
    .filter(({ name, builtAt }) => !name.endsWith('.building') && Date.now() - builtAt < TEMPLATE_MAX_AGE_MS)
    .sort((a, b) => b.builtAt - a.builtAt);
  return fresh[0] ? join(PGLITE_TEMPLATES, fresh[0].name) : undefined;
}

/** `<hash>-<built at ms>`: the build time, or 0 when the name is another hash's. */
function builtAtOf(name: string, hash: string): number {
  const match = /^([0-9a-f]{16})-(\d+)/.exec(name);
  return match && match[1] === hash ? Number(match[2]) : 0;
}

async function buildPgliteTemplate(hash: string): Promise<string> {
  pruneOldPgliteTemplates();
  const builtAt = Date.now();
  const building = join(PGLITE_TEMPLATES, `${hash}-${builtAt}.building`);
  try {
    // The first start below would run PGlite's initdb itself; run it alone first and keep its
    // result, as a tar (for scratch databases in memory) and as a data directory.
    const initialised = join(building, 'initialised');
    mkdirSync(initialised, { recursive: true });
    const image = join(building, CLUSTER_IMAGE);
    const cluster = await PGlite.create('memory://');
    writeFileSync(image, Buffer.from(await (await cluster.dumpDataDir('none')).arrayBuffer()));
    await cluster.close();
    await (await openPglite(join(initialised, 'pglite'), {}, { image })).close();
    const migrated = join(building, 'migrated');
    cpSync(initialised, migrated, { recursive: true });
    await startAndStop(migrated, undefined, false);
    cpSync(migrated, join(building, 'seeded'), { recursive: true });
    await startAndStop(join(building, 'seeded'), undefined, true);
    const done = join(PGLITE_TEMPLATES, `${hash}-${builtAt}`);
    renameSync(building, done); // whole or not at all: readers never see a half-built template
    return done;
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
}

/** A template directory's modification time says when it was last copied. */
function markUsed(template: string): string {
  const now = new Date();
  utimesSync(template, now, now);
  return template;
}

function pruneOldPgliteTemplates(): void {
  for (const name of readdirSync(PGLITE_TEMPLATES)) {
    const path = join(PGLITE_TEMPLATES, name);
    if (!/^[0-9a-f]{16}-\d+/.test(name) || Date.now() - statSync(path).mtimeMs < TEMPLATE_UNUSED_MS) continue;
    rmSync(path, { recursive: true, force: true });
  }
}

/** The server's normal start (bootstrap, migrations, optionally the catalog), then a clean stop. */
export async function startAndStop(dataDir: string, databaseUrl: string | undefined, seed: boolean): Promise<void> {
  const backend = await startBackend({ dataDir, databaseUrl }, { seedSampleCatalog: seed, backgroundJobs: false });
  await backend.stop();
}

/**
 * An exclusive lock file holding our pid; waits while a live process holds it (until `done`
 * says the holder's work is there), takes it over from a dead one.
 */
async function lockFile(path: string, done: () => boolean): Promise<() => void> {
  const deadline = Date.now() + BUILD_WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (done()) return () => {};
    const holder = Number(readFileSync(path, 'utf8') || 0);
    if (!isAlive(holder)) {
      rmSync(path, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Gave up waiting for process ${holder} to build a template (${path})`);
    await sleep(250);
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
