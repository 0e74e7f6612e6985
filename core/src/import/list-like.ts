/**
 * List-like cells (docs/product.md#csv-lists): empty → []; a JSON array is used as is; a single JSON value is wrapped;
 * anything else is split on commas. Entries are trimmed and empty ones dropped either way.
 *
 * A non-string scalar (`42`, `1.0`, `true`) is wrapped as written, not as JavaScript prints it,
 * so `1.0` stays `1.0`: the cell means the same whether or not it happens to be valid JSON.
 */
export function parseListLike(cell: string): string[] {
  const value = cell.trim();
  if (value === '') return [];
  const parsed = tryParseJson(value);
  if (parsed.ok) {
    if (Array.isArray(parsed.value)) return cleanEntries(parsed.value.map(entryText));
    if (typeof parsed.value === 'string') return cleanEntries([parsed.value]);
    return [value];
  }
  return cleanEntries(value.split(','));
}

/** The two forms a template or export may write a list in. */
export function formatListAsJson(entries: readonly string[]): string {
  return JSON.stringify(entries);
}

/** Comma-separated, unless that text would read as JSON (`", "` is the string ", "): then JSON. */
export function formatListAsCommas(entries: readonly string[]): string {
  const commas = entries.join(', ');
  return tryParseJson(commas.trim()).ok ? formatListAsJson(entries) : commas;
}

function entryText(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (entry === null || entry === undefined) return '';
  return JSON.stringify(entry);
}

function cleanEntries(entries: readonly string[]): string[] {
  return entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

type JsonParse = { ok: true; value: unknown } | { ok: false };

export function tryParseJson(text: string): JsonParse {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}
