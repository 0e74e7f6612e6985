import { KeyTable } from './key-table.ts';
import { duplicateOfRow, IMPORT_MESSAGES } from './messages.ts';
import { statusOf, type ValidatedRow } from './row-rules.ts';

/**
 * Marks rows that would import an item twice: one already in the catalog (by lower-cased DOI for
 * papers, name for companies and agents) or one an earlier importable row of the file already
 * brings. They become Warnings and are skipped at import. Invalid rows are never imported, so a
 * later row repeating one of them is not a duplicate. `firstRowByKey` carries the file's earlier
 * rows from one batch to the next.
 */
export function markDuplicates(
  rows: ValidatedRow[],
  existingKeys: ReadonlySet<string>,
  firstRowByKey: Pick<KeyTable, 'get' | 'set'> = new KeyTable(),
): void {
  for (const row of rows) {
    if (row.status === 'Invalid' || row.duplicateKey === null) continue;
    const earlier = firstRowByKey.get(row.duplicateKey);
    if (existingKeys.has(row.duplicateKey)) {
      row.issues.push({ level: 'warning', message: IMPORT_MESSAGES.alreadyExists });
    } else if (earlier !== undefined) {
      row.issues.push({ level: 'warning', message: duplicateOfRow(earlier) });
    } else {
      firstRowByKey.set(row.duplicateKey, row.rowNumber);
      continue;
    }
    row.skip = true;
    row.status = statusOf(row.issues);
  }
}

/** Distinct duplicate keys of the importable rows, to look up in the catalog in one go. */
export function duplicateKeysOf(rows: readonly ValidatedRow[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) if (row.status !== 'Invalid' && row.duplicateKey !== null) keys.add(row.duplicateKey);
  return [...keys];
}

/**
 * Duplicates across a file read a batch at a time: the keys of the file's earlier rows are kept
 * (a hash and a row number per distinct key), the catalog is asked about each batch's new keys.
 */
export class DuplicateFinder {
  private readonly firstRowByKey = new KeyTable();
  private readonly findExisting: ((keys: string[]) => Promise<Iterable<string>>) | undefined;

  constructor(findExisting?: (keys: string[]) => Promise<Iterable<string>>) {
    this.findExisting = findExisting;
  }

  /** Marks a batch (the rows after every earlier batch's); resolves to the keys looked up. */
  async mark(rows: ValidatedRow[]): Promise<number> {
    const keys = duplicateKeysOf(rows).filter((key) => !this.firstRowByKey.has(key));
    let existing = new Set<string>();
    if (this.findExisting && keys.length > 0) {
      existing = new Set([...(await this.findExisting(keys))].map((key) => key.toLowerCase()));
    }
    markDuplicates(rows, existing, this.firstRowByKey);
    return this.findExisting ? keys.length : 0;
  }
}
