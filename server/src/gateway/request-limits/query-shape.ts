/**
 * How much work a PostgREST query string asks of the database, measured before it is sent:
 * resource embedding in `select=` (each embedded resource is a lateral join per parent row, so
 * nesting multiplies rows) and the `and=`/`or=` logic trees of filters.
 */

export interface SelectShape {
  /** Deepest embedding: `a,b(c)` is 1, `b(c(d))` is 2. */
  embedDepth: number;
  /** Embedded resources in all, at any depth. */
  embeds: number;
  /**
   * The first resource embedded inside itself on one path (`items?select=domains(items(slug))`
   * embeds items in items): each round trip through a many-to-many link multiplies the rows by
   * the link's fan-out, whatever the depth limit.
   */
  revisited: string | undefined;
}

/**
 * Reads PostgREST's select syntax far enough to count embeddings: a parenthesised group after a
 * field name (`rel(...)`, `alias:rel!hint(...)`, `...rel(...)`) is an embedded resource; an empty
 * one (`count()`, `amount.sum()`) is an aggregate. Double-quoted names are skipped whole, so a
 * parenthesis inside one counts for nothing. Unbalanced input is measured as far as it goes;
 * PostgREST refuses it itself. `root` is the resource the select is asked of (the URL's table).
 */
export function measureSelect(select: string, root?: string): SelectShape {
  const path: string[] = root === undefined ? [] : [root];
  const rootDepth = path.length;
  let embedDepth = 0;
  let embeds = 0;
  let revisited: string | undefined;
  let itemStart = 0;
  for (let index = 0; index < select.length; index += 1) {
    const char = select[index];
    if (char === '"') {
      index = endOfQuoted(select, index);
    } else if (char === ',') {
      itemStart = index + 1;
    } else if (char === '(') {
      if (select[index + 1] === ')') {
        index += 1; // an aggregate
        continue;
      }
      const resource = resourceName(select.slice(itemStart, index));
      if (revisited === undefined && path.includes(resource)) revisited = resource;
      path.push(resource);
      embeds += 1;
      embedDepth = Math.max(embedDepth, path.length - rootDepth);
      itemStart = index + 1;
    } else if (char === ')') {
      if (path.length > rootDepth) path.pop();
    }
  }
  return { embedDepth, embeds, revisited };
}

export interface LogicShape {
  /** Deepest nesting of and()/or() groups: `or=(a.eq.1,b.eq.2)` is 1. */
  depth: number;
  /** Conditions in all groups together. */
  conditions: number;
}

/** `alias:...rel!hint` → `rel`; quotes dropped, so `"rel"` and `rel` are the same resource. */
function resourceName(item: string): string {
  const afterAlias = item.includes(':') ? item.slice(item.lastIndexOf(':') + 1) : item;
  const withoutSpread = afterAlias.trim().replace(/^\.\.\./, '');
  const withoutHint = withoutSpread.includes('!') ? withoutSpread.slice(0, withoutSpread.indexOf('!')) : withoutSpread;
  return withoutHint.replaceAll('"', '').trim();
}

const GROUP_START = /^(not\.)?(and|or)\(/;

/**
 * Reads a logic tree, `(a.eq.1,and(b.gt.2,not.or(c.is.null,d.in.(1,2))))` (the value of `or=`,
 * `and=`, `not.or=`, `rel.or=` …): groups are `and(` / `or(` with an optional `not.`; anything
 * else up to the next top-level comma is one condition, whose own parentheses (`in.(1,2)`) and
 * double-quoted values are not groups.
 */
export function measureLogicTree(value: string): LogicShape {
  let depth = 0;
  let deepest = 0;
  let conditions = 0;
  let index = 0;
  // A tree's value starts with its own group's '(' (the key names the operator).
  if (value.startsWith('(')) {
    depth = 1;
    deepest = 1;
    index = 1;
  }
  while (index < value.length) {
    const char = value[index]!;
    if (char === ',' || char === ' ') {
      index += 1;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
      index += 1;
    } else {
      const group = GROUP_START.exec(value.slice(index, index + 8));
      if (group) {
        depth += 1;
        deepest = Math.max(deepest, depth);
        index += group[0].length;
      } else {
        conditions += 1;
        index = endOfCondition(value, index);
      }
    }
  }
  return { depth: deepest, conditions };
}

/** The index of the ',' or ')' that ends the condition starting at `start` (or the end). */
function endOfCondition(value: string, start: number): number {
  let nested = 0;
  for (let index = start; index < value.length; index += 1) {
    const char = value[index];
    if (char === '"') index = endOfQuoted(value, index);
    else if (char === '(' || char === '{') nested += 1;
    else if ((char === ')' || char === '}') && nested > 0) nested -= 1;
    else if ((char === ',' || char === ')') && nested === 0) return index;
  }
  return value.length;
}

/** The index of the '"' closing the quoted text opened at `start`; `\"` does not close it. */
function endOfQuoted(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === '"') return index;
  }
  return text.length;
}

/** Whether a query parameter's key names a logic tree: `or`, `and`, `not.or`, `rel.and`, `a.b.not.or`. */
export function isLogicTreeKey(key: string): boolean {
  return /(^|\.)(and|or)$/.test(key);
}

/** The elements of a PostgreSQL array literal given as an RPC argument in the query (`{a,b,c}`). */
export function countArrayLiteralElements(value: string): number | undefined {
  if (!value.startsWith('{') || !value.endsWith('}')) return undefined;
  if (value.length === 2) return 0;
  let elements = 1;
  for (let index = 1; index < value.length - 1; index += 1) {
    const char = value[index];
    if (char === '"') index = endOfQuoted(value, index);
    else if (char === ',') elements += 1;
  }
  return elements;
}
