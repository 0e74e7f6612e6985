import type { HarvestItem, MappedRecord } from './harvest-item.ts';

/** For the mapper tests: the mapped items of a page, refusals left out. */
export function items(records: MappedRecord[]): HarvestItem[] {
  return records.flatMap((record) => (record.ok ? [record.item] : []));
}
/** For the mapper tests: a page's refusals as `ref: reason`. */
export function refused(records: MappedRecord[]): string[] {
  return records.flatMap((record) => (record.ok ? [] : [`${record.refused.ref}: ${record.refused.reason}`]));
}
