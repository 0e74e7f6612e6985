import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { ImportGraph } from './import-graph.ts';
import { noImportCycle } from './no-import-cycle.ts';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = mkdtempSync(join(tmpdir(), 'no-import-cycle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): string {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** A case's file, also on disk: the files it imports resolve their imports to it there. */
const linted = (path: string, code: string) => ({ filename: write(path, code), code });

write('types/b.ts', "import type { A } from './a.ts';\nexport interface B { a: A }\n");
write('values/b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n");
write('lazy/b.ts', "import { a } from './a.ts';\nexport const b = a;\n");
write('line/b.ts', "import { c } from './c.ts';\nexport const b = c;\n");
write('line/c.ts', 'export const c = 1;\n');
write('long/b.ts', "export * from './c.ts';\n");
write('long/c.ts', "import './a.ts';\nexport const c = 1;\n");
write('packages/app/node_modules/.keep', '');
write('packages/lib/package.json', JSON.stringify({ name: '@demo/lib', exports: { '.': './src/index.ts' } }));
write('packages/lib/src/index.ts', "import { app } from '../../app/src/a.ts';\nexport const lib = app;\n");
mkdirSync(join(root, 'packages/app/node_modules/@demo'), { recursive: true });
symlinkSync(join(root, 'packages/lib'), join(root, 'packages/app/node_modules/@demo/lib'));
write('registry/node_modules/outside/package.json', JSON.stringify({ name: 'outside', main: 'index.js' }));
write('registry/node_modules/outside/index.js', "import '../../a.ts';\n");

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
/** The message, which names the files relative to the directory ESLint runs in. */
const cycle = (...files: string[]) => ({
  messageId: 'cycle',
  data: { loop: files.map((file) => relative(process.cwd(), join(root, file))).join(' → ') },
});

tester.run('no-import-cycle', noImportCycle, {
  valid: [
    linted('line/a.ts', "import { b } from './b.ts';\nexport const a = b;\n"),
    linted('registry/a.ts', "import 'outside';\nexport const a = 1;\n"),
    linted('line/a.ts', "import styles from './a.css';\nexport const a = styles;\n"),
  ],
  invalid: [
    {
      // A loop through a type-only import still ties the two modules together.
      ...linted('types/a.ts', "import type { B } from './b.ts';\nexport interface A { b?: B }\n"),
      errors: [cycle('types/a.ts', 'types/b.ts', 'types/a.ts')],
    },
    {
      ...linted('values/a.ts', "import { b } from './b.ts';\nexport const a = 1;\nexport const c = b;\n"),
      errors: 1,
    },
    {
      // Loading lazily does not untie a loop.
      ...linted('lazy/a.ts', "export const a = 1;\nexport const later = () => import('./b.ts');\n"),
      errors: 1,
    },
    {
      ...linted('long/a.ts', "export { c } from './b.ts';\n"),
      errors: [cycle('long/a.ts', 'long/b.ts', 'long/c.ts', 'long/a.ts')],
    },
    {
      // A workspace package counts as the file its exports name.
      ...linted(
        'packages/app/src/a.ts',
        "import { lib } from '@demo/lib';\nexport const app = 1;\nexport const again = lib;\n",
      ),
      errors: 1,
    },
  ],
});

describe('ImportGraph', () => {
  it('forgets what it read once a linted file reads differently (an editor keeps the linter running)', ({ expect }) => {
    const a = write('edited/a.ts', "import { b } from './b.ts';\nexport const a = b;\n");
    const b = write('edited/b.ts', "import { a } from './a.ts';\nexport const b = a;\n");
    const graph = new ImportGraph();
    graph.noteSource(a, "import { b } from './b.ts';\nexport const a = b;\n");
    expect(graph.cycleThrough(a, b)).toEqual([a, b, a]);
    graph.noteSource(b, 'export const b = 1;\n');
    expect(graph.cycleThrough(a, b)).toBeNull();
  });
});
