import { BIOTOOLS_DOMAINS, mapToDomains } from '../domain-maps.ts';
import {
  finishItem,
  httpUrl,
  listField,
  normalizeDoi,
  plainText,
  textField,
  type ExternalId,
  type MappedRecord,
} from '../harvest-item.ts';

/**
 * One bio.tools entry as software: EDAM topics to domains, licence, homepage, languages,
 * credits; its publications' DOIs kept with it (metadata.publication_dois).
 */
export function mapBiotool(tool: unknown): MappedRecord {
  const id = textField(tool, 'biotoolsID');
  const ref = id ?? 'a bio.tools entry without id';
  const topics = listField(tool, 'topic')
    .map((topic) => textField(topic, 'term'))
    .filter((term): term is string => term !== undefined);
  const description = plainText(textField(tool, 'description'));
  const homepage = httpUrl(textField(tool, 'homepage'));
  const repository = listField(tool, 'link')
    .filter((link) => listField(link, 'type').includes('Repository'))
    .map((link) => httpUrl(textField(link, 'url')))
    .find((url) => url !== undefined && /^https?:\/\/github\.com\//i.test(url));
  const license = textField(tool, 'license');
  const ids: ExternalId[] = [];
  if (id) ids.push({ scheme: 'biotools', value: id.toLowerCase() });
  const github = repository
    ?.replace(/^https?:\/\/github\.com\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
  if (github && /^[^/]+\/[^/]+$/.test(github)) ids.push({ scheme: 'github', value: github });
  return finishItem(
    {
      content_type: 'software',
      title: textField(tool, 'name') ?? '',
      description,
      short_description: description,
      url: homepage,
      tags: topics,
      domains: mapToDomains(BIOTOOLS_DOMAINS, topics),
      authors: listField(tool, 'credit')
        .map((credit) => textField(credit, 'name'))
        .filter((name): name is string => name !== undefined),
      ids,
      software: {
        github_url: repository,
        license: license && license !== 'Not licensed' ? license : undefined,
        programming_languages: listField(tool, 'language').filter(
          (value): value is string => typeof value === 'string',
        ),
      },
      metadata: {
        publication_dois: listField(tool, 'publication')
          .map((publication) => normalizeDoi(textField(publication, 'doi')))
          .filter((doi): doi is string => doi !== undefined),
        tool_types: listField(tool, 'toolType'),
        edam_topics: listField(tool, 'topic')
          .map((topic) => textField(topic, 'uri'))
          .filter(Boolean),
      },
    },
    ref,
  );
}
