import type { SourceRecord } from './record.ts';

/** The first value a record states, in source order (the lead source first). */
export const first = <T>(
  records: readonly SourceRecord[],
  pick: (record: SourceRecord) => T | undefined,
): T | undefined => {
  for (const record of records) {
    const value = pick(record);
    if (value !== undefined) return value;
  }
  return undefined;
};

export const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

export function uniqueBy<T>(values: readonly T[], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A field, left out when no record states it. */
export function optionalField<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** A list field, left out when empty: most tools state no data. */
export function optionalList<K extends string, V>(key: K, values: V[]): { [P in K]?: V[] } {
  return (values.length === 0 ? {} : { [key]: values }) as { [P in K]?: V[] };
}
