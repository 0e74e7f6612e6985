import { closeSync, openSync, writeSync } from 'node:fs';
import { formatCsvLine, IMPORT_COLUMNS } from '@sciai/core';

/** The seeded taxonomy's names (supabase/schemas/99_reference_data.sql). */
export const BENCH_DOMAINS = [
  ['biology', 'Biology'],
  ['chemistry', 'Chemistry'],
  ['physics', 'Physics'],
  ['medicine', 'Medicine'],
  ['materials_science', 'Materials Science'],
  ['environmental_science', 'Environmental Science'],
  ['imaging', 'Imaging'],
  ['ai_ml', 'AI/ML'],
  ['computer_science', 'Computer Science'],
  ['genomics', 'Genomics'],
  ['computational_biology', 'Computational Biology'],
  ['neuroscience', 'Neuroscience'],
  ['drug_discovery', 'Drug Discovery'],
].map(([slug, name]) => ({ slug: slug!, name: name! }));

const WORDS = [
  'protein',
  'folding',
  'molecule',
  'catalyst',
  'genome',
  'neural',
  'climate',
  'microscopy',
  'lattice',
  'enzyme',
  'sequence',
  'diffusion',
  'transformer',
  'graph',
  'spectra',
  'reaction',
  'cell',
  'tumour',
  'crystal',
  'ocean',
];
const SHARED_AUTHORS = 5_000;

/** A deterministic generator, so every run imports the same file. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

/**
 * Writes `rows` papers with 3–5 authors (each a shared name one time in five, else the paper's
 * own), 3 domains and 3 keywords each. Returns the file size in bytes.
 */
export function writePaperCsv(path: string, rows: number, abstractWords = 60): number {
  const next = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const columns = IMPORT_COLUMNS.paper.map((column) => column.name);
  const file = openSync(path, 'w');
  let bytes = 0;
  const write = (text: string) => (bytes += writeSync(file, text));
  write(`${formatCsvLine(columns)}\n`);
  let buffer: string[] = [];
  for (let index = 1; index <= rows; index += 1) {
    const words = Array.from({ length: Math.max(6, abstractWords) }, () => pick(WORDS));
    const authorCount = 3 + Math.floor(next() * 3);
    const authors = Array.from({ length: authorCount }, (_, k) =>
      next() < 0.2 ? `Shared Author ${Math.floor(next() * SHARED_AUTHORS)}` : `Author ${index}-${k + 1}`,
    );
    const domains = new Set<string>();
    while (domains.size < 3) domains.add(pick(BENCH_DOMAINS).name);
    const values: Record<string, string> = {
      title: `Synthetic import paper ${index}: ${words.slice(0, 6).join(' ')}`,
      abstract: `We study ${words.join(' ')}, with results.`,
      doi: `10.5555/bench.${index}`,
      journal_name: pick(['Nature', 'Science', 'Cell', 'PNAS', 'eLife']),
      publication_date: `20${String(10 + Math.floor(next() * 15))}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`,
      peer_reviewed: next() < 0.7 ? 'true' : 'false',
      open_access: next() < 0.5 ? 'TRUE' : 'false',
      citation_count: String(Math.floor(next() * 5_000)),
      keywords: JSON.stringify([pick(WORDS), pick(WORDS), pick(WORDS)]),
      domains: JSON.stringify([...domains]),
      authors: JSON.stringify(authors),
    };
    buffer.push(formatCsvLine(columns.map((column) => values[column] ?? '')));
    if (buffer.length === 5_000) {
      write(`${buffer.join('\n')}\n`);
      buffer = [];
    }
  }
  if (buffer.length > 0) write(`${buffer.join('\n')}\n`);
  closeSync(file);
  return bytes;
}
