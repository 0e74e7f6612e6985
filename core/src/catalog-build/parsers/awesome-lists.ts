import { arxivIdFromUrl, doiFromUrl, githubRepoFromUrl, httpUrl, yearOfArxivId } from '../identifiers.ts';
import { lineUrl, record, type RecordType, type SnapshotText, type SourceRecord } from '../record.ts';
import type { SourceId } from '../sources.ts';
import { PAPER_FACET } from '../compose.ts';
import { optional } from './biotools.ts';
import { listEntries, plainText, tableCells, type ListEntry } from './markdown-list.ts';

const README = 'README.md';

interface Identified {
  arxivId?: string;
  doi?: string;
  githubRepo?: string;
}

function paperIds(entry: ListEntry): Identified {
  const arxivId = entry.links.map((link) => arxivIdFromUrl(link.url)).find(Boolean);
  const doi = entry.links.map((link) => doiFromUrl(link.url)).find(Boolean);
  return { ...optional('arxivId', arxivId), ...optional('doi', doi) };
}

function firstGithub(entry: ListEntry): string | undefined {
  return entry.links.map((link) => githubRepoFromUrl(link.url)).find(Boolean);
}

/** A year the entry states ("2024", "2023.11", "(2024)"), else its arXiv id's year. */
function statedYear(text: string, arxivId: string | undefined): number | undefined {
  const stated = /(?:^|[\s(,|*[])((?:19[5-9]|20[0-3])\d)(?:[.)\s,|*\]/]|$)/.exec(plainText(text));
  if (stated !== null) return Number(stated[1]);
  return arxivId === undefined ? undefined : yearOfArxivId(arxivId);
}

function sectionTerms(entry: ListEntry): string[] {
  return entry.sections.filter((section) => !/^(contents|table of contents)$/i.test(section));
}

function lastSection(entry: ListEntry): string[] {
  const sections = sectionTerms(entry);
  return sections.length === 0 ? [] : [sections[sections.length - 1]!];
}

interface PaperLine {
  title: string | undefined;
  description?: string;
  venue?: string;
  facets?: string[];
}

/** A paper list's entries to paper records; `read` finds the title in one entry. */
function paperList(
  source: SourceId,
  snapshot: SnapshotText,
  read: (entry: ListEntry) => PaperLine | undefined,
): SourceRecord[] {
  const records: SourceRecord[] = [];
  for (const entry of listEntries(snapshot.files[README] ?? '')) {
    const ids = paperIds(entry);
    if (ids.arxivId === undefined && ids.doi === undefined) continue;
    const line = read(entry);
    if (line?.title === undefined || line.title.length < 8) continue;
    const year = statedYear(entry.text, ids.arxivId);
    const paperUrl = entry.links.find((link) => arxivIdFromUrl(link.url) ?? doiFromUrl(link.url))?.url;
    const githubRepo = firstGithub(entry);
    records.push(
      record({
        source,
        recordId: ids.arxivId ?? ids.doi!,
        recordUrl: lineUrl(snapshot, README, entry.line),
        type: 'paper',
        title: line.title,
        ...optional('description', line.description),
        ...optional('url', paperUrl === undefined ? undefined : httpUrl(paperUrl)),
        ...ids,
        ...optional('year', year),
        ...optional('venue', line.venue),
        ...(githubRepo === undefined ? {} : { codeRepo: githubRepo }),
        terms: sectionTerms(entry),
        facets: [...lastSection(entry), ...(line.facets ?? [])],
      }),
    );
  }
  return records;
}

const bold = (text: string) => /\*\*(.+?)\*\*/.exec(text)?.[1]?.trim();
const italic = (text: string) => /(?:^|\s)[*_]([^*_]{8,}?)[*_](?:\s|$|[,.|])/.exec(text)?.[1]?.trim();

