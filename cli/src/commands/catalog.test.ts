import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCatalog, catalogFiles } from '@sciai/core/catalog-build';
import { readSnapshots } from '../catalog/read-snapshots.ts';
import { runCli } from '../program.ts';
import { DEFAULT_BUILT, DEFAULT_SNAPSHOTS, readHandWritten } from './catalog.ts';

async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        append(chunk.toString());
        done();
      },
    });
  const code = await runCli(args, {
    env: { DATA_DIR: join(scratch, 'no-database') },
    stdout: sink((text) => (stdout += text)),
    stderr: sink((text) => (stderr += text)),
  });
  return { code, stdout, stderr };
}

const scratch = mkdtempSync(join(tmpdir(), 'sciai-catalog-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A snapshots folder of three small sources: the command's behaviour, without the full build's time. */
function smallSnapshots(): string {
  const folder = join(scratch, 'small-snapshots');
  for (const source of ['llm-social-science', 'weather-climate-fm', 'fda-aiml-devices']) {
    cpSync(join(DEFAULT_SNAPSHOTS, source), join(folder, source), { recursive: true });
  }
  return folder;
}

describe('sciai catalog build', () => {
  it('the committed catalog files are exactly a fresh build of the committed snapshots', () => {
    const snapshots = readSnapshots(DEFAULT_SNAPSHOTS);
    const files = catalogFiles(buildCatalog(snapshots), snapshots, readHandWritten());
    expect(readdirSync(DEFAULT_BUILT).sort()).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files)) {
      // Compared whole but reported by name: a diff of megabytes helps no one.
      expect(readFileSync(join(DEFAULT_BUILT, name), 'utf8') === text, `${name} differs from a fresh build`).toBe(true);
    }
  });

  it('writes the same bytes twice; --check accepts them and names a file edited by hand', async () => {
    const snapshots = smallSnapshots();
    const out = join(scratch, 'built');
    const first = await run(['catalog', 'build', '--snapshots', snapshots, '--out', out]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Built [\d,]+ items from 3 sources/);
    const once = Object.fromEntries(readdirSync(out).map((name) => [name, readFileSync(join(out, name), 'utf8')]));
    expect(Object.keys(once).sort()).toEqual([
      'agents.json',
      'companies.json',
      'fields.json',
      'overlaps.json',
      'papers.json',
      'software.json',
      'sources.json',
      'summary.json',
    ]);
    expect((await run(['catalog', 'build', '--snapshots', snapshots, '--out', out])).code).toBe(0);
    for (const name of readdirSync(out)) expect(readFileSync(join(out, name), 'utf8') === once[name], name).toBe(true);
    const check = await run(['catalog', 'build', '--snapshots', snapshots, '--out', out, '--check']);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain('match a fresh build');

    writeFileSync(join(out, 'companies.json'), once['companies.json']!.replace('Maker of', 'Maker  of'));
    const edited = await run(['catalog', 'build', '--snapshots', snapshots, '--out', out, '--check']);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain('companies.json');
  });

  it('refuses a snapshots folder that is missing, empty, or with a malformed SNAPSHOT', async () => {
    const missing = await run([
      'catalog',
      'build',
      '--snapshots',
      join(scratch, 'nowhere'),
      '--out',
      join(scratch, 'x'),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No snapshots folder');
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    const none = await run(['catalog', 'build', '--snapshots', empty, '--out', join(scratch, 'y')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No source snapshots');
    const bad = join(scratch, 'bad');
    mkdirSync(join(bad, 'hepml'), { recursive: true });
    writeFileSync(join(bad, 'hepml', 'SNAPSHOT'), 'repository: ../../etc\ncommit: nope\n');
    const malformed = await run(['catalog', 'build', '--snapshots', bad, '--out', join(scratch, 'z')]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('SNAPSHOT must name');
  });
});
