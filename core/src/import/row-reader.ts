import { checkLength, readBoolean, readUrl, textOrNull } from './cell-readers.ts';
import { parseListLike } from './list-like.ts';

/** A JSON-ready row for staging: the content item's fields plus its type's fields. */
export type ImportValue = string | number | boolean | null | string[] | Record<string, unknown>;
export type ImportRecord = Record<string, ImportValue>;

export type IssueLevel = 'error' | 'warning';
export interface RowIssue {
  level: IssueLevel;
  message: string;
}

/** Collects the row's issues while its fields are read. */
export class RowReader {
  readonly issues: RowIssue[] = [];
  readonly cells: Record<string, string>;
  constructor(cells: Record<string, string>) {
    this.cells = cells;
  }
  error(message: string | undefined): void {
    if (message) this.issues.push({ level: 'error', message });
  }
  warn(message: string): void {
    this.issues.push({ level: 'warning', message });
  }
  text(column: string, max?: number): string | null {
    const value = textOrNull(this.cells[column]);
    if (max !== undefined) this.error(checkLength(value, max, column));
    return value;
  }
  list(column: string): string[] {
    return parseListLike(this.cells[column] ?? '');
  }
  bool(column: string): boolean {
    return readBoolean(this.cells[column] ?? '');
  }
  take<T>(result: { ok: true; value: T } | { ok: false; error: string }, fallback: T): T {
    if (result.ok) return result.value;
    this.error(result.error);
    return fallback;
  }
  url(column: string): string | null {
    return this.take(readUrl(this.cells[column] ?? '', column), null);
  }
}
