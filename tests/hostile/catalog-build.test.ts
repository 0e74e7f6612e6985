import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSciai } from '../support/sciai.ts';

/**
 * `sciai catalog build` reads snapshot folders a person points it at: broken, oversized, oddly
 * encoded or pathological files end in a clear failure (exit 1, no stack trace) or a build, never
 * a hang or a crash.
 */
const scratch = mkdtempSync(join(tmpdir(), 'sciai-catalog-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SNAPSHOT = [
  'repository: https://github.com/owner/list',
  `commit: ${'a'.repeat(40)}`,
  'date: 2026-01-02',
  '',
].join('\n');

let folders = 0;
/** A snapshots folder with the given sources, each a map of file name to content. */
function snapshots(sources: Record<string, Record<string, string | Buffer>>, snapshot = SNAPSHOT): string {
  const root = join(scratch, `snapshots-${++folders}`);
  for (const [source, files] of Object.entries(sources)) {
    mkdirSync(join(root, source), { recursive: true });
    writeFileSync(join(root, source, 'SNAPSHOT'), snapshot);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(root, source, name), content);
  }
  return root;
}

async function build(root: string, out = join(scratch, `out-${folders}`)) {
  const run = await runSciai(['catalog', 'build', '--snapshots', root, '--out', out], {});
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return { ...run, out };
}

const mlTool = (fields: Record<string, unknown>) =>
  JSON.stringify({
    biotoolsID: 'tool',
    name: 'Tool',
    description: 'A deep learning tool.',
    homepage: 'https://github.com/a/tool',
    ...fields,
  });

describe('sciai catalog build under hostile snapshots', () => {
  it('a broken JSON line names the source and fails cleanly', async () => {
    const run = await build(
      snapshots({ biotools: { 'tools.jsonl': `${mlTool({})}\n{"biotoolsID": "x", "name": \n` } }),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('bio.tools snapshot could not be read');
  });

  it('deeply nested and wrongly typed JSON fails cleanly or is skipped', async () => {
    const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const odd = [nested, JSON.stringify({ biotoolsID: 7, name: null, topic: 'x' }), JSON.stringify([1, 2])].join('\n');
    const run = await build(snapshots({ biotools: { 'tools.jsonl': `${odd}\n` } }));
    expect([0, 1]).toContain(run.code);
  });

  it('oversized fields build, with the short text and slug within their limits', async () => {
    const long = mlTool({
      name: `Tool ${'x'.repeat(100_000)}`,
      description: `Deep learning. ${'word '.repeat(400_000)}`,
    });
    const run = await build(snapshots({ biotools: { 'tools.jsonl': `${long}\n` } }));
    expect(run.code, run.stderr).toBe(0);
    const [item] = JSON.parse(readFileSync(join(run.out, 'software.json'), 'utf8')) as {
      slug: string;
      short_description: string;
    }[];
    expect(item!.slug.length).toBeLessThanOrEqual(80);
    expect(item!.short_description.length).toBeLessThanOrEqual(150);
  });

  it('odd encodings (BOM, NUL, invalid UTF-8, CRLF, zero-width and right-to-left marks) build', async () => {
    const readme = Buffer.concat([
      Buffer.from('\uFEFF## Physics\r\n'),
      Buffer.from('- **(Model\u200B\u202E)** _A title with a NUL \u0000 inside_ ```arXiv 2024```\r\n'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a]),
      Buffer.from('[[Paper](https://arxiv.org/abs/2401.00001)] [[GitHub](https://github.com/a/b)]\r\n'),
    ]);
    const run = await build(snapshots({ 'scientific-lms': { 'README.md': readme } }));
    expect(run.code, run.stderr).toBe(0);
    expect(() => JSON.parse(readFileSync(join(run.out, 'software.json'), 'utf8'))).not.toThrow();
  });

  it('pathological Markdown lines and unterminated BibTeX finish', async () => {
    const lines = [
      `- ${'['.repeat(3990)}`,
      `- ${'[x]('.repeat(990)}`,
      `| ${'[x](http://'.repeat(360)} |`,
      `- ${'![x]('.repeat(790)}`,
      `# ${' #'.repeat(1990)}x`,
      `- ${'[a'.repeat(1990)}`,
      `- ${'a'.repeat(200_000)}`,
    ];
    const markdown = lines.map((line) => `${line}\n`.repeat(20)).join('');
    const bib = `@article{k,\n title = {${'{'.repeat(50_000)}\n@article{j, title = "${'x'.repeat(50_000)}`;
    const tex = `\\begin{itemize}\n\\item \\textbf{${'a'.repeat(50_000)}\n${'\\end{itemize}\n'.repeat(1000)}`;
    const run = await build(
      snapshots({
        'ai-for-science': { 'README.md': markdown },
        medllms: { 'README.md': markdown },
        'ml-in-cosmology': { 'README.md': markdown },
        hepml: { 'HEPML.bib': bib, 'HEPML.tex': tex },
      }),
    );
    expect(run.code, run.stderr).toBe(0);
  });

  it('refuses a SNAPSHOT that names no GitHub repository, commit or date, and missing files', async () => {
    for (const snapshot of [
      'repository: https://github.com/../../etc\ncommit: nope\ndate: 2026-01-02\n',
      'repository: file:///etc/passwd\n',
      `repository: https://github.com/a/b\ncommit: ${'a'.repeat(40)}\ndate: yesterday\n`,
      '\u0000'.repeat(1000),
    ]) {
      const run = await build(snapshots({ hepml: { 'HEPML.bib': '', 'HEPML.tex': '' } }, snapshot));
      expect(run.code, snapshot).toBe(1);
      expect(run.stderr).toContain('SNAPSHOT must name');
    }
    const missing = await build(snapshots({ hepml: { 'HEPML.bib': '' } }));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Could not read the snapshots');
  });

  it('refuses a snapshot file larger than any source, and an output path that is a file', async () => {
    const root = snapshots({ hepml: { 'HEPML.bib': '', 'HEPML.tex': '' } });
    truncateSync(join(root, 'hepml', 'HEPML.bib'), 65 * 1024 * 1024);
    const huge = await build(root);
    expect(huge.code).toBe(1);
    expect(huge.stderr).toContain('more than a snapshot file may be');

    const file = join(scratch, 'a-file');
    writeFileSync(file, 'x');
    const run = await build(snapshots({ 'weather-climate-fm': { 'README.md': '' } }), file);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Could not write the catalog files');
    expect(readdirSync(scratch)).toContain('a-file');
  });
});
