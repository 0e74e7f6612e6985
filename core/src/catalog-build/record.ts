import type { SourceId } from './sources.ts';

/** What kind of thing a record describes; software and agents can be one thing listed two ways. */
export type RecordType = 'software' | 'paper' | 'company' | 'agent';

/** A number a source states, with the source and the date it was true on. */
export interface DatedFact {
  value: number;
  asOf: string;
  source: SourceId;
}

/** One record of one source, normalised: only what the record says, nothing filled in. */
export interface SourceRecord {
  source: SourceId;
  /** Stable within the source (a bio.tools id, a K-number's company, a line's identifier). */
  recordId: string;
  /** Where a reader finds this record: its page, or its line in the snapshot's file at the commit. */
  recordUrl: string;
  type: RecordType;
  title: string;
  /** The source's own prose, present only where the source's licence lets it be copied. */
  description?: string;
  url?: string;
  doi?: string;
  arxivId?: string;
  biotoolsId?: string;
  /** owner/name, lower-case. */
  githubRepo?: string;
  /** Names the source says the repository had before it was renamed or moved (owner/name, lower-case). */
  formerGithubRepos?: string[];
  companyKey?: string;
  year?: number;
  /** As precise as the source says: YYYY, YYYY-MM or YYYY-MM-DD. */
  date?: string;
  authors?: string[];
  authorsComplete?: boolean;
  venue?: string;
  licenseRaw?: string;
  languages?: string[];
  /** Vocabulary the field taxonomy reads: EDAM topics, list sections, subjects, panels. */
  terms: string[];
  /** Short facts for a composed description when the source's prose cannot be copied. */
  facets: string[];
  stars?: DatedFact;
  validated?: boolean;
  automaticImport?: boolean;
  publicationDois?: string[];
  relatedArxivIds?: string[];
  /** A paper's code, as owner/name: a relation, not the paper's identity. */
  codeRepo?: string;
  edamOperations?: string[];
  /** What a tool reads and writes (EDAM data terms, with their formats). */
  edamInputs?: EdamData[];
  edamOutputs?: EdamData[];
  toolTypes?: string[];
  pypiId?: string;
  condaId?: string;
  latestRelease?: { version?: string; date?: string };
  devices?: { kNumber: string; date: string; name: string; panel: string }[];
  /** The spellings a source uses for one company. */
  nameVariants?: string[];
}

/** An EDAM data term (edamontology.org) and the EDAM formats named for it. */
export interface EdamData {
  data: string;
  formats: string[];
}

export type RecordDraft = Omit<SourceRecord, 'terms' | 'facets'> & { terms?: string[]; facets?: string[] };

export function record(draft: RecordDraft): SourceRecord {
  return { ...draft, terms: draft.terms ?? [], facets: draft.facets ?? [] };
}

/** The snapshot a parser reads: its files' text and the commit they came from. */
export interface SnapshotText {
  repository: string;
  commit: string;
  /** The commit's date, YYYY-MM-DD. */
  date: string;
  files: Readonly<Record<string, string>>;
}

/** A link to line `line` (1-based) of a snapshot file at its commit. */
export function lineUrl(snapshot: SnapshotText, path: string, line: number): string {
  return `${snapshot.repository}/blob/${snapshot.commit}/${path}#L${line}`;
}
