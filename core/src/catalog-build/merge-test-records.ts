import { record, type RecordDraft, type SourceRecord } from './record.ts';

const base: RecordDraft = {
  source: 'hepml',
  recordId: 'x',
  recordUrl: 'https://example.org/r',
  type: 'paper',
  title: 'A paper',
};

/** A record of the merge tests: a paper from one list unless the draft says otherwise. */
export const make = (draft: Partial<RecordDraft>): SourceRecord => record({ ...base, ...draft });

/** Each group's record ids, for comparing groupings. */
export const titlesOf = (groups: SourceRecord[][]) => groups.map((group) => group.map((r) => r.recordId));
