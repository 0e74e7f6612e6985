import type { RecordType, SourceRecord } from './record.ts';

/**
 * The merge rule: records of the same kind of thing that share an identifier are one item.
 * Identifiers compared: DOI and arXiv id (papers), bio.tools id and GitHub repository (software
 * and agents, one kind: a tool listed as an agent elsewhere is still one tool), normalised company
 * name (companies). A repository a source says was renamed or moved is one repository under its
 * old and new names. Records of one kind with the same name are one item too when no identifier
 * tells them apart (sameNameGroups). Related identifiers (a tool's paper, a paper's code) never merge.
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
  // letters written apart are one word: "B V" is "BV", as "B.V." is
  const joined: string[] = [];
  let letters = '';
  for (const word of [...words, '']) {
    if (word.length === 1) {
      letters += word;
      continue;
    }
    if (letters.length > 0) joined.push(letters);
    letters = '';
    if (word !== '') joined.push(word);
  }
  words.splice(0, words.length, ...joined);
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
    // "Body Vision Medical" and "BodyVision Medical" are one company
    keys.push(`company:${record.companyKey.replace(/ /g, '')}`);
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

/** A source's statement that a repository moved: its old owner/name to the new one. */
export function repositoryRenames(
  records: readonly SourceRecord[],
  known: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const renames = new Map(known);
  for (const record of records) {
    if (record.githubRepo === undefined) continue;
    for (const former of record.formerGithubRepos ?? []) renames.set(former, record.githubRepo.toLowerCase());
  }
  return renames;
}

/**
 * A name as the same-name rule compares it: lower case, accents dropped, letters, digits and
 * "+" only ("SISSO++" is not "SISSO"); undefined for a paper title too short to tell papers apart.
 */
export function sameNameKey(record: SourceRecord): string | undefined {
  const kind = kindOf(record.type);
  if (kind === 'company') return undefined;
  const name = record.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+]+/g, '');
  if (name.length < (kind === 'paper' ? 20 : 2)) return undefined;
  return `${kind}:${name}`;
}

/** Code hosts whose project URLs name a repository as GitHub's do. */
const CODE_HOST = /^https?:\/\/(www\.)?(gitlab\.com|bitbucket\.org|codeberg\.org)\/([^/?#\s]+)\/([^/?#\s]+)/i;

/**
 * What tells two records of one name apart, by scheme: two values of one scheme that differ
 * (two repositories, two bio.tools ids, two DOIs, two arXiv ids) make them two things.
 */
function distinguishingIds(record: SourceRecord, renames: ReadonlyMap<string, string>): Map<string, string> {
  const ids = new Map<string, string>();
  if (kindOf(record.type) === 'paper') {
    if (record.doi) ids.set('doi', record.doi.toLowerCase());
    if (record.arxivId) ids.set('arxiv', record.arxivId.toLowerCase());
    return ids;
  }
  if (record.biotoolsId) ids.set('biotools', record.biotoolsId.toLowerCase());
  const repo = record.githubRepo?.toLowerCase();
  const host = record.url === undefined ? null : CODE_HOST.exec(record.url);
  if (repo !== undefined) ids.set('repository', `github.com/${renames.get(repo) ?? repo}`);
  else if (host) ids.set('repository', `${host[2]!.toLowerCase()}/${host[3]!.toLowerCase()}/${host[4]!.toLowerCase()}`);
  return ids;
}

/** Whether two groups' identifiers say they are different things. */
function toldApart(a: ReadonlyMap<string, Set<string>>, b: ReadonlyMap<string, Set<string>>): boolean {
  for (const [scheme, values] of a) {
    const other = b.get(scheme);
    if (other !== undefined && ![...values].some((value) => other.has(value))) return true;
  }
  return false;
}

/**
 * Groups of records that are one thing, each group in input order; groups ordered by first record.
 * First the identifiers (a renamed repository followed to its new name); then records of one kind
 * and one name whose identifiers do not tell them apart (the same tool listed once by its model
 * page and once by its repository, a paper listed by its DOI and by its arXiv id). A name shared
 * by records some of whose identifiers differ (Aviary of FutureHouse and Aviary of CompRhys) joins
 * none of them.
 */
export function mergeRecords(
  records: readonly SourceRecord[],
  knownRenames: ReadonlyMap<string, string> = new Map(),
): SourceRecord[][] {
  const renames = repositoryRenames(records, knownRenames);
  const ambiguous = ambiguousRepositoryKeys(records);
  const parent = records.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]!]!;
      index = parent[index]!;
    }
    return index;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const owner = new Map<string, number>();
  records.forEach((record, index) => {
    const shared =
      record.githubRepo !== undefined && ambiguous.has(`${record.source}\u0000${record.githubRepo.toLowerCase()}`);
    for (const key of identityKeys(record, renames)) {
      if (shared && key.startsWith('github:')) continue;
      const seen = owner.get(key);
      if (seen === undefined) owner.set(key, index);
      else union(seen, index);
    }
  });
  const byName = new Map<string, number[]>();
  records.forEach((record, index) => {
    const key = sameNameKey(record);
    if (key !== undefined) byName.set(key, [...(byName.get(key) ?? []), index]);
  });
  for (const indexes of byName.values()) {
    const roots = [...new Set(indexes.map(find))];
    if (roots.length < 2) continue;
    const idsOf = new Map<number, Map<string, Set<string>>>(roots.map((root) => [root, new Map()]));
    records.forEach((record, index) => {
      const ids = idsOf.get(find(index));
      if (ids === undefined) return;
      for (const [scheme, value] of distinguishingIds(record, renames)) {
        ids.set(scheme, (ids.get(scheme) ?? new Set()).add(value));
      }
    });
    const groups = [...idsOf.values()];
    if (groups.some((a, i) => groups.some((b, j) => i < j && toldApart(a, b)))) continue;
    for (const root of roots.slice(1)) union(roots[0]!, root);
  }
  const groups = new Map<number, SourceRecord[]>();
  records.forEach((record, index) => {
    const root = find(index);
    const group = groups.get(root) ?? [];
    group.push(record);
    groups.set(root, group);
  });
  return [...groups.values()];
}
