import { relative } from 'node:path';
import type { Rule } from 'eslint';
import { ImportGraph } from './import-graph.ts';

/** The syntax nodes ESLint's types give the listeners below (it does not export ESTree's own). */
type Visited<Kind extends keyof Rule.NodeListener> = Parameters<NonNullable<Rule.NodeListener[Kind]>>[0];
type ImportSource = Visited<'ImportDeclaration'>['source'] | Visited<'ImportExpression'>['source'];

/** One graph for the whole lint run: each file is read and scanned once, whichever file asks. */
const graph = new ImportGraph();

/**
 * No module may import itself through others, type-only and dynamic imports included:
 * import-x/no-cycle skips type-only imports, and a loop of types still ties two modules into one.
 */
export const noImportCycle: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles between the repository’s modules, type-only imports included' },
    messages: {
      cycle:
        'Import cycle: {{loop}}. Modules that import each other cannot be understood, tested or moved apart; ' +
        'move what both need into a small module that both import.',
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    graph.noteSource(file, context.sourceCode.text);
    const check = (source: ImportSource | null | undefined) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = graph.resolveImport(source.value, file);
      const loop = target && graph.cycleThrough(file, target);
      if (!loop) return;
      const shown = loop.map((member) => relative(context.cwd, member)).join(' → ');
      context.report({ node: source, messageId: 'cycle', data: { loop: shown } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