/** Awesome LLM Scientific Discovery: `* **Title** [arXiv badge](url) - *Authors (2023.11)*`. */
export function parseLlmScientificDiscovery(snapshot: SnapshotText): SourceRecord[] {
  return paperList('llm-scientific-discovery', snapshot, (entry) => ({ title: cleanTitle(bold(entry.text)) }));
}

/** Awesome LLM in Social Science: `- **Title**, 2025.02, [[paper]](url).` */
export function parseLlmSocialScience(snapshot: SnapshotText): SourceRecord[] {
  return paperList('llm-social-science', snapshot, (entry) => ({ title: cleanTitle(bold(entry.text)) }));
}

/** MedLLMs Practical Guide: `* [**Venue, 2024/2023.10**] **Name**: Title. [paper](url) [code](url)`. */
export function parseMedLlms(snapshot: SnapshotText): SourceRecord[] {
  return paperList('medllms', snapshot, (entry) => {
    const venue = /^\s*[*-]\s*\[\*\*([^*]+?)(?:,\s*[\d./]+)?\*\*\]/.exec(entry.text)?.[1]?.trim();
    const rest = entry.text.replace(/^\s*[*-]\s*\[\*\*[^\]]*\*\*\]\s*/, '');
    const beforeLinks = rest.split(/\s\[+(?:paper|code|model|project|github|data)/i)[0] ?? '';
    return { title: cleanTitle(plainText(beforeLinks)), ...optional('venue', venue) };
  });
}

/** ML in cosmology: table rows `| *Title* | method | https://arxiv.org/abs/… |` (its only paper format). */
export function parseMlInCosmology(snapshot: SnapshotText): SourceRecord[] {
  return paperList('ml-in-cosmology', snapshot, (entry) => {
    if (!entry.table) return undefined;
    const cells = tableCells(entry.text);
    const method = cells.length >= 3 ? plainText(cells[1]!) : '';
    return { title: cleanTitle(plainText(cells[0] ?? '')), facets: method ? [method] : [] };
  });
}

/** Foundation models for weather and climate: `| Title | *venue* | year | [\[Paper\]](url) … |`. */
export function parseWeatherClimate(snapshot: SnapshotText): SourceRecord[] {
  return paperList('weather-climate-fm', snapshot, (entry) => {
    if (!entry.table) return { title: cleanTitle(bold(entry.text) ?? italic(entry.text)) };
    const cells = tableCells(entry.text);
    const venue = cells[1] ? plainText(cells[1]) : '';
    return { title: cleanTitle(plainText(cells[0] ?? '')), ...(venue ? { venue } : {}) };
  });
}

/** "Kilosort (Nature Methods 2024)" → "Kilosort": a list's note of venue and year is not the name. */
export function withoutVenueNote(title: string): string {
  const stripped = title.replace(/\s*\([^()]*\b(19|20)\d\d\b[^()]*\)\s*$/, '').trim();
  return stripped === '' ? title : stripped;
}

function cleanTitle(title: string | undefined): string | undefined {
  const cleaned = title
    ?.replace(/\s+/g, ' ')
    .replace(/[.,:;]+$/, '')
    .replace(/\.?\s+(19|20)\d\d$/, '')
    .trim();
  return cleaned === undefined || cleaned === '' || /^https?:/.test(cleaned) ? undefined : cleaned;
}

/**
 * Awesome Scientific Language Models: `- **(NAME)** _Paper title_ ```Venue```` then
 * `[[Paper](…)] [[GitHub](…)] [[Model (7B)](…)]`. Each entry is a model (software) with its paper.
 */
