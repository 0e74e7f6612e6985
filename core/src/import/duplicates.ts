import { duplicateOfRow, IMPORT_MESSAGES } from './messages.ts';
import { statusOf, type ValidatedRow } from './row-rules.ts';

/**
 * Marks rows that would import an item twice: one already in the catalog (by lower-cased DOI for
 * papers, name for companies and agents) or one an earlier importable row of the file already
 * brings. They become Warnings and are skipped at import. Invalid rows are never imported, so a
 * later row repeating one of them is not a duplicate.
 */
export function markDuplicates(rows: ValidatedRow[], existingKeys: ReadonlySet<string>): void {
  const firstRowByKey = new Map<string, number>();
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
