/**
 * A company's FDA decisions as the open sources state them, read from its metadata
 * (docs/product.md#sources). Read by hand, without zod: the detail page paints before zod loads,
 * and a field of an unexpected shape is left out instead of failing the page. (A tool's facts:
 * toolFactsOf in core.)
 */

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '') : [];
const string = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export interface FdaDevices {
  count: number;
  firstDecision?: string | undefined;
  latestDecision?: string | undefined;
  panels: string[];
  /** 510(k), De Novo and premarket approval numbers */
  numbers: string[];
  /** the source id the figures were read from, and the date they were true */
  source?: string | undefined;
  asOf?: string | undefined;
}

export function fdaDevicesOf(metadata: Record<string, unknown>): FdaDevices | undefined {
  const devices = record(metadata.fda_cleared_devices);
  const count = devices?.count;
  if (!devices || typeof count !== 'number' || !Number.isInteger(count) || count < 1) return undefined;
  return {
    count,
    firstDecision: string(devices.first_decision),
    latestDecision: string(devices.latest_decision),
    panels: strings(devices.panels),
    numbers: strings(devices.k_numbers),
    source: string(devices.source),
    asOf: string(devices.as_of),
  };
}