export function parseScientificLms(snapshot: SnapshotText): SourceRecord[] {
  const records: SourceRecord[] = [];
  for (const entry of listEntries(snapshot.files[README] ?? '')) {
    const name = /\*\*\((.+?)\)\*\*/.exec(entry.text)?.[1]?.trim();
    const paperTitle = /_(.+?)_/.exec(entry.text.replace(/\*\*\(.+?\)\*\*/, ''))?.[1]?.trim();
    if (name === undefined) continue;
    const venue = /```\s*([^`]+?)\s*```/.exec(entry.text)?.[1];
    const githubRepo = firstGithub(entry);
    const model = entry.links.find((link) => /^model/i.test(link.label))?.url;
    const ids = paperIds(entry);
    const url = httpUrl(entry.links.find((link) => githubRepoFromUrl(link.url))?.url ?? model ?? entry.links[0]?.url);
    const year = venue === undefined ? undefined : statedYear(venue, ids.arxivId);
    records.push(
      record({
        source: 'scientific-lms',
        recordId: `${name}@${entry.line}`,
        recordUrl: lineUrl(snapshot, README, entry.line),
        type: 'software',
        title: name,
        ...optional('url', url),
        ...optional('githubRepo', githubRepo),
        ...optional('year', year),
        ...optional('venue', venue),
        ...(ids.arxivId === undefined ? {} : { relatedArxivIds: [ids.arxivId] }),
        ...(ids.doi === undefined ? {} : { publicationDois: [ids.doi] }),
        terms: sectionTerms(entry),
        facets: [
          'scientific language model',
          ...lastSection(entry),
          ...(paperTitle === undefined ? [] : [`${PAPER_FACET}${paperTitle}`]),
        ],
      }),
    );
  }
  return records;
}

/** Sections of Awesome AI for Science that list agents, papers, and neither (tools). */
function aiForScienceType(entry: ListEntry, url: string, description: string | undefined): RecordType {
  const path = entry.sections.join(' / ');
  // Benchmarks and evaluations filed under agents measure agents; they are not agents.
  const benchmark = /benchmark|evaluation/i.test(entry.sections[entry.sections.length - 1] ?? '');
  if (/papers|reviews|surveys|foundational/i.test(path) || arxivIdFromUrl(url) || doiFromUrl(url)) return 'paper';
  if (benchmark || /^benchmark/i.test(description ?? '')) return 'software';
  if (/agent|autonomous research|ai scientist/i.test(path)) return 'agent';
  // A tool the list itself describes as an agent ("multi-agent", "LLM agent") is one.
  if (/\b(multi-)?agents?\b|\bagentic\b/i.test(description ?? '')) return 'agent';
  return 'software';
}

/** Awesome AI for Science: `- [Name](url) - description`, grouped by field and task. */
export function parseAiForScience(snapshot: SnapshotText): SourceRecord[] {
  const records: SourceRecord[] = [];
  for (const entry of listEntries(snapshot.files[README] ?? '')) {
    if (entry.table) continue;
    const first = /^\s*[-*+]\s+\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)\s*(?:[-–—:]\s*(.*))?$/s.exec(entry.text);
    if (first === null) continue;
    const [, label, url, rest] = first as unknown as [string, string, string, string | undefined];
    if (/^#/.test(url) || entry.sections.some((section) => /^contents$/i.test(section))) continue;
    const description = rest === undefined ? undefined : plainText(rest) || undefined;
    const type = aiForScienceType(entry, url, description);
    const githubRepo = githubRepoFromUrl(url);
    const arxivId = arxivIdFromUrl(url);
    const doi = doiFromUrl(url);
    records.push(
      record({
        source: 'ai-for-science',
        recordId: `${githubRepo ?? arxivId ?? doi ?? url}`,
        recordUrl: lineUrl(snapshot, README, entry.line),
        type,
        title: withoutVenueNote(plainText(label)),
        ...optional('description', description),
        url,
        ...(type === 'paper' ? { ...optional('arxivId', arxivId), ...optional('doi', doi) } : {}),
        ...(type !== 'paper' ? optional('githubRepo', githubRepo) : {}),
        ...(type === 'paper' ? optional('year', statedYear(entry.text, arxivId)) : {}),
        terms: sectionTerms(entry),
        facets: lastSection(entry),
      }),
    );
  }
  return records;
}
