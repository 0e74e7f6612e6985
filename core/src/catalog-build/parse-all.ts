import { parseAiForMath } from './parsers/ai-for-math.ts';
import {
  parseAiForScience,
  parseLlmScientificDiscovery,
  parseLlmSocialScience,
  parseMedLlms,
  parseMlInCosmology,
  parseScientificLms,
  parseWeatherClimate,
} from './parsers/awesome-lists.ts';
import { parseBestOfAtomistic } from './parsers/best-of-atomistic.ts';
import { parseBiotools } from './parsers/biotools.ts';
import { parseFdaDevices } from './parsers/fda-devices.ts';
import { parseHepml } from './parsers/hepml.ts';
import type { SnapshotText, SourceRecord } from './record.ts';
import type { SourceId } from './sources.ts';

export const PARSERS: Readonly<Record<SourceId, (snapshot: SnapshotText) => SourceRecord[]>> = {
  biotools: parseBiotools,
  'best-of-atomistic-ml': parseBestOfAtomistic,
  'scientific-lms': parseScientificLms,
  'ai-for-science': parseAiForScience,
  hepml: parseHepml,
  'fda-aiml-devices': parseFdaDevices,
  'ai-for-math': parseAiForMath,
  'llm-scientific-discovery': parseLlmScientificDiscovery,
  medllms: parseMedLlms,
  'llm-social-science': parseLlmSocialScience,
  'ml-in-cosmology': parseMlInCosmology,
  'weather-climate-fm': parseWeatherClimate,
};

/** A SNAPSHOT file ("key: value" lines) to the repository, commit and date it names. */
export function readSnapshotFile(text: string): { repository: string; commit: string; date: string } {
  const fields = new Map(
    text
      .split('\n')
      .map((line) => /^([a-z-]+):\s*(.*)$/.exec(line.trim()))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [match[1]!, match[2]!]),
  );
  const repository = fields.get('repository') ?? '';
  const commit = fields.get('commit') ?? '';
  const date = (fields.get('date') ?? '').slice(0, 10);
  if (
    !/^https:\/\/github\.com\/[^/]+\/[^/]+$/.test(repository) ||
    !/^[0-9a-f]{40}$/.test(commit) ||
    !/^\d{4}-\d{2}-\d{2}$/.test(date)
  ) {
    throw new Error('SNAPSHOT must name a GitHub repository, a 40-hex commit and its date');
  }
  return { repository, commit, date };
}
