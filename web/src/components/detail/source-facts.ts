/**
 * The facts the open sources state about an item beyond its own columns, read from its metadata
 * (docs/product.md#sources): what a tool does, its kind, its packages and latest release, and a
 * company's FDA decisions. Read by hand, without zod: the detail page paints before zod loads,
 * and a field of an unexpected shape is left out instead of failing the page.
 */

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '') : [];
const string = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export interface ToolFacts {
  /** EDAM operations (bio.tools): what the tool does. */
  operations: string[];
  /** bio.tools' tool types: web application, command-line tool, library… */
  toolTypes: string[];
  pypi?: string | undefined;
  conda?: string | undefined;
  latestRelease?: { version: string; date?: string | undefined } | undefined;
}

export function toolFactsOf(metadata: Record<string, unknown>): ToolFacts | undefined {
  const release = record(metadata.latest_release);
  const version = string(release?.version);
  const facts: ToolFacts = {
    operations: strings(metadata.edam_operations),
    toolTypes: strings(metadata.tool_types),
    pypi: string(metadata.pypi_id),
    conda: string(metadata.conda_id),
    latestRelease: version ? { version, date: string(release?.date) } : undefined,
  };
  const any = facts.operations.length || facts.toolTypes.length || facts.pypi || facts.conda || facts.latestRelease;
  return any ? facts : undefined;
}

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
