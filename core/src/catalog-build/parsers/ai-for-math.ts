import { arxivIdFromUrl, doiFromUrl, githubRepoFromUrl, httpUrl, yearOfArxivId } from '../identifiers.ts';
import { record, type SnapshotText, type SourceRecord } from '../record.ts';
import { optional } from './biotools.ts';

interface MathPaper {
  title?: string;
  url?: string;
  subjects?: string[];
  venue?: string;
  year?: number;
  links?: { label?: string; url?: string }[];
}

/** awesome-ai-for-math's assets/papers.json: title, url, subjects, venue, year, links. */
export function parseAiForMath(snapshot: SnapshotText): SourceRecord[] {
  const data = JSON.parse(snapshot.files['papers.json'] ?? '{"papers":[]}') as { papers?: MathPaper[] };
  const records: SourceRecord[] = [];
  (data.papers ?? []).forEach((paper, index) => {
    const title = paper.title?.replace(/\s+/g, ' ').trim();
    if (!title || !paper.url) return;
    const urls = [paper.url, ...(paper.links ?? []).map((link) => link.url ?? '')];
    const arxivId = urls.map((url) => arxivIdFromUrl(url)).find(Boolean);
    const doi = urls.map((url) => doiFromUrl(url)).find(Boolean);
    const code = (paper.links ?? []).map((link) => githubRepoFromUrl(link.url)).find(Boolean);
    const year = Number.isInteger(paper.year) ? paper.year : arxivId ? yearOfArxivId(arxivId) : undefined;
    const subjects = (paper.subjects ?? []).filter((subject) => typeof subject === 'string');
    records.push(
      record({
        source: 'ai-for-math',
        recordId: arxivId ?? doi ?? `papers[${index}]`,
        recordUrl: `${snapshot.repository}/blob/${snapshot.commit}/assets/papers.json`,
        type: 'paper',
        title,
        ...optional('url', httpUrl(paper.url)),
        ...optional('arxivId', arxivId),
        ...optional('doi', doi),
        ...optional('year', year),
        ...optional('venue', paper.venue?.trim() || undefined),
        ...optional('codeRepo', code),
        terms: ['mathematics', ...subjects],
        facets: subjects.slice(0, 3),
      }),
    );
  });
  return records;
}
