/**
 * What the open sources state about a tool beyond its own columns, read from its metadata
 * (docs/product.md#sources): what it does (EDAM operations), the data it reads and writes (EDAM
 * data terms with their formats), its kind, its packages and its latest release. Read by hand,
 * without zod: the detail page paints before zod loads, and a field of an unexpected shape is
 * left out instead of failing the page. The detail page and the compare table read them here.
 */

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '') : [];
const string = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** An EDAM data term a tool reads or writes, with the formats named for it. */
export interface DataFact {
  data: string;
  formats: string[];
}

const dataFacts = (value: unknown): DataFact[] =>
  Array.isArray(value)
    ? value.flatMap((entry) => {
        const data = string(record(entry)?.data);
        return data ? [{ data, formats: strings(record(entry)?.formats) }] : [];
      })
    : [];

/** 'Sequence (FASTA, EMBL format)': a data term and its formats. */
export const dataFactText = ({ data, formats }: DataFact): string =>
  formats.length ? `${data} (${formats.join(', ')})` : data;

export interface ToolFacts {
  /** EDAM operations (bio.tools): what the tool does. */
  operations: string[];
  /** EDAM data (bio.tools): what the tool reads and writes. */
  inputs: DataFact[];
  outputs: DataFact[];
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
    inputs: dataFacts(metadata.edam_inputs),
    outputs: dataFacts(metadata.edam_outputs),
    toolTypes: strings(metadata.tool_types),
    pypi: string(metadata.pypi_id),
    conda: string(metadata.conda_id),
    latestRelease: version ? { version, date: string(release?.date) } : undefined,
  };
  const any =
    facts.operations.length ||
    facts.inputs.length ||
    facts.outputs.length ||
    facts.toolTypes.length ||
    facts.pypi ||
    facts.conda ||
    facts.latestRelease;
  return any ? facts : undefined;
}
