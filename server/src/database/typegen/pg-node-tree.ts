/**
 * A reader for PostgreSQL's pg_node_tree text (a stored view's query in pg_rewrite.ev_action):
 * `{NODE :field value ...}` nodes, `( ... )` lists, `<>` for null and backslash-escaped atoms.
 * The generator needs only where each column of a view comes from, which the catalog offers in
 * no other form.
 */
export type TreeValue = string | null | TreeNode | TreeValue[];

export interface TreeNode {
  readonly type: string;
  readonly fields: ReadonlyMap<string, TreeValue>;
}

export function isTreeNode(value: TreeValue | undefined): value is TreeNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Token =
  { kind: 'open-node' | 'close-node' | 'open-list' | 'close-list' } | { kind: 'atom'; text: string; escaped: boolean };

function* tokenize(text: string): Generator<Token> {
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    if (char === '{' || char === '}' || char === '(' || char === ')') {
      index += 1;
      yield {
        kind: char === '{' ? 'open-node' : char === '}' ? 'close-node' : char === '(' ? 'open-list' : 'close-list',
      };
      continue;
    }
    // An atom runs to the next unescaped space or bracket; a backslash keeps the next character.
    let atom = '';
    let escaped = false;
    while (index < text.length) {
      const current = text[index]!;
      if (current === '\\' && index + 1 < text.length) {
        atom += text[index + 1];
        escaped = true;
        index += 2;
        continue;
      }
      if (/\s/.test(current) || '{}()'.includes(current)) break;
      atom += current;
      index += 1;
    }
    yield { kind: 'atom', text: atom, escaped };
  }
}

class TreeReader {
  private readonly tokens: Token[];
  private position = 0;

  constructor(text: string) {
    this.tokens = [...tokenize(text)];
  }

  read(): TreeValue {
    const value = this.readValue();
    if (this.position !== this.tokens.length) throw new Error('pg_node_tree: text after the end of the tree');
    return value;
  }

  private next(): Token {
    const token = this.tokens[this.position];
    if (!token) throw new Error('pg_node_tree: unexpected end of the tree');
    this.position += 1;
    return token;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private readValue(): TreeValue {
    const token = this.next();
    switch (token.kind) {
      case 'open-node':
        return this.readNode();
      case 'open-list':
        return this.readList();
      case 'atom':
        return !token.escaped && token.text === '<>' ? null : unquote(token);
      default:
        throw new Error(`pg_node_tree: unexpected ${token.kind}`);
    }
  }

  private readList(): TreeValue[] {
    const items: TreeValue[] = [];
    while (this.peek()?.kind !== 'close-list') items.push(this.readValue());
    this.next();
    return items;
  }

  private readNode(): TreeNode {
    const name = this.next();
    if (name.kind !== 'atom') throw new Error('pg_node_tree: a node without a type');
    const fields = new Map<string, TreeValue>();
    let token = this.peek();
    while (token && token.kind !== 'close-node') {
      const field = this.next();
      if (field.kind !== 'atom' || !field.text.startsWith(':'))
        throw new Error(`pg_node_tree: expected a field in ${name.text}`);
      // Most fields hold one value; a constant's datum is a length and a bracketed byte list.
      const values: TreeValue[] = [];
      for (token = this.peek(); token && token.kind !== 'close-node' && !isFieldName(token); token = this.peek()) {
        values.push(this.readValue());
      }
      fields.set(field.text.slice(1), values.length === 1 ? values[0]! : values);
    }
    this.next();
    return { type: name.text, fields };
  }
}

function isFieldName(token: Token): boolean {
  return token.kind === 'atom' && !token.escaped && token.text.startsWith(':');
}

/** String values are written in double quotes (`"slug"`); other atoms are bare. */
function unquote(token: { text: string }): string {
  const { text } = token;
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

export function parseNodeTree(text: string): TreeValue {
  return new TreeReader(text).read();
}
