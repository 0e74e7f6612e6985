import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import ts from 'typescript';

const SOURCE_FILE = /\.(?:ts|tsx|mts|js|jsx|mjs)$/;
/** Tried in this order when an import names a file without its extension, or a folder. */
const IMPLIED_SUFFIXES = ['', '.ts', '.tsx', '.js', `${sep}index.ts`, `${sep}index.tsx`, `${sep}index.js`];

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `@scope/name/sub/path` → [`@scope/name`, `./sub/path`]. */
function splitPackageSpecifier(specifier: string): [string, string] {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  const subpath = parts.slice(nameLength).join('/');
  return [parts.slice(0, nameLength).join('/'), subpath ? `./${subpath}` : '.'];
}

/**
 * The repository's own modules and the imports between them, type-only and dynamic imports
 * included: what an import cycle is made of. Packages from the registry are left out (they
 * cannot import our code); workspace packages (`@sciai/core`) count as the source file their
 * `exports` name.
 */
export class ImportGraph {
  readonly #texts = new Map<string, string>();
  readonly #imports = new Map<string, string[]>();
  readonly #packageEntries = new Map<string, string | null>();
  /** Strongly connected component of each file visited so far (Tarjan's algorithm). */
  readonly #component = new Map<string, number>();

  /**
   * Forgets everything when `file` no longer reads as it did (an editor keeps the linter running
   * while files change); a one-off lint run reads each file once.
   */
  noteSource(file: string, text: string): void {
    const known = this.#texts.get(file);
    if (known !== undefined && known !== text) this.#forget();
    this.#texts.set(file, text);
  }

  /** The absolute path of the repository module `specifier` names from `importer`, or null. */
  resolveImport(specifier: string, importer: string): string | null {
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const base = resolve(dirname(importer), specifier);
      for (const suffix of IMPLIED_SUFFIXES) {
        const candidate = base + suffix;
        if (SOURCE_FILE.test(candidate) && isFile(candidate)) return candidate;
      }
      return null;
    }
    if (specifier.startsWith('node:') || !/^[@a-z0-9]/i.test(specifier)) return null;
    return this.#resolveWorkspacePackage(specifier, importer);
  }

  /**
   * When `target` (imported by `importer`) leads back to `importer`: the files of that loop,
   * starting and ending with `importer`; otherwise null.
   */
  cycleThrough(importer: string, target: string): string[] | null {
    if (importer === target) return [importer, importer];
    const component = this.#componentOf(importer);
    if (this.#componentOf(target) !== component) return null;
    return [importer, ...this.#shortestPath(target, importer, component)];
  }

  #forget(): void {
    this.#texts.clear();
    this.#imports.clear();
    this.#component.clear();
  }

  #importsOf(file: string): string[] {
    const known = this.#imports.get(file);
    if (known) return known;
    let text = this.#texts.get(file);
    if (text === undefined) {
      text = readFileSync(file, 'utf8');
      this.#texts.set(file, text);
    }
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = [
      ...new Set(
        importedFiles
          .map((reference) => this.resolveImport(reference.fileName, file))
          .filter((target): target is string => target !== null),
      ),
    ];
    this.#imports.set(file, targets);
    return targets;
  }

  #resolveWorkspacePackage(specifier: string, importer: string): string | null {
    const [name, subpath] = splitPackageSpecifier(specifier);
    for (let folder = dirname(importer); ; folder = dirname(folder)) {
      const packageFolder = join(folder, 'node_modules', name);
      if (existsSync(packageFolder)) return this.#workspaceEntry(packageFolder, subpath);
      if (dirname(folder) === folder) return null;
    }
  }

  /** A workspace is linked into node_modules; its real folder lies outside of any node_modules. */
  #workspaceEntry(packageFolder: string, subpath: string): string | null {
    const key = `${packageFolder}\0${subpath}`;
    const known = this.#packageEntries.get(key);
    if (known !== undefined) return known;
    let entry: string | null = null;
    const realFolder = realpathSync(packageFolder);
    if (!realFolder.split(sep).includes('node_modules')) {
      const manifest: unknown = JSON.parse(readFileSync(join(realFolder, 'package.json'), 'utf8'));
      const exported = exportTarget(manifest, subpath);
      if (exported && SOURCE_FILE.test(exported)) entry = resolve(realFolder, exported);
    }
    this.#packageEntries.set(key, entry);
    return entry;
  }

  #componentOf(file: string): number {
    const known = this.#component.get(file);
    if (known !== undefined) return known;
    this.#findComponents(file);
    return this.#component.get(file)!;
  }

  /** Tarjan's strongly connected components from `root`, iterative: import chains can be long. */
  #findComponents(root: string): void {
    const index = new Map<string, number>();
    const lowLink = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const work: { file: string; next: number }[] = [];
    const visit = (file: string) => {
      index.set(file, index.size);
      lowLink.set(file, index.get(file)!);
      stack.push(file);
      onStack.add(file);
      work.push({ file, next: 0 });
    };
    visit(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const imports = this.#importsOf(frame.file);
      if (frame.next < imports.length) {
        const target = imports[frame.next++]!;
        if (this.#component.has(target)) continue;
        if (!index.has(target)) visit(target);
        else if (onStack.has(target)) lowLink.set(frame.file, Math.min(lowLink.get(frame.file)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.file, Math.min(lowLink.get(parent.file)!, lowLink.get(frame.file)!));
      if (lowLink.get(frame.file) === index.get(frame.file)) {
        const id = this.#component.size;
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          this.#component.set(member, id);
        } while (member !== frame.file);
      }
    }
  }

  /** Breadth-first within one component, so the reported loop is a shortest one. */
  #shortestPath(from: string, to: string, component: number): string[] {
    const previous = new Map<string, string | null>([[from, null]]);
    const queue = [from];
    for (let head = 0; head < queue.length; head++) {
      const file = queue[head]!;
      if (file === to) break;
      for (const target of this.#importsOf(file)) {
        if (previous.has(target) || this.#component.get(target) !== component) continue;
        previous.set(target, file);
        queue.push(target);
      }
    }
    const path: string[] = [];
    for (let file: string | null | undefined = to; file; file = previous.get(file)) path.unshift(file);
    return path;
  }
}

/** The file a package's `exports` (or `main`) gives for `subpath`; conditions are not followed. */
function exportTarget(manifest: unknown, subpath: string): string | null {
  if (typeof manifest !== 'object' || manifest === null) return null;
  const exportsField = 'exports' in manifest ? manifest.exports : undefined;
  if (typeof exportsField === 'string') return subpath === '.' ? exportsField : null;
  if (typeof exportsField === 'object' && exportsField !== null) {
    const target: unknown = Object.entries(exportsField).find(([key]) => key === subpath)?.[1];
    return typeof target === 'string' ? target : null;
  }
  const main = 'main' in manifest ? manifest.main : undefined;
  return subpath === '.' && typeof main === 'string' ? main : null;
}
