import type { RecordType, SourceRecord } from './record.ts';

/**
 * The merge rule: records of the same kind of thing that share an identifier are one item.
 * Identifiers compared: DOI and arXiv id (papers), bio.tools id and GitHub repository (software
 * and agents, one kind: a tool listed as an agent elsewhere is still one tool), normalised company
 * name (companies). Related identifiers (a tool's paper, a paper's code) never merge.
 */

/** Legal-form words that do not tell companies apart ("Inc.", "GmbH", "Co., Ltd."). */
const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'llc',
  'ltd',
  'limited',
  'co',
  'corp',
  'corporation',
  'company',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'plc',
  'pty',
  'pte',
  'kk',
  'oy',
  'ab',
  'as',
  'aps',
  'lp',
  'llp',
  'ulc',
  'se',
  'kg',
  'mbh',
  'the',
]);

/**
 * A company name folded for comparison: case, accents, punctuation and legal forms removed.
 * "Siemens Medical Solutions USA, Inc." and "SIEMENS MEDICAL SOLUTIONS USA INC" are one company;
 * "Philips Medical Systems Nederland B.V." and "Philips Healthcare" are not (different names).
 */
export function companyKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1]!)) words.pop();
  while (words.length > 1 && words[0] === 'the') words.shift();
  return words.join(' ');
}

export type KindOfThing = 'tool' | 'paper' | 'company';

export function kindOf(type: RecordType): KindOfThing {
  return type === 'paper' ? 'paper' : type === 'company' ? 'company' : 'tool';
}

/** The identity keys of a record: two records sharing one are the same thing. */
export function identityKeys(record: SourceRecord, renames: ReadonlyMap<string, string> = new Map()): string[] {
  const kind = kindOf(record.type);
  const keys: string[] = [];
  if (kind === 'paper') {
    if (record.doi) keys.push(`doi:${record.doi.toLowerCase()}`);
    if (record.arxivId) keys.push(`arxiv:${record.arxivId.toLowerCase()}`);
  } else if (kind === 'tool') {
    if (record.biotoolsId) keys.push(`biotools:${record.biotoolsId.toLowerCase()}`);
    if (record.githubRepo) {
      const repo = record.githubRepo.toLowerCase();
      keys.push(`github:${renames.get(repo) ?? repo}`);
    }
  } else if (record.companyKey) {
    keys.push(`company:${record.companyKey}`);
  }
  return keys;
}

/**
 * Repository keys one source gives to differently named records (ESM-1b and ESM-2 both link
 * facebookresearch/esm): the source itself says they are different things, so for that source's
 * records the repository is not an identity.
 */
export function ambiguousRepositoryKeys(records: readonly SourceRecord[]): Set<string> {
  const names = new Map<string, Set<string>>();
  for (const record of records) {
    if (kindOf(record.type) !== 'tool' || record.githubRepo === undefined) continue;
    const key = `${record.source}\u0000${record.githubRepo.toLowerCase()}`;
    const set = names.get(key) ?? new Set<string>();
    set.add(record.title.toLowerCase().replace(/[^a-z0-9]+/g, ''));
    names.set(key, set);
  }
  return new Set([...names].filter(([, set]) => set.size > 1).map(([key]) => key));
}

/** Groups of records that are one thing, each group in input order; groups ordered by first record. */
export function mergeRecords(
  records: readonly SourceRecord[],
  renames: ReadonlyMap<string, string> = new Map(),
): SourceRecord[][] {
  const ambiguous = ambiguousRepositoryKeys(records);
  const parent = records.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]!]!;
      index = parent[index]!;
    }
    return index;
  };
  const owner = new Map<string, number>();
  records.forEach((record, index) => {
    const shared =
      record.githubRepo !== undefined && ambiguous.has(`${record.source}\u0000${record.githubRepo.toLowerCase()}`);
    for (const key of identityKeys(record, renames)) {
      if (shared && key.startsWith('github:')) continue;
      const seen = owner.get(key);
      if (seen === undefined) owner.set(key, index);
      else {
        const a = find(seen);
        const b = find(index);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  });
  const groups = new Map<number, SourceRecord[]>();
  records.forEach((record, index) => {
    const root = find(index);
    const group = groups.get(root) ?? [];
    group.push(record);
    groups.set(root, group);
  });
  return [...groups.values()];
}
