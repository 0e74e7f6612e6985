import Papa from 'papaparse';
import { githubRepoFromUrl, httpUrl } from '../identifiers.ts';
import { record, lineUrl, type SnapshotText, type SourceRecord } from '../record.ts';
import { optional } from './biotools.ts';

/** The list's date: its history file is named for the day its figures were read. */
export const BEST_OF_LIST_DATE = '2026-08-20';
const FILE = 'projects.csv';
const ORIGINAL_PATH = `history/${BEST_OF_LIST_DATE}_projects.csv`;

/** Categories that are not tools: forums, courses and reading lists. */
const NOT_TOOLS = new Set(['community', 'educational']);

/** Category ids of the list (projects.yaml) to their titles, which the field taxonomy reads. */
export const BEST_OF_CATEGORIES: Readonly<Record<string, string>> = {
  'active-learning': 'Active learning',
  datasets: 'Datasets',
  'data-structures': 'Data Structures',
  'ml-dft': 'Machine learning density functional theory',
  'ml-esm': 'Machine learning electronic structure methods',
  'ml-iap': 'Machine learning interatomic potentials',
  'ml-wft': 'Machine learning wavefunction',
  'rep-learn': 'Representation learning',
  'rep-eng': 'Representation engineering',
  'language-models': 'Language models',
  'general-tool': 'General tools',
  uip: 'Universal interatomic potentials',
  generative: 'Generative models',
  md: 'Molecular dynamics',
  'materials-discovery': 'Materials discovery',
  math: 'Mathematical tools',
  unsupervised: 'Unsupervised learning',
  visualization: 'Visualization',
  xai: 'Explainable artificial intelligence',
  'reinforcement-learning': 'Reinforcement learning',
  probabilistic: 'Probabilistic machine learning',
  others: 'Others',
};

type Row = Record<string, string>;

export function parseBestOfAtomistic(snapshot: SnapshotText): SourceRecord[] {
  const parsed = Papa.parse<Row>(snapshot.files[FILE] ?? '', { header: true, skipEmptyLines: true });
  const records: SourceRecord[] = [];
  parsed.data.forEach((row, index) => {
    if (NOT_TOOLS.has(row.category ?? '') || !row.name?.trim()) return;
    const repository = githubRepoFromUrl(row.github_url) ?? (row.github_id ? row.github_id.toLowerCase() : undefined);
    // A homepage inside the repository (a folder of a many-project repository) names the project.
    const folder = githubRepoFromUrl(row.homepage);
    const githubRepo =
      folder !== undefined && repository !== undefined && folder.startsWith(`${repository}/`) ? folder : repository;
    // github_id is the repository as the list first recorded it, updated_github_id where the
    // list saw it move: names other than github_url's are the repository's former names
    const formerRepos = [row.github_id, row.updated_github_id]
      .map((id) => id?.trim().toLowerCase())
      .filter((id): id is string => id !== undefined && /^[a-z0-9-]+\/[a-z0-9._-]+$/.test(id) && id !== repository);
    const url = httpUrl(row.github_url) ?? httpUrl(row.homepage);
    const stars = row.star_count ? Math.round(Number(row.star_count)) : undefined;
    const category = BEST_OF_CATEGORIES[row.category ?? ''] ?? row.category ?? '';
    const labels = (row.labels ?? '').match(/'([^']+)'/g)?.map((label) => label.slice(1, -1)) ?? [];
    const created = /^\d{4}-\d{2}-\d{2}/.exec(row.created_at ?? '')?.[0];
    const release = /^\d{4}-\d{2}-\d{2}/.exec(row.latest_stable_release_published_at ?? '')?.[0];
    records.push(
      record({
        source: 'best-of-atomistic-ml',
        recordId: row.github_id || row.name.trim(),
        // The header is line 1 and Papa gives rows in order; quoted newlines are absent in this file.
        recordUrl: lineUrl(snapshot, ORIGINAL_PATH, index + 2),
        type: 'software',
        title: row.name.trim(),
        ...(row.description?.trim() ? { description: row.description.trim() } : {}),
        ...optional('url', url),
        ...optional('githubRepo', githubRepo),
        ...(githubRepo === repository && formerRepos.length > 0
          ? { formerGithubRepos: [...new Set(formerRepos)] }
          : {}),
        ...optional('licenseRaw', row.license?.trim() || undefined),
        ...(created ? { date: created, year: Number(created.slice(0, 4)) } : {}),
        terms: ['atomistic machine learning', category, ...labels],
        facets: [category],
        ...(stars !== undefined && Number.isFinite(stars) && githubRepo !== undefined
          ? { stars: { value: stars, asOf: BEST_OF_LIST_DATE, source: 'best-of-atomistic-ml' as const } }
          : {}),
        ...optional('pypiId', row.pypi_id?.trim() || undefined),
        ...optional('condaId', row.conda_id?.trim() || undefined),
        ...(release || row.latest_stable_release_number
          ? {
              latestRelease: {
                ...optional('version', row.latest_stable_release_number?.trim() || undefined),
                ...optional('date', release),
              },
            }
          : {}),
      }),
    );
  });
  return records;
}
