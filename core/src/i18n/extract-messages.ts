import ts from 'typescript';

/**
 * Finds the messages a source file shows: the literal first argument of `t(…)` and `msg(…)`
 * and the literal `id` of `<Trans id="…">` (translate.ts, web/src/i18n/trans.tsx). Used by the
 * web build (to give each page its messages) and by the catalog check (every message in every
 * catalog, no translation of a message no longer shown). It reads the code as text (TypeScript's parser); the browser never runs it.
 */
export interface FoundMessage {
  message: string;
  /** the literal's position in the source, to replace it with the message's id */
  start: number;
  end: number;
  line: number;
}

export const MESSAGE_FUNCTIONS = new Set(['t', 'msg']);

export function extractMessages(fileName: string, source: string): FoundMessage[] {
  if (!/\bt\(|\bmsg\(|<Trans\b/.test(source)) return [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const found: FoundMessage[] = [];
  const add = (literal: ts.Node & { text: string }) => {
    const start = literal.getStart(file);
    found.push({
      message: literal.text,
      start,
      end: literal.getEnd(),
      line: file.getLineAndCharacterOfPosition(start).line + 1,
    });
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      MESSAGE_FUNCTIONS.has(node.expression.text) &&
      node.arguments[0] &&
      isPlainString(node.arguments[0])
    ) {
      add(node.arguments[0]);
    }
    if (ts.isJsxAttribute(node) && node.name.getText(file) === 'id' && node.initializer) {
      const element = node.parent.parent;
      const tag = ts.isJsxSelfClosingElement(element) || ts.isJsxOpeningElement(element) ? element.tagName : undefined;
      if (tag && tag.getText(file) === 'Trans' && ts.isStringLiteral(node.initializer)) add(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function isPlainString(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

function scriptKind(fileName: string): ts.ScriptKind {
  return fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/**
 * The short id the web build gives a message: the same text has the same id in every build.
 * Seven base-36 characters (36 bits) of cyrb53, a fast non-cryptographic hash: ids are most of
 * what a page's message files and `t` calls weigh that gzip cannot squeeze; the build fails if two
 * messages ever meet (about 1 in 40,000 for two thousand messages).
 */
export function messageId(message: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < message.length; index += 1) {
    const code = message.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0').slice(-7);
}
